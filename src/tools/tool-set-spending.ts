/**
 * A tool set's own budget (`createToolSpecs(session, { budget })`), kept besides the session's:
 * a tool call reserves its estimate here first, then the session reserves it in its own budget.
 * @module
 */
import type { CostedCallResult, Session } from '../auth/session.js';
import type { Operation } from '../discovery/types.js';
import {
  HeldReservations,
  type SpentOutcome,
  spendAroundCall,
  spendAroundResume,
} from '../spend/spend-around-call.js';
import { type BudgetOptions, SpendBudget } from '../spend/spend-budget.js';
import { unrecordedSpendWarning } from '../spend/unrecorded-spend.js';

export interface ToolSetSpending {
  /** Sends a call within the tool set's budget (refused with BudgetExceededError when it would pass). */
  call(operation: Operation, args: unknown, send: () => Promise<CostedCallResult>): Promise<CostedCallResult>;
  /** Resumes a pending job; its reservation is settled when the job ends. */
  resume<Result extends { readonly status: string }>(
    operationId: string,
    requestId: string | number,
    send: () => Promise<Result>,
  ): Promise<Result>;
}

let toolSets = 0;

function outcomeOf(result: { readonly status: string }, key: () => string): SpentOutcome {
  if (result.status !== 'success') return { pendingKey: key() };
  const cost = (result as Partial<CostedCallResult>).cost;
  return cost?.charged === undefined ? {} : { charged: cost.charged };
}

/** The tool set's spending, or undefined without a budget of its own. */
export function toolSetSpending(
  session: Session,
  options: BudgetOptions | undefined,
): ToolSetSpending | undefined {
  if (!options) return undefined;
  // Each tool set spends from its own budget unless it names a shared one in a shared store.
  toolSets += 1;
  const budget = new SpendBudget(
    options,
    `${session.service.origin}/tools${options.name ? '' : `-${toolSets}`}`,
  );
  const held = new HeldReservations();
  return {
    async call(operation, args, send) {
      const input = typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
      const estimate = await session.estimate(operation.id, input);
      return spendAroundCall({
        budget,
        held,
        operationId: operation.id,
        estimate,
        findCheaper: (left) => session.cheaperModel(operation, input, left),
        send,
        outcome: (result) =>
          outcomeOf(result, () =>
            HeldReservations.key(operation.id, result.status === 'success' ? '' : result.requestId),
          ),
        unrecorded: (failure) => session.client.warn(unrecordedSpendWarning(operation.id, failure)),
      });
    },
    resume(operationId, requestId, send) {
      const key = HeldReservations.key(operationId, requestId);
      return spendAroundResume({
        budget,
        held,
        key,
        send,
        outcome: (result) => outcomeOf(result, () => key),
        unrecorded: (failure) => session.client.warn(unrecordedSpendWarning(operationId, failure)),
      });
    },
  };
}
