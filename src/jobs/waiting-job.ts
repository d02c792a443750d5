/**
 * One waiting job as a record: the polling loop's state in fields, woken by the shared job timers
 * ({@link jobTimersFor}), its end told to a {@link JobSink}. Between polls a job holds this object,
 * a place in the timers' heap and (with a signal) one abort listener: no suspended function, no
 * promise and no timer of its own. Turns a `processing` answer into a finished result, a failure
 * that says why, or, when the deadline comes first, a {@link ResumableJob}; never an error that
 * loses the job.
 * @module
 */

import { type Clock, GenerationFailedError, type JobSlot, ServiceError, systemClock } from '../http/index.js';
import { type AbortFollower, followAbort, unfollowAbort } from '../runtime/abort-signals.js';
import type { Telemetry, TelemetrySpan } from '../telemetry/telemetry.js';
import type { FetchTarget } from './fetch-target.js';
import { type JobAnswer, parkedAnswer, readJobAnswer } from './job-answer.js';
import type { JobDelivery } from './job-delivery.js';
import { type JobTimers, jobTimersFor, type TimedJob } from './job-timers.js';
import type { FetchStatus, JobOutcome, JobProgress, PollJobOptions } from './poll-job.js';
import { nextPollDelay, type PollSchedule, scheduleFor } from './schedule.js';

/** Told once how a waiting job ended. */
export interface JobSink {
  jobEnded(outcome: JobOutcome): void;
  jobFailed(error: unknown): void;
}

/** The span a job's polls nest beneath (the call's), when it is traced. */
export interface JobTrace {
  readonly telemetry: Telemetry;
  readonly span: TelemetrySpan;
}

/** Bits of {@link WaitingJob}'s flags. */
const Flag = {
  ReportFirst: 1,
  Webhook: 2,
  WaitWhole: 4,
  NotWaited: 8,
  LastPollTaken: 16,
  /** After a failed poll the last eta is stale: back off instead of following it. */
  LastPollFailed: 32,
  Ended: 64,
} as const;

const Phase = {
  /** Not sleeping: starting, fetching, or ended. */
  Busy: 0,
  /** Sleeping until the eta, to free the job's slot then, before sleeping the rest. */
  UntilSlotFree: 1,
  /** Sleeping until the next poll. */
  UntilPoll: 2,
} as const;

function failure(answer: JobAnswer, target: FetchTarget | undefined): GenerationFailedError {
  return new GenerationFailedError({
    method: 'POST',
    url: target?.url ?? '(submission)',
    message: answer.message ?? 'The job failed without saying why',
    ...(answer.message !== undefined ? { serviceMessage: answer.message } : {}),
    jobId: answer.id ?? target?.requestId,
  });
}

/** A job waiting to finish; see {@link PollJobOptions}. Call {@link WaitingJob.start} once. */
export class WaitingJob implements TimedJob, AbortFollower {
  timerAt = 0;
  timerOrder = 0;
  timerIndex = -1;
  // What the wait needs of its options, as fields: the options object itself is not kept.
  readonly #target: FetchTarget | undefined;
  readonly #fetchStatus: FetchStatus;
  readonly #signal: AbortSignal | undefined;
  readonly #onProgress: ((progress: JobProgress) => void) | undefined;
  readonly #category: string | undefined;
  readonly #firstDelayMs: number | undefined;
  /** The options' switches and the loop's, as bits ({@link Flag}): a parked job is a small record. */
  #flags = 0;
  readonly #sink: JobSink;
  readonly #trace: JobTrace | undefined;
  readonly #clock: Clock;
  readonly #submittedAt: number;
  readonly #deadline: number;
  readonly #schedule: PollSchedule;
  /** The job's place under the queue limit, released at most once: at its eta, or at the end. */
  #jobSlot: JobSlot | undefined;
  /**
   * The latest answer as the service sent it (read again when looked at), cut to its
   * {@link parkedAnswer} while the job sleeps. When it came is not kept: it is handed to
   * {@link WaitingJob.#next} with it, the one place its eta is read.
   */
  #body: unknown;
  #polls = 0;
  /** A delivery is taken once: a delivered answer that is not final must not end every later wait. */
  #delivery: JobDelivery | undefined;
  /** A delivered answer not taken yet (it came while a poll was on the wire). */
  #delivered: { readonly body: unknown } | undefined;
  #phase: number = Phase.Busy;
  /** What is left to sleep after the slot is freed. */
  #restMs = 0;

