/**
 * The auto mode's choice: which operations get typed tools so that the tool definitions fit a
 * token budget, the rest being reached through the dynamic tools.
 * @module
 */

import type { Operation } from '../discovery/types.js';
import {
  DEFAULT_OPERATION_PRIORITY,
  type OperationComparator,
  sortByPriority,
} from './operation-priority.js';

export interface SelectWithinBudgetOptions {
  readonly operations: readonly Operation[];
  /** Tokens the tool definitions may cost in all. */
  readonly budget: number;
  /** Tokens of an operation's typed tool definition (see `toolFootprint`). */
  readonly toolTokens: (operation: Operation) => number;
  /** Tokens of the dynamic tools, spent only when some operations are left to them. */
  readonly dynamicTokens: number;
  /**
   * Which operations deserve a typed tool first; the first comparator that tells two apart decides.
   * @default DEFAULT_OPERATION_PRIORITY (generation first, fetches last, read before write, newer
   * version first, non-deprecated first)
   */
  readonly priority?: readonly OperationComparator[];
  /**
   * Most tools the model family takes in one request (see `TOOL_COUNT_LIMITS`), the typed and
   * the dynamic ones together: past it, operations go to the dynamic tools even when their tokens fit.
   * @default no limit
   */
  readonly maxTools?: number;
  /** How many dynamic tools reach the operations left out. @default 3 */
  readonly dynamicToolCount?: number;
  /**
   * Operations that get a typed tool whatever the budget (those the caller named by id): counted
   * first, the others filling what is left.
   * @default none
   */
  readonly pinned?: ReadonlySet<string>;
}

export interface BudgetSelection {
  /** Operations with a typed tool, in the order given. */
  readonly typed: readonly Operation[];
  /** Operations reached through the dynamic tools, in the order given. */
  readonly dynamic: readonly Operation[];
  /** Tokens of the typed tools. */
  readonly typedTokens: number;
  /** Tokens of the dynamic tools: 0 when every operation is typed. */
  readonly dynamicTokens: number;
  /** False only when the dynamic tools alone are over the budget (they are offered all the same). */
  readonly fits: boolean;
}

/**
 * Chooses the typed operations: all of them when they fit (in tokens and in number); otherwise,
 * with the dynamic tools' cost set aside, the pinned operations whatever they cost, then the
 * operations in priority order that still fit (one that
 * does not fit is skipped and a smaller one after it may still be taken), no more than `maxTools`
 * less the dynamic tools. Pure and deterministic.
 */
export function selectWithinBudget(options: SelectWithinBudgetOptions): BudgetSelection {
  const { operations, budget } = options;
  const cost = new Map(
    operations.map((operation) => [operation, Math.max(0, options.toolTokens(operation))]),
  );
  const total = [...cost.values()].reduce((sum, tokens) => sum + tokens, 0);
  const maxTools = options.maxTools ?? Number.POSITIVE_INFINITY;
  if (total <= budget && operations.length <= maxTools)
    return { typed: [...operations], dynamic: [], typedTokens: total, dynamicTokens: 0, fits: true };
  const maxTyped = maxTools - (options.dynamicToolCount ?? 3);

  let room = budget - options.dynamicTokens;
  const chosen = new Set<Operation>();
  for (const operation of operations) {
    if (!options.pinned?.has(operation.id)) continue;
    chosen.add(operation);
    room -= cost.get(operation) as number;
  }
  for (const operation of sortByPriority(operations, options.priority ?? DEFAULT_OPERATION_PRIORITY)) {
    if (chosen.has(operation)) continue;
    if (chosen.size >= maxTyped) break;
    const tokens = cost.get(operation) as number;
    if (tokens > room) continue;
    chosen.add(operation);
    room -= tokens;
  }
  const typed = operations.filter((operation) => chosen.has(operation));
  const typedTokens = typed.reduce((sum, operation) => sum + (cost.get(operation) as number), 0);
  return {
    typed,
    dynamic: operations.filter((operation) => !chosen.has(operation)),
    typedTokens,
    dynamicTokens: options.dynamicTokens,
    fits: options.dynamicTokens <= budget,
  };
}
