/**
 * A token bucket that refills continuously, as OpenAI, Anthropic and Stripe document their
 * limits: `capacity` units at most, `perSecond` back every second, a request admitted when its
 * cost is there.
 * @module
 */
export class ContinuousBucket {
  #level: number;
  #at: number | undefined;

  constructor(
    readonly capacity: number,
    readonly perSecond: number,
  ) {
    this.#level = capacity;
  }

  /** Units available at `now`. */
  level(now: number): number {
    if (this.#at !== undefined) {
      this.#level = Math.min(this.capacity, this.#level + ((now - this.#at) * this.perSecond) / 1000);
    }
    this.#at = now;
    return this.#level;
  }

  /** Takes `cost` units when they are there. */
  take(now: number, cost = 1): boolean {
    if (this.level(now) < cost) return false;
    this.#level -= cost;
    return true;
  }

  /** Milliseconds until `cost` units are there. */
  msUntil(now: number, cost = 1): number {
    return Math.max(0, ((cost - this.level(now)) * 1000) / this.perSecond);
  }

  /** Milliseconds until the bucket is full again. */
  msUntilFull(now: number): number {
    return Math.max(0, ((this.capacity - this.level(now)) * 1000) / this.perSecond);
  }
}

/** A Go `time.Duration` string, as OpenAI writes its resets: `6m0s`, `1.2s`, `20ms`. */
export function goDuration(ms: number): string {
  if (ms < 1_000) return `${Math.ceil(ms)}ms`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms - minutes * 60_000) / 10) / 100;
  return minutes > 0 ? `${minutes}m${seconds}s` : `${seconds}s`;
}
