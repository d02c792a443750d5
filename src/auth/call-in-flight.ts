/**
 * One `session.call` from its submission to its end, as a record: what the call's end needs (the
 * operation, the estimate, the budget's reservation, the span, the caller's promise) kept as
 * fields while its job waits, instead of a chain of suspended functions holding them in locals.
 * A fleet parks thousands of calls; each is this object and its job's record.
 * @module
 */
import { type CallOptions, type CallResult, CallSink } from '../calls/call-operation.js';
import type { SendableInput } from '../calls/sendable-input.js';
import type { Operation } from '../discovery/types.js';
import type { KernelProgress } from '../display/progress-line.js';
import type { CostEstimate } from '../spend/cost-estimate.js';
import type { HeldReservations } from '../spend/spend-around-call.js';
import type { Reservation } from '../spend/spend-budget.js';
import type { TelemetrySpan } from '../telemetry/telemetry.js';
import type { CostedCallResult } from './session.js';

/** The session's handling of a call's end; one object per session, shared by its calls. */
export interface CallEnds {
  ended(call: CallInFlight, result: CallResult): Promise<void>;
  failed(call: CallInFlight, error: unknown): Promise<void>;
}

/** How a call's promise is settled: its `resolve`, given the result or what settles into it. */
export type SettleCall = (result: CostedCallResult | PromiseLike<CostedCallResult>) => void;

export class CallInFlight extends CallSink {
  /**
   * What the call is sent with, kept only while a failure could send it again (a control-plane
   * call, once): a waiting job does not keep the caller's arguments. Undefined for a resumed job.
   */
  input: SendableInput | undefined;
  options: CallOptions | undefined;
  /** The Idempotency-Key the call is sent with, when its operation takes one (undefined otherwise). */
  idempotencyKey: string | undefined = undefined;
  estimated: CostEstimate | undefined = undefined;
  /** The call's text for the same call made again after an unknown outcome; keyed calls only. */
  sameCall: string | undefined = undefined;
  reservation: Reservation | undefined = undefined;
  /**
   * Set for a job resumed from its handle: the key its estimate and its reservation are kept
   * under between waits ({@link HeldReservations.key}).
   */
  resumed: string | undefined = undefined;

  constructor(
    readonly ends: CallEnds,
    readonly operation: Operation,
    input: SendableInput | undefined,
    readonly model: string | undefined,
    options: CallOptions | undefined,
    readonly span: TelemetrySpan | undefined,
    /** A notebook's progress line, flushed before the call returns. */
    readonly progress: KernelProgress | undefined,
    /**
     * The caller's promise's `resolve`, its one way to settle: a failure settles it with a rejected
     * promise. Its `reject` is not kept: a parked call holds one function of its promise, not two.
     */
    readonly settle: SettleCall,
  ) {
    super();
    this.input = input;
    this.options = options;
  }

  /** Hands the caller its result (or what settles into it: a notebook's display, prepared). */
  resolve(result: CostedCallResult | PromiseLike<CostedCallResult>): void {
    this.settle(result);
  }

  /** Rejects the caller's promise with `error` (nothing, once it is settled). */
  reject(error: unknown): void {
    const rejected = Promise.reject(error);
    // Handled here: a promise already settled ignores it, which must not be an unhandled rejection.
    rejected.catch(() => undefined);
    this.settle(rejected);
  }

  callEnded(result: CallResult): void {
    void this.ends.ended(this, result).catch((error: unknown) => this.reject(error));
  }

  callFailed(error: unknown): void {
    void this.ends.failed(this, error).catch((failed: unknown) => this.reject(failed));
  }
}
