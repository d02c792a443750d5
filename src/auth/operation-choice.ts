/**
 * Which operations a session (or a set of tools) takes: selectors name operations and add up,
 * filters narrow what the selectors named.
 * @module
 */

import type { Operation, OperationEffect } from '../discovery/types.js';
import { closeMatches, UnknownOperationError } from '../discovery/unknown-operation-error.js';
import { type OptionKeys, rejectUnknownOptions, UsageError } from '../errors/index.js';
import { handlesCredentials } from './credential-operations.js';
import { type ChoiceSelector, UnknownChoiceError } from './unknown-choice-error.js';

/**
 * Which operations the agent may use.
 *
 * **Selectors** name operations, and add up: an operation is chosen when any selector given names
 * it (`all`, `ids`, `categories`, `versions`, `surfaces`). **Filters** then narrow what the
 * selectors chose: an operation stays only if it passes every filter given (`effects`, `readOnly`,
 * `where`, `exclude`).
 *
 * With no selector, the filters narrow the **default choice**: every generation operation and the
 * read-only operations of the control plane. A filter alone can therefore never widen what the
 * session may do (and the scopes its token asks for): `{ readOnly: true }` is every read-only
 * operation of the default, `{ exclude: ['v6_images_text2img'] }` the default without one. To
 * start from every operation the service publishes, say `all: true`.
 *
 * Every id, category, version, surface and effect must be one the service has: an unknown one is
 * refused with an {@link UnknownOperationError} or {@link UnknownChoiceError} naming the closest.
 *
 * @example
 * // Every image and video operation, and the two wallet operations:
 * { categories: ['image', 'video'], ids: ['get_wallet_balance', 'post_wallet_fund'] }
 * // Every operation of the generation surface except the old v6 ones:
 * { surfaces: ['generation'], where: (operation) => operation.version !== 'v6' }
 * // Every read-only operation the service publishes:
 * { all: true, readOnly: true }
 */
export interface OperationChoice {
  /** Selector: every operation the service publishes (control-plane writes, money and deletions too). */
  readonly all?: boolean;
  /** Selector: these operations, by id. */
  readonly ids?: readonly string[];
  /** Selector: the operations of these categories (`image`, `video`, `audio`, ...). */
  readonly categories?: readonly string[];
  /** Selector: the operations of these API versions (`v7`, `v8`). */
  readonly versions?: readonly string[];
  /** Selector: the operations of these API surfaces (`generation`, `control-plane`). */
  readonly surfaces?: readonly string[];
  /** Filter: only operations with one of these effects. */
  readonly effects?: readonly OperationEffect[];
  /** Filter: only operations that change nothing (effect `read`). */
  readonly readOnly?: boolean;
  /** Filter: only operations for which this returns true. */
  readonly where?: (operation: Operation) => boolean;
  /** Filter: not these operations (ids), or not those for which the function returns true. */
  readonly exclude?: readonly string[] | ((operation: Operation) => boolean);
}

/** The keys of {@link OperationChoice}, with the other names people write for some of them. */
export const OPERATION_CHOICE_KEYS: OptionKeys<OperationChoice> = {
  all: ['every', 'everything'],
  ids: ['include', 'only', 'operations', 'operationIds'],
  categories: true,
  versions: true,
  surfaces: true,
  effects: true,
  readOnly: true,
  where: ['filter'],
  exclude: ['except', 'without'],
};

const EFFECTS: readonly OperationEffect[] = ['read', 'write', 'money', 'destructive'];

/** The selectors whose values name a field of the operations, and that field. */
const DESCRIBING_FIELDS: ReadonlyArray<
  readonly [Exclude<ChoiceSelector, 'effects'>, (operation: Operation) => string | undefined]
> = [
  ['categories', (operation) => operation.category],
  ['versions', (operation) => operation.version],
  ['surfaces', (operation) => operation.surface],
];

/** Whether an operation belongs to the control plane: it is called with the scoped token. */
export function isControlPlane(operation: Operation): boolean {
  return operation.credential.kind === 'token' || operation.requiredScope !== null;
}

/**
 * Whether the default choice takes `operation`: every generation operation, and the read-only
 * operations of the control plane. Writes, money and destruction on the account must be asked for,
 * and so must the operations that handle credentials (signup, login, password reset, ...), which
 * need no credential and so would otherwise pass for public.
 */
export function inDefaultChoice(operation: Operation): boolean {
  return !handlesCredentials(operation) && (!isControlPlane(operation) || operation.effect === 'read');
}

function hasSelector(choice: OperationChoice): boolean {
  return (
    choice.all === true ||
    choice.ids !== undefined ||
    choice.categories !== undefined ||
    choice.versions !== undefined ||
    choice.surfaces !== undefined
  );
}

