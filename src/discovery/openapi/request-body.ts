/**
 * Which of an operation's request bodies a caller fills in.
 * @module
 */

import { appendPointer } from './json-pointer.js';
import { isPlainObject } from './plain-object.js';

/** The request body chosen for an operation. */
export interface RequestBodyChoice {
  readonly contentType: string;
  readonly schema: unknown;
  /** The body must be sent. */
  readonly required: boolean;
  readonly description?: string;
  /** JSON Pointer of the schema, for warnings. */
  readonly schemaAt: string;
}

const isJson = (mediaType: string) => /^application\/(?:[\w.+-]+\+)?json\b/i.test(mediaType.trim());
const isForm = (mediaType: string) =>
  /^(?:application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(mediaType.trim());

/**
 * The body to offer: JSON first, then a form (whose fields are read the same way), then the first
 * media type whose schema is an object, then the first media type at all.
 */
export function chooseRequestBody(requestBody: unknown, at: string): RequestBodyChoice | undefined {
  if (!isPlainObject(requestBody) || !isPlainObject(requestBody.content)) return undefined;
  const entries = Object.entries(requestBody.content).filter(([, media]) => isPlainObject(media)) as [
    string,
    Record<string, unknown>,
  ][];
  const chosen =
    entries.find(([mediaType]) => isJson(mediaType)) ??
    entries.find(([mediaType]) => isForm(mediaType)) ??
    entries.find(([, media]) => isObjectSchema(media.schema)) ??
    entries[0];
  if (chosen === undefined) return undefined;
  const [contentType, media] = chosen;
  return {
    contentType,
    schema: media.schema ?? {},
    required: requestBody.required === true,
    ...(typeof requestBody.description === 'string' ? { description: requestBody.description } : {}),
    schemaAt: appendPointer(at, 'requestBody', 'content', contentType, 'schema'),
  };
}

/** A schema that describes a JSON object by its type or its properties. */
export function isObjectSchema(schema: unknown): boolean {
  if (!isPlainObject(schema)) return false;
  const type = schema.type;
  return (
    type === 'object' ||
    (Array.isArray(type) && type.includes('object')) ||
    (type === undefined && isPlainObject(schema.properties))
  );
}
