import { Ajv2020 } from 'ajv/dist/2020.js';
import {
  type OpenApiSurfaceReading,
  type ReadOpenApiSurfaceOptions,
  readOpenApiSurface,
} from '../../../src/discovery/openapi/index.js';
import type { Operation } from '../../../src/discovery/types.js';

export type Json = Record<string, unknown>;

export const DOCUMENT_URL = 'https://docs.example.test/specs/openapi.json';
export const SERVICE_ORIGIN = 'https://docs.example.test';

/** Reads `document` as the surface `test` of https://docs.example.test. */
export function read(
  document: unknown,
  options: Partial<Omit<ReadOpenApiSurfaceOptions, 'document'>> = {},
): Promise<OpenApiSurfaceReading> {
  return readOpenApiSurface({
    document,
    documentUrl: DOCUMENT_URL,
    surfaceId: 'test',
    serviceOrigin: SERVICE_ORIGIN,
    ...options,
  });
}

/** A small OpenAPI 3.1 document around `paths`. */
export function documentWith(paths: Json, extra: Json = {}): Json {
  return {
    openapi: '3.1.0',
    info: { title: 'Test API', version: '1.0.0' },
    servers: [{ url: 'https://api.example.test/api/v1' }],
    paths,
    ...extra,
  };
}

/** A POST operation whose JSON body is `schema`. */
export function postWithBody(schema: Json, extra: Json = {}): Json {
  return {
    requestBody: { required: true, content: { 'application/json': { schema } } },
    responses: { '200': { description: 'ok' } },
    ...extra,
  };
}

const ajv = new Ajv2020({ strict: false, logger: false });

/** Compiles `schema` with Ajv (JSON Schema 2020-12); returns the validator or throws what Ajv said. */
export function compile(schema: unknown) {
  return ajv.compile(schema as Json);
}

/** The operation with `id`, or a failed expectation naming the ids there are. */
export function operation(reading: OpenApiSurfaceReading, id: string): Operation {
  const found = reading.operations.find((candidate) => candidate.id === id);
  if (!found)
    throw new Error(`no operation ${id}; there are ${reading.operations.map((o) => o.id).join(', ')}`);
  return found;
}

export function warningCodes(reading: OpenApiSurfaceReading): string[] {
  return reading.warnings.map((warning) => warning.code);
}

/** Every operation object of a raw document, counted the way the reader counts them. */
export function countOperations(document: Json): number {
  const methods = new Set(['get', 'put', 'post', 'delete', 'patch']);
  return Object.values(document.paths as Record<string, Json>).reduce(
    (count, item) => count + Object.keys(item).filter((key) => methods.has(key)).length,
    0,
  );
}

export function propertiesOf(operationInput: Operation['input']): Record<string, Json> {
  return (operationInput.schema.properties ?? {}) as Record<string, Json>;
}
