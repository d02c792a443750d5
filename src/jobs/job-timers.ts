/**
 * When each waiting job wakes next. On the system clock every job of the process shares one
 * timer: the jobs sit in a binary heap ordered by their time and one `setTimeout` is armed for the
 * earliest, so a parked job costs a slot in an array, not a timer, a promise and an abort listener
 * of its own. A clock given by the application (a test's virtual time) is asked to sleep per job,
 * as it always was: its notion of time belongs to it.
 * @module
 */
import { type Clock, systemClock } from '../http/index.js';

/** A job that the timers wake; its fields are the timers' bookkeeping, not the job's. */
export interface TimedJob {
  /** When it is due, on its clock. */
  timerAt: number;
  /** Its place in the shared heap, -1 when not scheduled there. */
  timerIndex: number;
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

const nodeHost: TimerHost = {
  now: () => systemClock.now(),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

/** Every job on one timer: a binary heap by due time, the earliest armed. */
export class SharedJobTimers implements JobTimers {
  readonly #heap: TimedJob[] = [];
  readonly #host: TimerHost;
  #timer: unknown;
  /** When the armed timer fires; Infinity when none is armed. */
  #armedAt = Number.POSITIVE_INFINITY;
  readonly #fire = () => this.#due();

  constructor(host: TimerHost = nodeHost) {
    this.#host = host;
  }

  /** Jobs waiting on these timers. */
  get size(): number {
    return this.#heap.length;
  }

  schedule(job: TimedJob, at: number): void {
    if (job.timerIndex >= 0) this.#remove(job);
    job.timerAt = at;
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
    this.#timer = undefined;
    this.#armedAt = Number.POSITIVE_INFINITY;
    // A timer may fire a little before the clock reads its time: a millisecond's grace.
    const now = this.#host.now() + 1;
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
    this.#timer = this.#host.setTimer(this.#fire, ms);
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
      if (parent.timerAt <= job.timerAt) break;
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
        right < heap.length && (heap[right] as TimedJob).timerAt < (heap[left] as TimedJob).timerAt
          ? right
          : left;
      const next = heap[child] as TimedJob;
      if (next.timerAt >= job.timerAt) break;
      heap[index] = next;
      next.timerIndex = index;
      index = child;
    }
    heap[index] = job;
    job.timerIndex = index;
  }
}

/** A clock of the application's: each job sleeps on it, cancelled through its own controller. */
class ClockSleepTimers implements JobTimers {
  readonly #clock: Clock;
  /** Ends each sleeping job's sleep. */
  readonly #stops = new WeakMap<TimedJob, AbortController>();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  schedule(job: TimedJob, at: number): void {
    this.cancel(job);
    job.timerAt = at;
    const stop = new AbortController();
    this.#stops.set(job, stop);
    this.#clock.sleep(Math.max(0, at - this.#clock.now()), stop.signal).then(
      () => {
        if (this.#stops.get(job) !== stop) return;
        this.#stops.delete(job);
        job.wake();
      },
      // Cancelled: the job moved on.
      () => undefined,
    );
  }

  cancel(job: TimedJob): void {
    const stop = this.#stops.get(job);
    this.#stops.delete(job);
    stop?.abort(CANCELLED);
  }
}

/** Made at first use: a Worker's global scope may not set up what timers need. */
let shared: SharedJobTimers | undefined;
const byClock = new WeakMap<Clock, JobTimers>();

/** The timers waiting jobs on `clock` share. */
export function jobTimersFor(clock: Clock): JobTimers {
  if (clock === systemClock) {
    shared ??= new SharedJobTimers();
    return shared;
  }
  let timers = byClock.get(clock);
  if (!timers) {
    timers = new ClockSleepTimers(clock);
    byClock.set(clock, timers);
  }
  return timers;
}
