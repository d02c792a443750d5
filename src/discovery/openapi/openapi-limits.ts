/**
 * How much of an untrusted OpenAPI document discovery is willing to read.
 * @module
 */

/** Size caps for one OpenAPI document. Every field is optional where it is accepted. */
export interface OpenApiLimits {
  /**
   * Most JSON values (objects, arrays and scalars together) in the document; over it the document
   * is refused.
   * @default 500_000
   */
  readonly maxDocumentNodes: number;
  /**
   * Deepest nesting of objects and arrays in the document; deeper and it is refused.
   * @default 100
   */
  readonly maxDocumentDepth: number;
  /**
   * Most operations in the document; more and it is refused.
   * @default 2_000
   */
  readonly maxOperations: number;
  /**
   * Deepest nesting of subschemas in one operation's input or output schema. Deeper parts are cut
   * (replaced by `{}`) with a warning.
   * @default 32
   */
  readonly maxSchemaDepth: number;
  /**
   * Most JSON values in the schemas of one operation (input and output together, `$ref`s expanded).
   * Past it the remaining parts are cut (replaced by `{}`) with a warning.
   * @default 20_000
   */
  readonly maxSchemaNodes: number;
  /**
   * Most subschemas in one operation's input schema (`$ref`s expanded), within `maxSchemaNodes`.
   * The input is compiled into a validator at the operation's first call, whose time and memory
   * grow faster than the schema; past it the remaining parts are cut (replaced by `{}`) with a
   * warning. The largest inputs of the service's own documents hold about 30.
   * @default 1_000
   */
  readonly maxInputSchemaNodes: number;
  /**
   * Longest time spent resolving the document's `$ref`s before it is refused.
   * @default 5_000
   */
  readonly dereferenceTimeoutMs: number;
}

/** The limits used when the caller sets none. */
export const DEFAULT_OPENAPI_LIMITS: OpenApiLimits = {
  maxDocumentNodes: 500_000,
  maxDocumentDepth: 100,
  maxOperations: 2_000,
  maxSchemaDepth: 32,
  maxSchemaNodes: 20_000,
  maxInputSchemaNodes: 1_000,
  dereferenceTimeoutMs: 5_000,
};

/** The caller's limits over the defaults; a value that is not a positive number keeps its default. */
export function resolveOpenApiLimits(limits: Partial<OpenApiLimits> | undefined): OpenApiLimits {
  return limitsOver(DEFAULT_OPENAPI_LIMITS, limits);
}

/** `overrides` over `defaults`, field by field; a value that is not a positive number keeps its default. */
export function limitsOver<Limits extends object>(
  defaults: Limits,
  overrides: Partial<Limits> | undefined,
): Limits {
  const resolved: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  for (const [name, value] of Object.entries(overrides ?? {})) {
    if (name in defaults && typeof value === 'number' && value > 0) resolved[name] = value;
  }
  return resolved as unknown as Limits;
}
