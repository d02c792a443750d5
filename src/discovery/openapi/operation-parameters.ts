/**
 * The parameters of an operation: the path item's and the operation's merged, checked against the
 * path template, and sorted into what a caller supplies and what is transport or credential.
 * @module
 */

import { appendPointer } from './json-pointer.js';
import { isPlainObject } from './plain-object.js';
import type { WarningCollector } from './warning-collector.js';

/** A parameter a caller supplies. */
export interface InputParameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly required: boolean;
  readonly schema: unknown;
  readonly description?: string;
  readonly deprecated: boolean;
  /** JSON Pointer of the parameter's schema, for warnings. */
  readonly schemaAt: string;
}

/** The parameters of one operation, sorted. */
export interface OperationParameters {
  readonly inputs: InputParameter[];
  /** An `Idempotency-Key` header is declared. */
  readonly idempotencyKey: boolean;
}

// Headers the HTTP core sets itself: credentials, content negotiation, replay protection.
const TRANSPORT_HEADERS = new Set(['authorization', 'content-type', 'accept', 'idempotency-key']);

/**
 * Sorts the parameters of an operation. `credentialParameters` are the `in:name` pairs of the
 * document's apiKey security schemes (`header:x-api-key`): those carry the key and are never input.
 */
export function readOperationParameters(input: {
  readonly pathItem: Record<string, unknown>;
  readonly operation: Record<string, unknown>;
  readonly pathItemAt: string;
  readonly operationAt: string;
  readonly documentPath: string;
  readonly credentialParameters: ReadonlySet<string>;
  readonly warnings: WarningCollector;
}): OperationParameters {
  const { warnings } = input;
  const merged = new Map<string, { parameter: Record<string, unknown>; at: string }>();
  for (const [list, at] of [
    [input.pathItem.parameters, appendPointer(input.pathItemAt, 'parameters')],
    [input.operation.parameters, appendPointer(input.operationAt, 'parameters')],
  ] as const) {
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      warnings.warn({ code: 'invalid-parameter', at, message: 'parameters is not a list; it is ignored.' });
      continue;
    }
    for (const [index, parameter] of list.entries()) {
      const here = appendPointer(at, index);
      if (
        !isPlainObject(parameter) ||
        typeof parameter.name !== 'string' ||
        typeof parameter.in !== 'string'
      ) {
        warnings.warn({
          code: 'invalid-parameter',
          at: here,
          message: 'The parameter has no name or location; it is skipped.',
        });
        continue;
      }
      const location = parameter.in.toLowerCase();
      // Header names are case-insensitive; an operation's parameter overrides the path item's.
      const key = `${location}:${location === 'header' ? parameter.name.toLowerCase() : parameter.name}`;
      merged.delete(key);
      merged.set(key, { parameter, at: here });
    }
  }

  const templateNames = [...input.documentPath.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
  const inputs: InputParameter[] = [];
  let idempotencyKey = false;
  for (const [key, { parameter, at }] of merged) {
    const name = parameter.name as string;
    const location = (parameter.in as string).toLowerCase();
    if (location === 'header' && name.toLowerCase() === 'idempotency-key') idempotencyKey = true;
    if (input.credentialParameters.has(key)) continue;
    if (location === 'header' && TRANSPORT_HEADERS.has(name.toLowerCase())) continue;
    if (location !== 'path' && location !== 'query' && location !== 'header') {
      warnings.warn({
        code: 'unsupported-parameter',
        at,
        message: `Parameters in ${location} are not supported; "${name}" is not offered to callers.`,
      });
      continue;
    }
    if (location === 'path' && !templateNames.includes(name)) {
      warnings.warn({
        code: 'unused-path-parameter',
        at,
        message: `Path parameter "${name}" does not appear in the path ${input.documentPath}; it is ignored.`,
      });
      continue;
    }
    const schemaSource = parameterSchema(parameter, at);
    inputs.push({
      name,
      in: location,
      // Path parameters are required whatever the document says: the URL cannot be built without them.
      required: location === 'path' || parameter.required === true,
      schema: schemaSource.schema,
      ...(typeof parameter.description === 'string' ? { description: parameter.description } : {}),
      deprecated: parameter.deprecated === true,
      schemaAt: schemaSource.at,
    });
  }
  for (const name of templateNames) {
    if (inputs.some((parameter) => parameter.in === 'path' && parameter.name === name)) continue;
    warnings.warn({
      code: 'undeclared-path-parameter',
      at: input.operationAt,
      message: `The path ${input.documentPath} has {${name}} but no parameter declares it; it is read as a required string.`,
    });
    inputs.push({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
      deprecated: false,
      schemaAt: input.operationAt,
    });
  }
  return { inputs, idempotencyKey };
}

/** `schema`, or the schema of the first `content` entry (the other way OpenAPI describes a parameter). */
function parameterSchema(parameter: Record<string, unknown>, at: string): { schema: unknown; at: string } {
  if (parameter.schema !== undefined) return { schema: parameter.schema, at: appendPointer(at, 'schema') };
  if (isPlainObject(parameter.content)) {
    for (const [mediaType, media] of Object.entries(parameter.content)) {
      if (isPlainObject(media) && media.schema !== undefined) {
        return { schema: media.schema, at: appendPointer(at, 'content', mediaType, 'schema') };
      }
    }
  }
  return { schema: {}, at };
}
