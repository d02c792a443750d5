/**
 * A cap on requests in flight to one origin, learned from the refusals that speak of it (a
 * secondary rate limit, "too many concurrent requests"): the cap falls to the requests that
 * were in flight before the refused one, and climbs back by one after a quiet spell, the spell
 * doubling each time the climb meets a refusal again. So a cap is never learned for good from
 * one refusal, and a server that raises its limit is followed. Without refusals, no cap (the
 * slow start of job slots keeps a crowd of submissions from meeting an unknown limit at once).
 * @module
 */
import type { Clock } from '../clock.js';
import { ThrottleDeadlineError } from './throttle-deadline-error.js';
import { WakeSignal } from './wake-signal.js';

/** A climb is tried after this long without a refusal... */
const FIRST_CLIMB_MS = 10_000;
/** ...doubling after each refusal that follows a climb, to at most this. */
const LONGEST_CLIMB_MS = 300_000;

interface OriginCap {
  inFlight: number;
  cap: number | undefined;
  climbAfterMs: number;
  climbAt: number;
  /** A climb happened and no refusal came since. */
  climbed: boolean;
  readonly waiters: Array<{ readonly signal: AbortSignal | undefined }>;
}

/** What the cap says of one origin, for `rateLimits()`. */
export interface InFlightCapState {
  readonly origin: string;
  readonly cap: number;
  readonly inFlight: number;
  /** When the cap next rises by one, without another refusal. */
  readonly climbsAt: number;
}

export class InFlightCap {
  readonly #origins = new Map<string, OriginCap>();
  readonly #wake = new WakeSignal();

  constructor(private readonly clock: Clock) {}

  #of(origin: string): OriginCap {
    let entry = this.#origins.get(origin);
    if (!entry) {
      entry = {
        inFlight: 0,
        cap: undefined,
        climbAfterMs: FIRST_CLIMB_MS,
        climbAt: Number.POSITIVE_INFINITY,
        climbed: false,
        waiters: [],
      };
      this.#origins.set(origin, entry);
    }
    return entry;
  }

  /** Requests to `origin` in flight now. */
  inFlight(origin: string): number {
    return this.#origins.get(origin)?.inFlight ?? 0;
  }

  /** Waits, in arrival order, until one more request to `origin` may be in flight; returns its release. */
  async enter(
    origin: string,
    options: { signal?: AbortSignal | undefined; deadline?: number | undefined },
  ): Promise<() => void> {
    const entry = this.#of(origin);
    if ((entry.cap === undefined || entry.inFlight < entry.cap) && entry.waiters.length === 0)
      return this.#take(entry);
    const me = { signal: options.signal };
    entry.waiters.push(me);
    try {
      for (;;) {
        options.signal?.throwIfAborted();
        this.#climb(entry);
        const now = this.clock.now();
        // Woken at the deadline: refused, not let through with no time left.
        if (options.deadline !== undefined && now >= options.deadline)
          throw new ThrottleDeadlineError(0, 'in-flight');
        if (entry.waiters[0] === me && (entry.cap === undefined || entry.inFlight < entry.cap)) break;
        if (options.deadline !== undefined) {
          await this.#wake.sleep(this.clock, Math.min(options.deadline, entry.climbAt) - now, options.signal);
        } else if (entry.cap !== undefined && Number.isFinite(entry.climbAt) && entry.climbAt > now) {
          await this.#wake.sleep(this.clock, entry.climbAt - now, options.signal);
        } else await this.#wake.next(options.signal);
      }
    } finally {
      entry.waiters.splice(entry.waiters.indexOf(me), 1);
      this.#wake.wake();
    }
    return this.#take(entry);
  }

  #take(entry: OriginCap): () => void {
    entry.inFlight += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      entry.inFlight -= 1;
      this.#wake.wake();
    };
  }

  #climb(entry: OriginCap): void {
    const now = this.clock.now();
    if (entry.cap === undefined || now < entry.climbAt) return;
    entry.cap += 1;
    entry.climbed = true;
    entry.climbAt = now + entry.climbAfterMs;
  }

  /** A refusal for requests in flight, of a request sent while `inFlightBefore` others were. */
  refused(origin: string, inFlightBefore: number): void {
    const entry = this.#of(origin);
    const now = this.clock.now();
    const cap = Math.max(1, inFlightBefore);
    // The first refusal after a climb: the climb found the limit; wait longer before the next one.
    // (Refusals that crowd in from one burst are one measurement.)
    if (entry.climbed) entry.climbAfterMs = Math.min(LONGEST_CLIMB_MS, entry.climbAfterMs * 2);
    entry.climbed = false;
    entry.cap = entry.cap === undefined ? cap : Math.min(entry.cap, cap);
    entry.climbAt = now + entry.climbAfterMs;
  }

  /** The caps in force. */
  states(): InFlightCapState[] {
    return [...this.#origins].flatMap(([origin, entry]) =>
      entry.cap === undefined
        ? []
        : [{ origin, cap: entry.cap, inFlight: entry.inFlight, climbsAt: entry.climbAt }],
    );
  }
}
