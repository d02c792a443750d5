/**
 * Concurrent callers spending through a real session, as agents would: each asks for a model of
 * its choice; under a budget, a call met with `budget_exceeded` is asked again of the cheaper model
 * the refusal names, and the caller stops when the refusal names none. The baseline, a session
 * without a budget, has the same callers keep a shared tally and call while their estimate fits
 * what the tally says is left: check, then call, as an application without reservations would.
 * @module
 */

import type { Session } from '../../src/index.js';
import { BudgetExceededError } from '../../src/spend/index.js';
import type { ModelCall } from './model-calls.js';

export interface SessionSpendersOptions {
  readonly session: Session;
  readonly callers: number;
  /** What the callers ask for, each caller walking the list from its own place. */
  readonly choices: readonly ModelCall[];
  /** Only for a session without a budget: the limit its callers' shared tally keeps to. */
  readonly tallyLimit?: number;
}

export interface SessionSpendersReport {
  /** Calls that were sent and answered. */
  readonly calls: number;
  /** Calls refused with `budget_exceeded`. */
  readonly refused: number;
  /** Refusals after which the caller asked the cheaper model the refusal named. */
  readonly switched: number;
}

/** The same call, of another model. */
function withModel(call: ModelCall, model: string): ModelCall {
  const field = 'model_id' in call.input ? 'model_id' : 'model';
  return { operationId: call.operationId, input: { ...call.input, [field]: model } };
}

/** Runs the callers until each has stopped. */
export async function spendThroughSession(options: SessionSpendersOptions): Promise<SessionSpendersReport> {
  const { session, choices, tallyLimit } = options;
  let calls = 0;
  let refused = 0;
  let switched = 0;
  let tallied = 0;

  /** Sends `call` under the session's budget; false when the caller should stop. */
  const underBudget = async (asked: ModelCall): Promise<boolean> => {
    for (let call = asked; ; ) {
      try {
        await session.call(call.operationId, call.input);
        calls += 1;
        return true;
      } catch (error) {
        if (!BudgetExceededError.isInstance(error)) throw error;
        refused += 1;
        if (!error.cheaper) return false;
        switched += 1;
        call = withModel(call, error.cheaper.model);
      }
    }
  };

  /** Sends `call` when the shared tally says it fits; false when it does not. */
  const underTally = async (call: ModelCall, limit: number): Promise<boolean> => {
    const estimate = await session.estimate(call.operationId, call.input);
    if (estimate.kind !== 'priced' || tallied + estimate.amount > limit) return false;
    const result = await session.call(call.operationId, call.input);
    tallied += result.cost.charged ?? estimate.amount;
    calls += 1;
    return true;
  };

  const caller = async (index: number) => {
    for (let turn = 0; ; turn += 1) {
      const call = choices[(index * 7 + turn * 3) % choices.length] as ModelCall;
      const sent = tallyLimit === undefined ? await underBudget(call) : await underTally(call, tallyLimit);
      if (!sent) return;
    }
  };

  await Promise.all(Array.from({ length: options.callers }, (_, index) => caller(index)));
  return { calls, refused, switched };
}
