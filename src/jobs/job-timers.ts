/**
 * When each waiting job wakes next. Every job on one clock shares one timer: the jobs sit in a
 * binary heap ordered by their time and one sleep of the clock is armed for the earliest, so a
 * parked job costs a slot in an array, not a timer, a promise and an abort listener of its own.
 * Jobs due at the same moment wake in the order they were scheduled, as the clock would wake
 * sleeps of their own (a virtual clock wakes sleepers due together in the order they slept): the
 * order their polls reach the rate-limit governor is the order they asked for them.
 * @module
 */
import type { Clock } from '../http/index.js';

/** A job that the timers wake; its fields are the timers' bookkeeping, not the job's. */
export interface TimedJob {
  /** When it is due, on its clock. */
  timerAt: number;
  /** Its place in the shared heap, -1 when not scheduled there. */
  timerIndex: number;
  /** When it was scheduled among the jobs of its timers: the order of jobs due together. */
  timerOrder: number;
  /** Called once when the time comes (never after `cancel`). */
  wake(): void;
}

/** Schedules and cancels wakes of waiting jobs on one clock. */
export interface JobTimers {
  schedule(job: TimedJob, at: number): void;
  cancel(job: TimedJob): void;
}

/** Longest delay `setTimeout` takes; a later job is looked at again when it fires. */
const MAX_TIMER_MS = 2_147_483_647;
/**
 * The reason a cancelled sleep is aborted with, never read: an abort without one makes a
 * `DOMException` per cancel, which Node also files in a table that does not shrink back.
 */
const CANCELLED: unique symbol = Symbol('cancelled');

/** What the shared heap needs from the platform: a clock to read and one timer. */
export interface TimerHost {
  now(): number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

/** One timer on `clock`: a sleep of its own, ended through its controller when cleared. */
function clockHost(clock: Clock): TimerHost {
  return {
    now: () => clock.now(),
    setTimer(run, ms) {
      const stop = new AbortController();
      clock.sleep(ms, stop.signal).then(run, () => undefined);
      return stop;
    },
    clearTimer: (timer) => (timer as AbortController).abort(CANCELLED),
  };
}

/** Whether `one` wakes before `other`: by time, then in the order they were scheduled. */
function before(one: TimedJob, other: TimedJob): boolean {
  return one.timerAt < other.timerAt || (one.timerAt === other.timerAt && one.timerOrder < other.timerOrder);
}

/** Every job on one timer: a binary heap by due time, the earliest armed. */
export class SharedJobTimers implements JobTimers {
  readonly #heap: TimedJob[] = [];
  readonly #host: TimerHost;
  #timer: unknown;
  /** When the armed timer fires; Infinity when none is armed. */
  #armedAt = Number.POSITIVE_INFINITY;
  /** Jobs scheduled so far: each one's {@link TimedJob.timerOrder}. */
  #scheduled = 0;

  constructor(host: TimerHost) {
    this.#host = host;
  }

  /** Jobs waiting on these timers. */
  get size(): number {
    return this.#heap.length;
  }

  schedule(job: TimedJob, at: number): void {
    if (job.timerIndex >= 0) this.#remove(job);
    job.timerAt = at;
    job.timerOrder = this.#scheduled++;
    job.timerIndex = this.#heap.length;
    this.#heap.push(job);
    this.#up(job.timerIndex);
    this.#arm();
  }

  cancel(job: TimedJob): void {
    if (job.timerIndex < 0) return;
    this.#remove(job);
    this.#arm();
  }

  #due(): void {
    // The armed moment has come, even when a timer fired a little before the clock reads it
    // (`setTimeout` counts whole milliseconds): every job due by then wakes, none due later.
    const now = Math.max(this.#armedAt, this.#host.now());
    this.#timer = undefined;
    this.#armedAt = Number.POSITIVE_INFINITY;
    const woken: TimedJob[] = [];
    for (let first = this.#heap[0]; first && first.timerAt <= now; first = this.#heap[0]) {
      this.#remove(first);
      woken.push(first);
    }
    this.#arm();
    for (const job of woken) job.wake();
  }

  /** Arms the timer for the earliest job, unless it already is. */
  #arm(): void {
    const first = this.#heap[0];
    const at = first ? first.timerAt : Number.POSITIVE_INFINITY;
    if (at === this.#armedAt) return;
    if (this.#timer !== undefined) this.#host.clearTimer(this.#timer);
    this.#timer = undefined;
    this.#armedAt = at;
    if (!first) return;
    const ms = Math.min(MAX_TIMER_MS, Math.max(0, at - this.#host.now()));
    // A clock's sleep may have ended before it was cleared: only the timer armed last fires.
    const timer = this.#host.setTimer(() => {
      if (this.#timer === timer) this.#due();
    }, ms);
    this.#timer = timer;
  }

  #remove(job: TimedJob): void {
    const heap = this.#heap;
    const index = job.timerIndex;
    const last = heap.pop() as TimedJob;
    job.timerIndex = -1;
    if (last === job) return;
    heap[index] = last;
    last.timerIndex = index;
    this.#up(index);
    this.#down(last.timerIndex);
  }

  #up(start: number): void {
    const heap = this.#heap;
    let index = start;
    const job = heap[index] as TimedJob;
    while (index > 0) {
      const parentIndex = (index - 1) >> 1;
      const parent = heap[parentIndex] as TimedJob;
      if (!before(job, parent)) break;
      heap[index] = parent;
      parent.timerIndex = index;
      index = parentIndex;
    }
    heap[index] = job;
    job.timerIndex = index;
  }

  #down(start: number): void {
    const heap = this.#heap;
    let index = start;
    const job = heap[index] as TimedJob;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child =
        right < heap.length && before(heap[right] as TimedJob, heap[left] as TimedJob) ? right : left;
      const next = heap[child] as TimedJob;
      if (!before(next, job)) break;
      heap[index] = next;
      next.timerIndex = index;
      index = child;
    }
    heap[index] = job;
    job.timerIndex = index;
  }
}

/** Made at first use: a Worker's global scope may not set up what timers need. */
const byClock = new WeakMap<Clock, SharedJobTimers>();

/** The timers waiting jobs on `clock` share. */
export function jobTimersFor(clock: Clock): JobTimers {
  let timers = byClock.get(clock);
  if (!timers) {
    timers = new SharedJobTimers(clockHost(clock));
    byClock.set(clock, timers);
  }
  return timers;
}