  constructor(options: PollJobOptions, sink: JobSink, trace?: JobTrace) {
    this.#target = options.target;
    this.#fetchStatus = options.fetchStatus;
    this.#signal = options.signal;
    this.#onProgress = options.onProgress;
    this.#category = options.category;
    this.#firstDelayMs = options.firstDelayMs;
    if (options.reportFirst !== false) this.#flags |= Flag.ReportFirst;
    if (options.webhook === true) this.#flags |= Flag.Webhook;
    if (options.waitWhole === true) this.#flags |= Flag.WaitWhole;
    if (options.deadlineMs === 0) this.#flags |= Flag.NotWaited;
    this.#sink = sink;
    this.#trace = trace;
    const clock = options.clock ?? systemClock;
    this.#clock = clock;
    const now = clock.now();
    this.#submittedAt = options.submittedAt ?? now;
    this.#deadline = now + (options.deadlineMs ?? 300_000);
    this.#schedule = scheduleFor(options.category, options.schedule);
    this.#jobSlot = options.jobSlot;
    this.#delivery = options.delivery;
    this.#body = options.first;
  }

  /** Reports the first answer and waits; the sink hears the end. */
  start(): void {
    if (this.#signal) followAbort(this.#signal, this);
    const delivery = this.#delivery;
    if (delivery)
      delivery.arrived.then(
        (body) => this.#arrive(body),
        () => undefined,
      );
    this.#advance(this.#clock.now());
  }

  /** The caller's signal aborted: a sleeping job ends now; a poll on the wire fails by itself. */
  aborted(): void {
    if (this.#phase === Phase.Busy) return;
    this.#timers().cancel(this);
    this.#phase = Phase.Busy;
    this.#fail(this.#signal?.reason);
  }

  /** The timers' call: the slot's time or the poll's has come. */
  wake(): void {
    if (this.#flags & Flag.Ended) return;
    if (this.#phase === Phase.UntilSlotFree) {
      // The job ends when its eta says: its place under the account's job limit is free from
      // then, not from whenever the poll that confirms it comes back.
      this.#releaseSlot();
      this.#phase = Phase.UntilPoll;
      this.#timers().schedule(this, this.#clock.now() + this.#restMs);
      return;
    }
    this.#phase = Phase.Busy;
    void this.#poll();
  }

  #arrive(body: unknown): void {
    if (this.#flags & Flag.Ended || !this.#delivery) return;
    this.#delivered = { body };
    if (this.#phase === Phase.Busy) return;
    // Delivered while sleeping: the sleep ends now, no fetch is spent.
    this.#timers().cancel(this);
    if (this.#phase === Phase.UntilSlotFree) this.#releaseSlot();
    this.#phase = Phase.Busy;
    this.#takeDelivered();
    this.#advance(this.#clock.now());
  }

  #takeDelivered(): void {
    const body = this.#delivered?.body;
    this.#delivered = undefined;
    this.#delivery = undefined;
    this.#body = body;
    this.#flags &= ~Flag.LastPollFailed;
  }

  async #poll(): Promise<void> {
    try {
      const received = this.#delivery?.received;
      // Delivered to another process sharing the store: no fetch is spent on it.
      const delivered = received ? await received() : undefined;
      if (this.#flags & Flag.Ended) return;
      if (delivered !== undefined) {
        this.#delivered = { body: delivered };
        this.#takeDelivered();
        this.#advance(this.#clock.now());
        return;
      }
      const target = this.#target as FetchTarget;
      this.#polls += 1;
      try {
        const body = await this.#fetch(target);
        if (this.#flags & Flag.Ended) return;
        this.#body = body;
        this.#flags &= ~Flag.LastPollFailed;
      } catch (error) {
        if (this.#flags & Flag.Ended) return;
        this.#flags |= Flag.LastPollFailed;
        // A transient failure of one poll loses nothing: the job runs on, the next poll may answer.
        if (GenerationFailedError.isInstance(error) || !ServiceError.isInstance(error) || !error.retryable) {
          this.#fail(error);
          return;
        }
      }
      // Answered now (or failed: then the last answer's eta is not followed, whenever it came).
      this.#advance(this.#clock.now());
    } catch (error) {
      this.#fail(error);
    }
  }

  #fetch(target: FetchTarget): Promise<unknown> {
    const fetchStatus = this.#fetchStatus;
    const signal = this.#signal;
    const trace = this.#trace;
    // Polls run from the shared timer, outside the call's context: its span is made theirs.
    if (trace) return trace.telemetry.withSpan(trace.span, () => fetchStatus(target, signal));
    return fetchStatus(target, signal);
  }

  /** Reports the latest answer, which came at `answeredAt`, then ends or sleeps until what comes next. */
  #advance(answeredAt: number): void {
    try {
      this.#next(answeredAt);
    } catch (error) {
      this.#fail(error);
    }
  }

  #next(answeredAt: number): void {
    const clock = this.#clock;
    const target = this.#target;
    const answer = readJobAnswer(this.#body);
    const polls = this.#polls;
    if (polls > 0 || (this.#flags & Flag.ReportFirst) !== 0) {
      this.#onProgress?.({
        status: answer.state,
        requestId: answer.id ?? target?.requestId,
        elapsedMs: clock.now() - this.#submittedAt,
        attempt: polls,
        ...(answer.etaMs !== undefined ? { etaMs: answer.etaMs } : {}),
      });
    }
    if (answer.state === 'success') {
      this.#end({
        status: 'success',
        requestId: answer.id ?? target?.requestId,
        body: answer.body,
        polls,
        elapsedMs: clock.now() - this.#submittedAt,
      });
      return;
    }
    if (answer.state === 'failed') throw failure(answer, target);
    if (!target)
      throw failure(
        { ...answer, message: 'The job is queued but the answer says nowhere how to fetch it' },
        undefined,
      );
    const now = clock.now();
    const delivery = this.#delivery;
    // The eta counts from when the answer came, not from now: a failed poll leaves an old answer.
    const etaLeft =
      answer.etaMs === undefined || (this.#flags & Flag.LastPollFailed) !== 0
        ? undefined
        : Math.max(0, answer.etaMs - (now - answeredAt));
    const delayMs =
      polls === 0 && this.#firstDelayMs !== undefined
        ? this.#firstDelayMs
        : polls === 0 && delivery
          ? (etaLeft ?? this.#schedule.initialDelayMs) + delivery.marginMs
          : nextPollDelay(this.#schedule, polls, etaLeft);
    // When the next scheduled poll falls after the wait, one last poll at the deadline is worth
    // it if the service's estimate says the job may be done by then; otherwise the handle goes
    // back at once rather than after a wait that cannot succeed.
    const left = this.#deadline - now;
    const lastChance =
      (this.#flags & Flag.Webhook) === 0 &&
      (this.#flags & Flag.LastPollTaken) === 0 &&
      left > 0 &&
      // A delivery on its way is awaited, not polled for, whatever the caller's wait.
      (((this.#flags & Flag.WaitWhole) !== 0 && !delivery) || etaLeft === undefined || etaLeft <= left);
    const late = now + delayMs > this.#deadline;
    if (late && lastChance) this.#flags |= Flag.LastPollTaken;
    else if ((this.#flags & Flag.Webhook) !== 0 || late) {
      this.#end({
        status: 'processing',
        requestId: target.requestId,
        fetch: target,
        // Whole milliseconds: the clock's fractions mean nothing to whoever reads the handle.
        retryAfterMs: Math.ceil(delayMs),
        notBefore: Math.ceil(now + delayMs),
        submittedAt: this.#submittedAt,
        reason:
          (this.#flags & Flag.Webhook) !== 0
            ? 'webhook'
            : (this.#flags & Flag.NotWaited) !== 0
              ? 'not-waited'
              : 'deadline',
        ...(this.#category ? { category: this.#category } : {}),
        ...(etaLeft !== undefined ? { etaMs: Math.ceil(etaLeft) } : {}),
      });
      return;
    }
    const sleepMs = late ? left : delayMs;
    const signal = this.#signal;
    if (signal?.aborted) throw signal.reason;
    const slotFreeFirst = this.#jobSlot !== undefined && etaLeft !== undefined && etaLeft < sleepMs;
    if (this.#delivered) {
      // Delivered while the last poll was on the wire: taken at once, as a wait would.
      if (slotFreeFirst) this.#releaseSlot();
      this.#takeDelivered();
      this.#next(clock.now());
      return;
    }
    // The poll's moment, told to the rate-limit governor: new work arriving just before it waits.
    if (target) this.#fetchStatus.expect?.(target, now + sleepMs);
    // Asleep, the job keeps of its answer only what is read again: not the whole answer.
    this.#body = parkedAnswer(answer);
    if (slotFreeFirst) {
      this.#phase = Phase.UntilSlotFree;
      this.#restMs = sleepMs - (etaLeft as number);
      this.#timers().schedule(this, now + (etaLeft as number));
    } else {
      this.#phase = Phase.UntilPoll;
      this.#timers().schedule(this, now + sleepMs);
    }
  }

  /** The timers of the job's clock (looked up, not kept: one field less per parked job). */
  #timers(): JobTimers {
    return jobTimersFor(this.#clock);
  }

  #releaseSlot(): void {
    const slot = this.#jobSlot;
    this.#jobSlot = undefined;
    slot?.release();
  }

  #finish(): boolean {
    if (this.#flags & Flag.Ended) return false;
    this.#flags |= Flag.Ended;
    this.#phase = Phase.Busy;
    this.#timers().cancel(this);
    if (this.#signal) unfollowAbort(this.#signal, this);
    this.#releaseSlot();
    return true;
  }

  #end(outcome: JobOutcome): void {
    if (this.#finish()) this.#sink.jobEnded(outcome);
  }

  #fail(error: unknown): void {
    if (this.#finish()) this.#sink.jobFailed(error);
  }
}
