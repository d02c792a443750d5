/**
 * A call spent from a budget: reserved before it goes out, settled when it ends, released when it
 * failed without charge, and held while its job is pending (until it is resumed to the end or the
 * reservation's time runs out).
 * @module
 */
import { GenerationFailedError } from '../http/index.js';
import { BudgetStoreError } from './budget-store-error.js';
import type { CostEstimate } from './cost-estimate.js';
import { failedWithoutCharge } from './possible-charge.js';
import type { FindCheaper, Reservation, SpendBudget } from './spend-budget.js';

export { failedWithoutCharge } from './possible-charge.js';

/** The outcome of a call as the budget sees it. */
export interface SpentOutcome {
  /** Set while a job is pending: the key its resumption settles under. */
  readonly pendingKey?: string;
  /** What the service says the call charged, when it says. */
  readonly charged?: number;
}

/** Reservations of jobs handed back as pending, by operation and request id. */
export class HeldReservations {
  readonly #held = new Map<string, Reservation>();

  static key(operationId: string, requestId: string | number): string {
    return `${operationId}\u0000${String(requestId)}`;
  }

  hold(key: string, reservation: Reservation): void {
    this.#held.set(key, reservation);
  }

  take(key: string): Reservation | undefined {
    const reservation = this.#held.get(key);
    this.#held.delete(key);
    return reservation;
  }
}

/** Ends a reservation the way the call ended. */
export async function endReservation(
  budget: SpendBudget,
  held: HeldReservations,
  reservation: Reservation,
  outcome: { readonly ok: SpentOutcome } | { readonly error: unknown },
  holdAmbiguous?: HoldAmbiguous,
): Promise<void> {
  if ('error' in outcome) {
    if (failedWithoutCharge(outcome.error)) await budget.release(reservation);
    // It may have been charged: held until the ledger or its time settles it, when someone can.
    else if (holdAmbiguous) await holdAmbiguous(reservation, outcome.error);
    else await budget.settle(reservation);
    return;
  }
  if (outcome.ok.pendingKey !== undefined) held.hold(outcome.ok.pendingKey, reservation);
  else await budget.settle(reservation, outcome.ok.charged);
}

/** Keeps the reservation of a call whose outcome is unknown until its charge is known. */
export type HoldAmbiguous = (reservation: Reservation, error: unknown) => Promise<void>;

/** Told when the store failed to end a reservation after its call was sent. */
export type UnrecordedSpend = (failure: BudgetStoreError) => void;

/**
 * {@link endReservation} once the call has been sent. A store that fails now must not cost the
 * caller the call's answer (or its own error): the call is paid for, and an answer lost invites
 * paying for it again. The reservation then holds until its TTL runs out; `unrecorded` is told.
 */
export async function endAfterSending(
  call: {
    readonly budget: SpendBudget;
    readonly held: HeldReservations;
    readonly unrecorded: UnrecordedSpend;
    readonly holdAmbiguous?: HoldAmbiguous;
  },
  reservation: Reservation,
  outcome: { readonly ok: SpentOutcome } | { readonly error: unknown },
): Promise<void> {
  try {
    await endReservation(call.budget, call.held, reservation, outcome, call.holdAmbiguous);
  } catch (failure) {
    if (!BudgetStoreError.isInstance(failure)) throw failure;
    call.unrecorded(failure);
  }
}

/**
 * Runs `send` within `budget`: refuses it (BudgetExceededError) when the estimate does not fit,
 * or (BudgetStoreError) when the store cannot reserve it, sending nothing; otherwise reserves,
 * sends, and ends the reservation as the call ends.
 */
export async function spendAroundCall<Result>(call: {
  readonly budget: SpendBudget;
  readonly held: HeldReservations;
  readonly operationId: string;
  readonly estimate: CostEstimate;
  readonly findCheaper: FindCheaper;
  readonly send: () => Promise<Result>;
  readonly outcome: (result: Result) => SpentOutcome | Promise<SpentOutcome>;
  readonly unrecorded: UnrecordedSpend;
  /** Holds the reservation of a call that may have been charged; without it, settled at the estimate. */
  readonly holdAmbiguous?: HoldAmbiguous;
}): Promise<Result> {
  const reservation = await call.budget.reserve(call.operationId, call.estimate, call.findCheaper);
  let result: Result;
  try {
    result = await call.send();
  } catch (error) {
    await endAfterSending(call, reservation, { error });
    throw error;
  }
  await endAfterSending(call, reservation, { ok: await call.outcome(result) });
  return result;
}

/** Ends the reservation of a pending job that was resumed, as the resumption ended. */
export async function spendAroundResume<Result>(resume: {
  readonly budget: SpendBudget;
  readonly held: HeldReservations;
  readonly key: string;
  readonly send: () => Promise<Result>;
  readonly outcome: (result: Result) => SpentOutcome | Promise<SpentOutcome>;
  readonly unrecorded: UnrecordedSpend;
}): Promise<Result> {
  const reservation = resume.held.take(resume.key);
  if (!reservation) return resume.send();
  let result: Result;
  try {
    result = await resume.send();
  } catch (error) {
    await endResumedFailure(resume, resume.key, reservation, error);
    throw error;
  }
  await endAfterSending(resume, reservation, { ok: await resume.outcome(result) });
  return result;
}

/**
 * Ends the reservation of a resumed job whose wait failed. Waiting again may fail for a reason of
 * the wait (a network error) while the job runs on: the reservation is then held again under
 * `key` for the next resume; only the job's own failure ends it.
 */
export async function endResumedFailure(
  ends: Parameters<typeof endAfterSending>[0],
  key: string,
  reservation: Reservation,
  error: unknown,
): Promise<void> {
  if (GenerationFailedError.isInstance(error)) await endAfterSending(ends, reservation, { error });
  else ends.held.hold(key, reservation);
}
