/**
 * Tool names for operations: readable, deterministic, unique, and within the length every model
 * family accepts, with a map both ways.
 * @module
 */

import { genericOperationIds, idWords } from './generic-operation-ids.js';
import { stableHash } from './stable-hash.js';
import { ToolNameError } from './tool-name-error.js';

/**
 * The function-name rule that OpenAI (`^[a-zA-Z0-9_-]{1,64}$`), Anthropic (`^[a-zA-Z0-9_-]{1,64}$`)
 * and Gemini (starts with a letter or underscore; letters, digits, `_ . : -`; at most 64) all
 * accept: a letter, then letters, digits and underscores, 64 characters at most.
 */
export const TOOL_NAME_PATTERN = /^[a-zA-Z][a-zA-Z0-9_]{0,63}$/;

export interface AssignToolNamesOptions {
  /**
   * Put before every name, as it is (include your own separator: `gen_`). It must start with a
   * letter and hold only letters, digits and underscores.
   * @default ''
   */
  readonly prefix?: string;
  /**
   * Longest name, prefix included. At most 64, the limit of every family.
   * @default 64
   */
  readonly maxLength?: number;
  /**
   * Names no operation may get, such as the meta-tools offered beside the typed ones
   * (`search_operations`, `resume_job`). Compared with the prefix included.
   * @default []
   */
  readonly reserved?: readonly string[];
}

/** The names of a set of operations, both ways. */
export interface ToolNames {
  /** Tool name of each operation id, in the order the operations were given. */
  readonly byOperationId: ReadonlyMap<string, string>;
  /** Operation id of each tool name. */
  readonly byToolName: ReadonlyMap<string, string>;
  /** The tool name of an operation, or undefined for an id that was not given. */
  nameOf(operationId: string): string | undefined;
  /** The operation a tool name stands for, or undefined for a name that is not one of these. */
  operationIdOf(toolName: string): string | undefined;
}

const HASH_LENGTH = 8;
// Enough for a few readable characters, an underscore and the hash.
const MIN_BUDGET = 3 + 1 + HASH_LENGTH;
const MIN_SEGMENT = 4;

/**
 * Names for `operations` (or their ids): the id's words in lower case joined by `_`
 * (`v7_images_text_to_image`, `fetch3DResponse` -> `fetch_3d_response`), prefixed. An id that
 * says nothing about what it acts on (another id ends with the same words: `restart_server` beside
 * `v1_enterprise_3d_restart_server`) is qualified by its operation's surface
 * (`modelslab_3d_restart_server`). A name too long for the budget, or one that two ids would
 * share, is shortened readably and ends in a hash of the id (`post_teams_invit_accept_k3j9x0ab`),
 * so two ids never collide. The same operations always give the same names.
 *
 * @throws {ToolNameError} when the prefix is not a valid name start, leaves fewer than 12
 * characters of `maxLength`, or two operations share an id.
 */
export function assignToolNames(
  operations: readonly (string | { readonly id: string; readonly surface?: string })[],
  options: AssignToolNamesOptions = {},
): ToolNames {
  const prefix = options.prefix ?? '';
  const maxLength = options.maxLength ?? 64;
  if (!Number.isInteger(maxLength) || maxLength < 1 || maxLength > 64)
    throw new ToolNameError(
      `maxLength must be an integer from 1 to 64 (the limit of every model family), got ${maxLength}.`,
    );
  if (prefix !== '' && !/^[a-zA-Z][a-zA-Z0-9_]*$/.test(prefix))
    throw new ToolNameError(
      `The prefix '${prefix}' cannot start a tool name: use a letter, then letters, digits or underscores.`,
    );
  const budget = maxLength - prefix.length;
  if (budget < MIN_BUDGET)
    throw new ToolNameError(
      `The prefix '${prefix}' (${prefix.length} characters) leaves ${Math.max(budget, 0)} of ${maxLength} characters for the operation; at least ${MIN_BUDGET} are needed. Use a shorter prefix or a larger maxLength.`,
    );

  const ids = operations.map((operation) => (typeof operation === 'string' ? operation : operation.id));
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw new ToolNameError(`The operation id '${id}' is given twice; ids must be unique.`);
    seen.add(id);
  }

  const reserved = new Set(options.reserved ?? []);
  const generic = genericOperationIds(ids.map((id) => ({ id })));
  const surfaceOf = (index: number) => {
    const operation = operations[index];
    return typeof operation === 'object' ? operation.surface : undefined;
  };
  const bases = new Map(
    ids.map((id, index) => {
      const surface = surfaceOf(index);
      return [id, readableBase(generic.has(id) && surface ? `${surface}_${id}` : id)];
    }),
  );
  const shareBase = new Map<string, number>();
  for (const base of bases.values()) shareBase.set(base, (shareBase.get(base) ?? 0) + 1);

  const byOperationId = new Map<string, string>();
  const taken = new Set(reserved);
  // Plain names first, so that a hashed name can never take one of them.
  const plain = ids.filter((id) => {
    const base = bases.get(id) as string;
    return base.length <= budget && shareBase.get(base) === 1 && !reserved.has(prefix + base);
  });
  for (const id of plain) {
    const name = prefix + (bases.get(id) as string);
    byOperationId.set(id, name);
    taken.add(name);
  }
  for (const id of ids) {
    if (byOperationId.has(id)) continue;
    let name = prefix + shortened(bases.get(id) as string, budget, stableHash(id, HASH_LENGTH));
    // A clash of two hashes is all but impossible; should it happen, hash again, deterministically.
    for (let attempt = 1; taken.has(name); attempt += 1)
      name = prefix + shortened(bases.get(id) as string, budget, stableHash(`${id}#${attempt}`, HASH_LENGTH));
    byOperationId.set(id, name);
    taken.add(name);
  }

  const ordered = new Map(ids.map((id) => [id, byOperationId.get(id) as string]));
  const byToolName = new Map([...ordered].map(([id, name]) => [name, id]));
  return {
    byOperationId: ordered,
    byToolName,
    nameOf: (operationId) => ordered.get(operationId),
    operationIdOf: (toolName) => byToolName.get(toolName),
  };
}

/**
 * `getWalletBalance` -> `get_wallet_balance`, `v7/images:text-to-image` -> `v7_images_text_to_image`,
 * `fetch3DResponse` -> `fetch_3d_response`.
 */
export function readableBase(id: string): string {
  const base = idWords(id).join('_');
  if (base === '') return 'op';
  return /^[a-z]/.test(base) ? base : `op_${base}`;
}

/**
 * `base` cut to fit `budget` with `_<hash>` at the end: the longest words lose letters first (down
 * to four), then middle words go, so the start (version, verb) and the end (object) stay readable.
 */
function shortened(base: string, budget: number, hash: string): string {
  const room = budget - hash.length - 1;
  const words = base.split('_').filter(Boolean);
  const length = () => words.join('_').length;
  while (length() > room) {
    let longest = -1;
    for (let index = 0; index < words.length; index += 1)
      if (
        (words[index] as string).length > MIN_SEGMENT &&
        (longest === -1 || (words[index] as string).length > (words[longest] as string).length)
      )
        longest = index;
    if (longest === -1) break;
    words[longest] = (words[longest] as string).slice(0, -1);
  }
  while (length() > room && words.length > 2) words.splice(Math.floor(words.length / 2), 1);
  const readable = words.join('_').slice(0, room).replace(/_+$/, '');
  return `${readable}_${hash}`;
}
