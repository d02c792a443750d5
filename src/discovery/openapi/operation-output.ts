/**
 * The successful answers of an operation: the schema to offer as its output, and the raw schemas
 * inspected for asynchronous behaviour.
 * @module
 */

import { appendPointer } from './json-pointer.js';
import { isPlainObject } from './plain-object.js';

/** One JSON schema of a 2xx answer. */
export interface SuccessSchema {
  readonly status: string;
  readonly schema: unknown;
  /** JSON Pointer of the schema. */
  readonly at: string;
}

const PREFERRED_STATUSES = ['200', '201', '202'];
const isJson = (mediaType: string) =>
  /^application\/(?:[\w.+-]+\+)?json\b/i.test(mediaType.trim()) || mediaType.trim() === '*/*';

/** The 2xx responses of an operation (`200`, `201`, `202` first, then the other 2xx in document order). */
export function successResponses(
  operation: Record<string, unknown>,
  operationAt: string,
): { status: string; response: Record<string, unknown>; at: string }[] {
  const responses = isPlainObject(operation.responses) ? operation.responses : {};
  const statuses = Object.keys(responses).filter((status) => /^2(?:\d\d|XX)$/i.test(status));
  statuses.sort((a, b) => rank(a) - rank(b));
  return statuses.flatMap((status) => {
    const response = responses[status];
    return isPlainObject(response)
      ? [{ status, response, at: appendPointer(operationAt, 'responses', status) }]
      : [];
  });
}

function rank(status: string): number {
  const preferred = PREFERRED_STATUSES.indexOf(status);
  return preferred === -1 ? PREFERRED_STATUSES.length : preferred;
}

/** Every JSON schema of every 2xx answer, in order of preference. */
export function successSchemas(operation: Record<string, unknown>, operationAt: string): SuccessSchema[] {
  return successResponses(operation, operationAt).flatMap(({ status, response, at }) => {
    if (!isPlainObject(response.content)) return [];
    return Object.entries(response.content).flatMap(([mediaType, media]) =>
      isJson(mediaType) && isPlainObject(media) && media.schema !== undefined
        ? [{ status, schema: media.schema, at: appendPointer(at, 'content', mediaType, 'schema') }]
        : [],
    );
  });
}
