/**
 * The compact saved form of a service description (issue 25, cold start): what a function that
 * starts per request reads instead of discovering. Each operation is kept as JSON text beside its
 * id and decoded at its first use, each distinct schema is stored once, as JSON text, and decoded
 * only when an operation's schema is first read (a tool built, a call checked): loading parses the
 * ids and the description's small parts, not the operations. Fields an operation can rebuild from
 * others (its origin, URL and cross-origin flag) are left out when rebuilding gives them back.
 * @module
 */
import { lazyOperation } from './lazy-operation.js';
import { damagedDescription as damaged } from './saved-format.js';
import type { JsonSchema, Operation, OperationInput } from './types.js';

/**
 * One operation as saved, the JSON text of which a saved description keeps beside its id: its
 * schemas are indexes into the saved description's `schemas`; `origin`, `url` and `crossOrigin`
 * are present only when they differ from what the description's origin and the path give.
 */
export type SavedOperation = Omit<
  Operation,
  'id' | 'input' | 'outputSchema' | 'origin' | 'url' | 'crossOrigin'
> & {
  readonly input: Omit<OperationInput, 'schema'> & { readonly schema: number };
  readonly outputSchema?: number;
  readonly origin?: string;
  readonly url?: string;
  readonly crossOrigin?: boolean;
};

/** The parts of a saved description that differ from the description's own data. */
export interface SavedOperations {
  /**
   * Each operation as its id and the JSON text of its {@link SavedOperation}, in the description's
   * order: loading reads the ids, and an operation's text is decoded when it is first used.
   */
  readonly operations: readonly (readonly [id: string, saved: string])[];
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
  const saved = operations.map((operation): [string, string] => {
    const { id, input, outputSchema, origin: own, url, crossOrigin, ...rest } = operation;
    const entry: SavedOperation = {
      ...rest,
      input: { ...input, schema: schemaIndex(input.schema) },
      ...(outputSchema === undefined ? {} : { outputSchema: schemaIndex(outputSchema) }),
      ...(own === origin ? {} : { origin: own }),
      ...(url === own + operation.path ? {} : { url }),
      ...(crossOrigin === (own !== origin) ? {} : { crossOrigin }),
    };
    return [id, JSON.stringify(entry)];
  });
  return { operations: saved, schemas };
}

/**
 * The saved schemas of one description, each decoded at its first read and then shared by every
 * operation that points at it: a schema many operations use is parsed once, not once per operation.
 */
class SavedSchemas {
  readonly #texts: readonly string[];
  readonly #decoded: (JsonSchema | undefined)[] = [];

  constructor(texts: readonly string[]) {
    this.#texts = texts;
  }

  get count(): number {
    return this.#texts.length;
  }

  at(index: number): JsonSchema {
    const known = this.#decoded[index];
    if (known !== undefined) return known;
    let value: JsonSchema;
    try {
      value = JSON.parse(this.#texts[index] as string) as JsonSchema;
    } catch {
      throw damaged(`schema ${index} is not JSON`);
    }
    this.#decoded[index] = value;
    return value;
  }
}

/**
 * Defines `key` on `target` as the schema at `index`, decoded on first read and then kept as a
 * plain value on the object read (so a later read, a spread or `JSON.stringify` sees ordinary data).
 */
function defineLazySchema(target: object, key: string, schemas: SavedSchemas, index: number): void {
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get(this: object) {
      const value = schemas.at(index);
      Object.defineProperty(this, key, { value, enumerable: true, configurable: true, writable: false });
      return value;
    },
  });
}

/** One saved operation as the description's data, its schemas decoded at their first read. */
function decodeOperation(
  id: string,
  entry: Partial<SavedOperation> | null,
  schemas: SavedSchemas,
  origin: string,
): Operation {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    throw damaged(`operation ${id} is not an object`);
  if (typeof entry.path !== 'string' || typeof entry.input !== 'object' || entry.input === null)
    throw damaged(`operation ${id} has no path or input`);
  const checkIndex = (index: unknown): number => {
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= schemas.count)
      throw damaged(`operation ${id} names no saved schema`);
    return index;
  };
  const { input, outputSchema, origin: own = origin, url, crossOrigin, ...rest } = entry;
  // Field by field, in the saved order (so that saving again writes the same text).
  const decodedInput = {} as OperationInput;
  for (const [key, value] of Object.entries(input)) {
    if (key === 'schema') defineLazySchema(decodedInput, key, schemas, checkIndex(value));
    else
      Object.defineProperty(decodedInput, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  if (!('schema' in decodedInput)) throw damaged(`operation ${id} names no saved schema`);
  const operation = {
    id,
    ...rest,
    origin: own,
    url: url ?? own + entry.path,
    crossOrigin: crossOrigin ?? own !== origin,
    input: decodedInput,
  } as Operation;
  if (outputSchema !== undefined)
    defineLazySchema(operation, 'outputSchema', schemas, checkIndex(outputSchema));
  return operation;
}

/** A saved operation: its id now, its text decoded at its first use. */
function lazyEntry(item: unknown, schemas: SavedSchemas, origin: string): Operation {
  if (!Array.isArray(item) || typeof item[0] !== 'string' || typeof item[1] !== 'string')
    throw damaged('an operation is not its id and its text');
  const [id, text] = item as [string, string];
  return lazyOperation(id, () => {
    let entry: Partial<SavedOperation> | null;
    try {
      entry = JSON.parse(text) as Partial<SavedOperation> | null;
    } catch {
      throw damaged(`operation ${id} is not JSON`);
    }
    return decodeOperation(id, entry, schemas, origin);
  });
}

/**
 * The operations of a saved description: only their ids are read now; each one's text is decoded
 * at its first use, and a damaged one throws a {@link UsageError} there. Each schema is decoded at
 * the first read of any operation's that points at it, once.
 */
export function decodeOperations(
  saved: { operations?: unknown; schemas?: unknown },
  origin: string,
): Operation[] {
  const { operations, schemas } = saved;
  if (
    !Array.isArray(operations) ||
    !Array.isArray(schemas) ||
    !schemas.every((text) => typeof text === 'string')
  )
    throw damaged('operations or schemas missing');
  const table = new SavedSchemas(schemas);
  return operations.map((item: unknown) => lazyEntry(item, table, origin));
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
