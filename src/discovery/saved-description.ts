/**
 * The compact saved form of a service description (issue 25, cold start): what a function that
 * starts per request reads instead of discovering. Each distinct schema is stored once, as JSON
 * text, and decoded only when an operation's schema is first read (a tool built, a call checked),
 * so loading parses a fraction of the bytes; fields an operation can rebuild from others (its
 * origin, URL and cross-origin flag) are left out when rebuilding gives them back unchanged.
 * @module
 */
import { UsageError } from '../errors/index.js';
import type { JsonSchema, Operation, OperationInput } from './types.js';

/** Format of {@link SavedServiceDescription}: what `save()` writes. */
export const SAVED_FORMAT = 2;

/**
 * One operation as saved: its schemas are indexes into the saved description's `schemas`;
 * `origin`, `url` and `crossOrigin` are present only when they differ from what the description's
 * origin and the path give.
 */
export type SavedOperation = Omit<Operation, 'input' | 'outputSchema' | 'origin' | 'url' | 'crossOrigin'> & {
  readonly input: Omit<OperationInput, 'schema'> & { readonly schema: number };
  readonly outputSchema?: number;
  readonly origin?: string;
  readonly url?: string;
  readonly crossOrigin?: boolean;
};

/** The parts of a saved description that differ from the description's own data. */
export interface SavedOperations {
  readonly operations: readonly SavedOperation[];
  /** Each distinct schema once, as JSON text: decoded when an operation first reads it. */
  readonly schemas: readonly string[];
}

/** The operations in their saved form, with the table of distinct schemas they point into. */
export function encodeOperations(operations: readonly Operation[], origin: string): SavedOperations {
  const schemas: string[] = [];
  const indexOf = new Map<string, number>();
  const schemaIndex = (schema: JsonSchema): number => {
    const text = JSON.stringify(schema);
    let index = indexOf.get(text);
    if (index === undefined) {
      index = schemas.push(text) - 1;
      indexOf.set(text, index);
    }
    return index;
  };
  const saved = operations.map((operation): SavedOperation => {
    const { input, outputSchema, origin: own, url, crossOrigin, ...rest } = operation;
    return {
      ...rest,
      input: { ...input, schema: schemaIndex(input.schema) },
      ...(outputSchema === undefined ? {} : { outputSchema: schemaIndex(outputSchema) }),
      ...(own === origin ? {} : { origin: own }),
      ...(url === own + operation.path ? {} : { url }),
      ...(crossOrigin === (own !== origin) ? {} : { crossOrigin }),
    };
  });
  return { operations: saved, schemas };
}

function damaged(what: string): UsageError {
  return new UsageError(
    `This saved service description is damaged (${what}): save it again with description.save() from a fresh discover().`,
  );
}

/**
 * Defines `key` on `target` as the schema at `index`, decoded on first read and then kept as a
 * plain value (so a later read, a spread or `JSON.stringify` sees ordinary data).
 */
function defineLazySchema(target: object, key: string, texts: readonly string[], index: number): void {
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get() {
      let value: JsonSchema;
      try {
        value = JSON.parse(texts[index] as string) as JsonSchema;
      } catch {
        throw damaged(`schema ${index} is not JSON`);
      }
      Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: false });
      return value;
    },
  });
}

/** The operations a saved description holds; its schemas are decoded lazily, per operation. */
export function decodeOperations(saved: Partial<SavedOperations>, origin: string): Operation[] {
  const { operations, schemas } = saved;
  if (
    !Array.isArray(operations) ||
    !Array.isArray(schemas) ||
    !schemas.every((text) => typeof text === 'string')
  )
    throw damaged('operations or schemas missing');
  const checkIndex = (index: unknown, id: string): number => {
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= schemas.length)
      throw damaged(`operation ${id} names no saved schema`);
    return index;
  };
  return operations.map((entry: SavedOperation) => {
    if (typeof entry?.id !== 'string' || typeof entry.path !== 'string' || typeof entry.input !== 'object')
      throw damaged('an operation has no id, path or input');
    const { input, outputSchema, origin: own = origin, url, crossOrigin, ...rest } = entry;
    const { schema, ...placement } = input;
    const decodedInput = { ...placement } as OperationInput;
    defineLazySchema(decodedInput, 'schema', schemas, checkIndex(schema, entry.id));
    const operation = {
      ...rest,
      origin: own,
      url: url ?? own + entry.path,
      crossOrigin: crossOrigin ?? own !== origin,
      input: decodedInput,
    } as Operation;
    if (outputSchema !== undefined)
      defineLazySchema(operation, 'outputSchema', schemas, checkIndex(outputSchema, entry.id));
    return operation;
  });
}

/**
 * The selected operations and the fetch operations their queued results need (an asynchronous
 * operation saved without its fetch could submit a job but never read the result).
 */
export function withFetchOperations(
  selected: readonly Operation[],
  byId: (id: string) => Operation | undefined,
): Set<string> {
  const ids = new Set(selected.map((operation) => operation.id));
  for (const operation of selected) {
    const fetchId = operation.async?.fetchOperationId;
    if (fetchId && byId(fetchId)) ids.add(fetchId);
  }
  return ids;
}
