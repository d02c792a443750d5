/**
 * The emulator's sense of time. Every duration of the service (jobs, rate-limit windows, token and
 * URL lifetimes) is measured on this clock, so tests can replace real waiting with `advance()`.
 */
import { UsageError } from './errors/index.js';
export interface EmulatorClock {
  /** Milliseconds since the epoch, as the service sees them. */
  now(): number;
  /** Runs `task` once the clock reaches `atMs`; returns a function that cancels it. */
  schedule(atMs: number, task: () => void): () => void;
}

/** Wall-clock time. */
export class SystemClock implements EmulatorClock {
  now(): number {
    return Date.now();
  }

  schedule(atMs: number, task: () => void): () => void {
    const timer = setTimeout(task, Math.max(0, atMs - Date.now()));
    timer.unref?.();
    return () => clearTimeout(timer);
  }
}

interface ScheduledTask {
  readonly atMs: number;
  readonly order: number;
  readonly task: () => void;
}

/**
 * A clock that moves only when told to. `advance()` runs the tasks that fall due in time order,
 * with `now()` set to each task's moment, so nothing in the emulator waits for real.
 */
export class ManualClock implements EmulatorClock {
  #now: number;
  #tasks: ScheduledTask[] = [];
  #order = 0;

  constructor(startMs: number = Date.now()) {
    this.#now = startMs;
  }

  now(): number {
    return this.#now;
  }

  schedule(atMs: number, task: () => void): () => void {
    const entry: ScheduledTask = { atMs, order: this.#order++, task };
    this.#tasks.push(entry);
    return () => {
      this.#tasks = this.#tasks.filter((candidate) => candidate !== entry);
    };
  }

  /** Moves the clock forward by `ms`, running every task that falls due on the way. */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0)
      throw new UsageError(`advance() takes a non-negative duration, not ${ms}`);
    this.set(this.#now + ms);
  }

  /** Moves the clock to `ms` (never backwards), running every task that falls due on the way. */
  set(ms: number): void {
    if (ms < this.#now) throw new UsageError('the clock does not go backwards');
    for (;;) {
      const due = this.#tasks
        .filter((entry) => entry.atMs <= ms)
        .sort((a, b) => a.atMs - b.atMs || a.order - b.order)[0];
      if (!due) break;
      this.#tasks = this.#tasks.filter((entry) => entry !== due);
      this.#now = Math.max(this.#now, due.atMs);
      due.task();
    }
    this.#now = ms;
  }

  /** Number of tasks still waiting for their moment. */
  get pendingTasks(): number {
    return this.#tasks.length;
  }
}
