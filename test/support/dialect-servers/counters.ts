/**
 * The two counters most limiters are built on: a fixed window aligned on the clock (the key is
 * `floor(now / window)`), and the Redis idiom `INCR key` + `EXPIRE key window` on the first hit,
 * whose window starts at the first request after the previous one expired. Both count refused
 * requests too, as those limiters do (the increment comes before the comparison).
 * @module
 */

export interface WindowCount {
  /** Requests counted in the current window, this one included. */
  readonly count: number;
  /** Milliseconds until the window ends. */
  readonly resetMs: number;
}

/** Counters per key in windows aligned on the clock. */
export class AlignedWindows {
  readonly #counts = new Map<string, { start: number; count: number }>();

  constructor(private readonly windowMs: number) {}

  hit(key: string, now: number): WindowCount {
    const start = Math.floor(now / this.windowMs) * this.windowMs;
    const entry = this.#counts.get(key);
    const current = entry && entry.start === start ? entry : { start, count: 0 };
    current.count += 1;
    this.#counts.set(key, current);
    return { count: current.count, resetMs: start + this.windowMs - now };
  }
}

/** `INCR` + `EXPIRE` on the first hit: each window starts with the first request after the last one expired. */
export class ExpiringCounters {
  readonly #counts = new Map<string, { count: number; expiresAt: number }>();

  constructor(private readonly windowMs: number) {}

  hit(key: string, now: number): WindowCount {
    let entry = this.#counts.get(key);
    if (!entry || entry.expiresAt <= now) {
      entry = { count: 0, expiresAt: now + this.windowMs };
      this.#counts.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, resetMs: entry.expiresAt - now };
  }
}

/** Whole seconds for a field, rounded up so that a client is never told to come back early. */
export const ceilSeconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));