function named(choice: OperationChoice, operation: Operation): boolean {
  // A field is read only when its selector is given: an operation of a saved description is
  // decoded at its first read beyond its id, and choosing by id should decode the chosen ones only.
  const among = (values: readonly string[] | undefined, value: () => string | undefined) => {
    if (values === undefined) return false;
    const found = value();
    return found !== undefined && values.includes(found);
  };
  return (
    choice.all === true ||
    among(choice.ids, () => operation.id) ||
    among(choice.categories, () => operation.category) ||
    among(choice.versions, () => operation.version) ||
    among(choice.surfaces, () => operation.surface)
  );
}

function passesFilters(choice: OperationChoice, operation: Operation): boolean {
  const excluded = choice.exclude;
  return (
    (choice.effects === undefined || choice.effects.includes(operation.effect)) &&
    (choice.readOnly !== true || operation.effect === 'read') &&
    (choice.where?.(operation) ?? true) &&
    !(typeof excluded === 'function' ? excluded(operation) : (excluded?.includes(operation.id) ?? false))
  );
}

/**
 * The operations `choice` takes, in the given order. `unselected` says which operations count as
 * chosen when no selector is given: the default choice for a session, everything for the tools
 * of a session (whose operations were chosen already).
 *
 * @example
 * // Every image operation, and the wallet's balance: ids and categories add up.
 * const chosen = chooseOperations(service.operations, { categories: ['images'], ids: ['get_wallet_balance'] });
 * service.minimumScopes(chosen.map((operation) => operation.id));
 */
export function chooseOperations(
  operations: readonly Operation[],
  choice: OperationChoice | undefined,
  unselected: (operation: Operation) => boolean = inDefaultChoice,
): Operation[] {
  const given = choice ?? {};
  const selecting = hasSelector(given);
  return operations.filter(
    (operation) =>
      (selecting ? named(given, operation) : unselected(operation)) && passesFilters(given, operation),
  );
}

export interface ChoiceContext {
  /** The operations whose ids, categories, versions and surfaces are valid. */
  readonly operations: readonly Operation[];
  /** Throws for an id of `ids` that cannot be chosen (an {@link UnknownOperationError}, or not offered). */
  readonly requireOperation: (id: string) => unknown;
  /** Names the choice in messages: `connect options.operations`. */
  readonly where: string;
}

function requireStrings(
  choice: OperationChoice,
  key: keyof OperationChoice,
  where: string,
): readonly string[] {
  const values: unknown = choice[key];
  if (values === undefined) return [];
  if (!Array.isArray(values) || values.some((value) => typeof value !== 'string'))
    throw new UsageError(`${where}.${key} must be an array of strings, not ${JSON.stringify(values)}.`);
  return values;
}

function requireKnown(
  selector: ChoiceSelector,
  values: readonly string[],
  known: readonly string[],
  where: string,
) {
  for (const value of values) {
    if (known.includes(value)) continue;
    throw new UnknownChoiceError({
      selector,
      value,
      where,
      known,
      suggestions: closeMatches(value, known, 3),
    });
  }
}

/**
 * Refuses a choice that cannot mean what it says: an unknown key (`include` for `ids`), a value
 * that is not a list, or an id, category, version, surface or effect that none of
 * `context.operations` has.
 */
export function checkOperationChoice(choice: OperationChoice | undefined, context: ChoiceContext): void {
  if (choice === undefined) return;
  if (typeof choice !== 'object' || choice === null || Array.isArray(choice))
    throw new UsageError(
      `${context.where} must be an object such as { ids: [...] }, not ${JSON.stringify(choice)}.`,
    );
  rejectUnknownOptions(choice, OPERATION_CHOICE_KEYS, context.where);
  for (const id of requireStrings(choice, 'ids', context.where)) context.requireOperation(id);
  if (typeof choice.exclude !== 'function') {
    // Excluding what would not be chosen anyway is harmless; excluding what does not exist is a typo.
    const ids = context.operations.map((operation) => operation.id);
    for (const id of requireStrings(choice, 'exclude', context.where))
      if (!ids.includes(id)) throw new UnknownOperationError(id, closeMatches(id, ids));
  }
  for (const [selector, field] of DESCRIBING_FIELDS) {
    const values = requireStrings(choice, selector, context.where);
    // Read from every operation only when asked (see `named`).
    if (values.length === 0) continue;
    const known = [...new Set(context.operations.map(field).filter((value) => value !== undefined))].sort();
    requireKnown(selector, values, known, context.where);
  }
  requireKnown('effects', requireStrings(choice, 'effects', context.where), EFFECTS, context.where);
}
