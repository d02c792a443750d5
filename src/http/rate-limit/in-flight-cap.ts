/**
 * A cap on requests in flight to one origin, for servers that limit requests at once (a
 * secondary rate limit, "too many concurrent requests") and never say how many: a controller
 * that learns it from what such a server does let one know.
 *
 * - A refused request is answered at once, an admitted one when its work is done; and a request
 *   sent before the refused one and still unanswered when the refusal arrives was surely in
 *   flight when the server refused. So a refusal measures the cap: those requests, fleet-wide.
 *   (Counting every request granted before it, as before, took answers still on their way back
 *   for requests in flight: the cap came out too high and cost more refusals.)
 * - Before any refusal, no cap: most servers have none, and the slow start of job slots keeps a
 *   crowd of submissions from meeting an unknown one at once. Requests beyond as many as were
 *   ever answered together go a little apart (a share of an answer's time): such a server
 *   refuses at once, so the first refusal sets the cap before the rest of a burst is sent.
 * - A learned cap climbs back by one after a quiet spell, the spell doubling each time the climb
 *   meets a refusal again: never learned for good from one refusal, and a raised limit is followed.
 *
 * With a store passed to the governor, the cap and every governor's count of requests live in
 * the store (`concurrency-record.ts`): the processes sharing it keep one cap between them.
 * @module
 */
import type { Clock } from '../clock.js';
import { type ConcurrencyBook, smoothed } from './concurrency-book.js';
import { type ConcurrencyRecord, fleetCounts, holderOf, withHolder } from './concurrency-record.js';
import { quietly } from './quietly.js';
import { RateLimitStoreError } from './rate-limit-store-error.js';
import { ThrottleDeadlineError } from './throttle-deadline-error.js';
import { WakeSignal } from './wake-signal.js';

/** A climb is tried after this long without a refusal... */
const FIRST_CLIMB_MS = 10_000;
/** ...doubling after each refusal that follows a climb, to at most this. */
const LONGEST_CLIMB_MS = 300_000;
/** A request without a deadline is taken to be on the wire at most this long (its lease). */
const LEASE_WITHOUT_DEADLINE_MS = 300_000;
/**
 * Before any cap, requests beyond as many as were ever answered together go one at a time, this
 * share of an answer's usual time apart: a server that limits requests in flight refuses at
 * once, so the first refusal comes back before the next one is sent, and sets the cap that holds
 * the rest. (Sent together, a burst past an unknown limit was refused whole: one refusal each.)
 */
const UNPROVEN_SPACING_SHARE = 1 / 32;

interface LocalOrigin {
  /** Requests let through and not answered: ticket id to the moment its lease ends. */
  readonly open: Map<number, number>;
  /** Of those, the ones sent, in send order (ticket ids). */
  readonly sent: number[];
  readonly waiters: object[];
  /** How long answers take here, smoothed. */
  latencyMs: number | undefined;
  /** The most requests in flight here at once when one of them was answered and worked on. */
  proven: number;
  /** When the last request beyond `proven` went. */
  unprovenAt: number;
}

/** One request's place under the cap, from `enter` until its answer. */
export interface InFlightTicket {
  readonly origin: string;
  readonly id: number;
  /** When it was sent. */
  sentAt?: number;
}

/** What the cap says of one origin, for `rateLimits()`. */
export interface InFlightCapState {
  readonly origin: string;
  readonly cap: number;
  readonly inFlight: number;
  /** When the cap next rises by one, without another refusal. */
  readonly climbsAt: number;
}

/** The record with a climb applied when one is due at `now`. */
function climbed(record: ConcurrencyRecord, now: number): ConcurrencyRecord {
  if (record.cap === undefined || record.capClimbAt === undefined || now < record.capClimbAt) return record;
  return {
    ...record,
    cap: record.cap + 1,
    capClimbed: true,
    capSince: now,
    capClimbAt: now + (record.capClimbAfterMs ?? FIRST_CLIMB_MS),
  };
}

export class InFlightCap {
  readonly #origins = new Map<string, LocalOrigin>();
  readonly #wake = new WakeSignal();
  readonly #clock: Clock;
  #tickets = 0;

  constructor(private readonly book: ConcurrencyBook) {
    this.#clock = book.clock;
  }

  #of(origin: string): LocalOrigin {
    let entry = this.#origins.get(origin);
    if (!entry) {
      entry = { open: new Map(), sent: [], waiters: [], latencyMs: undefined, proven: 0, unprovenAt: 0 };
      this.#origins.set(origin, entry);
    }
    return entry;
  }

  /** Requests to `origin` let through here and not answered. */
  inFlight(origin: string): number {
    return this.#origins.get(origin)?.open.size ?? 0;
  }

  /** This governor's part of the record: its requests in flight, leased until the last one's deadline. */
  #withOwn(record: ConcurrencyRecord, entry: LocalOrigin, now: number): ConcurrencyRecord {
    const own = holderOf(record, this.book.owner, now);
    const until = Math.max(now, ...entry.open.values());
    return withHolder(record, [this.book.owner, entry.open.size, own[2], own[3], until], now);
  }

  /** Waits, in arrival order, until one more request to `origin` may be in flight. */
  async enter(
    origin: string,
    options: { signal?: AbortSignal | undefined; deadline?: number | undefined },
  ): Promise<InFlightTicket> {
    const entry = this.#of(origin);
    const me = {};
    entry.waiters.push(me);
    const ticket: InFlightTicket = { origin, id: this.#tickets++ };
    let quietPolls = 0;
    let seen = '';
    try {
      for (;;) {
        options.signal?.throwIfAborted();
        const now = this.#clock.now();
        // Woken at the deadline: refused, not let through with no time left.
        if (options.deadline !== undefined && now >= options.deadline)
          throw new ThrottleDeadlineError(0, 'in-flight');
        if (entry.waiters[0] !== me) {
          // Behind another waiter of this process: it looks at the record; wait for it to go.
          if (options.deadline === undefined) await this.#wake.next(options.signal);
          else await this.#wake.sleep(this.#clock, options.deadline - now, options.signal);
          continue;
        }
        const lease = options.deadline ?? now + LEASE_WITHOUT_DEADLINE_MS;
        let record: ConcurrencyRecord;
        try {
          record = await this.book.read(origin);
          const spacedUntil = this.#spacedUntil(entry, record);
          if (now < spacedUntil) {
            await this.#wake.sleep(
              this.#clock,
              Math.min(spacedUntil, options.deadline ?? spacedUntil) - now,
              options.signal,
            );
            continue;
          }
          if (this.#room(climbed(record, now), now)) {
            let took = false;
            record = await this.book.update(origin, (current, at) => {
              const next = climbed(current, at);
              took = this.#room(next, at);
              if (!took) return next;
              if (next.cap === undefined && entry.open.size >= entry.proven) entry.unprovenAt = at;
              entry.open.set(ticket.id, lease);
              return this.#withOwn(next, entry, at);
            });
            if (took) return ticket;
          }
        } catch (error) {
          // A store that fails: the quota's own read refuses the request before it is sent
          // (a probe of an unknown route, which reads no quota, still goes, as it always did).
          if (!RateLimitStoreError.isInstance(error)) throw error;
          entry.open.set(ticket.id, lease);
          return ticket;
        }
        const state = JSON.stringify([fleetCounts(record, now).inFlight, record.cap]);
        quietPolls = state === seen ? quietPolls + 1 : 0;
        seen = state;
        const climbAt =
          record.cap !== undefined
            ? (record.capClimbAt ?? Number.POSITIVE_INFINITY)
            : Number.POSITIVE_INFINITY;
        await this.book.wait(this.#wake, Math.min(options.deadline ?? Number.POSITIVE_INFINITY, climbAt), {
          signal: options.signal,
          typicalMs: entry.latencyMs,
          quietPolls,
        });
      }
    } finally {
      entry.waiters.splice(entry.waiters.indexOf(me), 1);
      this.#wake.wake();
    }
  }

  /** Until when a request beyond the most ever answered together waits, before any cap (0: it need not). */
  #spacedUntil(entry: LocalOrigin, record: ConcurrencyRecord): number {
    if (record.cap !== undefined || entry.latencyMs === undefined || entry.open.size < entry.proven) return 0;
    return entry.unprovenAt + entry.latencyMs * UNPROVEN_SPACING_SHARE;
  }

  #room(record: ConcurrencyRecord, now: number): boolean {
    return record.cap === undefined || fleetCounts(record, now).inFlight < record.cap;
  }

  /** The request holding `ticket` goes on the wire now. */
  sent(ticket: InFlightTicket): void {
    const entry = this.#of(ticket.origin);
    entry.sent.push(ticket.id);
    ticket.sentAt = this.#clock.now();
  }

  /**
   * The request holding `ticket` was answered and worked on (`accepted`), refused for requests
   * in flight (`refused`), or anything else (another refusal, no answer, never sent); its place
   * is given back.
   */
  async settle(ticket: InFlightTicket, outcome: 'accepted' | 'refused' | 'other'): Promise<void> {
    const entry = this.#of(ticket.origin);
    const now = this.#clock.now();
    // Sent before this one and still unanswered: surely in flight when this one arrived.
    const order = entry.sent.indexOf(ticket.id);
    const earlierOpen = order < 0 ? 0 : order;
    if (outcome === 'accepted') entry.proven = Math.max(entry.proven, entry.open.size);
    if (order >= 0) entry.sent.splice(order, 1);
    entry.open.delete(ticket.id);
    if (outcome === 'accepted' && ticket.sentAt !== undefined)
      entry.latencyMs = smoothed(entry.latencyMs, now - ticket.sentAt);
    await quietly(
      this.book.update(ticket.origin, (current, at) => {
        const next = this.#withOwn(current, entry, at);
        return outcome === 'refused'
          ? refusedWith(
              next,
              earlierOpen + fleetCounts(next, at, this.book.owner).inFlight,
              at,
              ticket.sentAt ?? at,
            )
          : next;
      }),
    );
    this.#wake.wake();
  }

  /** The caps in force (as last read here). */
  states(): InFlightCapState[] {
    const now = this.#clock.now();
    return [...this.#origins.keys()].flatMap((origin) => {
      const record = this.book.cached(origin);
      return record.cap === undefined
        ? []
        : [
            {
              origin,
              cap: record.cap,
              inFlight: fleetCounts(record, now).inFlight,
              climbsAt: record.capClimbAt ?? Number.POSITIVE_INFINITY,
            },
          ];
    });
  }
}

/**
 * A refusal for requests in flight when `inFlight` others surely were: the cap falls to that
 * (at least one), or, just after a climb, back to where it was. The first refusal after a climb
 * found the limit: the next climb waits longer.
 */
function refusedWith(
  record: ConcurrencyRecord,
  inFlight: number,
  now: number,
  sentAt: number,
): ConcurrencyRecord {
  const climbAfterMs = record.capClimbed
    ? Math.min(LONGEST_CLIMB_MS, (record.capClimbAfterMs ?? FIRST_CLIMB_MS) * 2)
    : (record.capClimbAfterMs ?? FIRST_CLIMB_MS);
  const measured = Math.max(1, inFlight);
  // Refused just after a climb: the climb overshot, the cap before it held for a whole spell.
  // (A measurement across a fleet can come out low: answers elsewhere cross the refusal.)
  // Refused although sent under the cap in force: the cap is too high (counts of other processes
  // that lag behind their answers measured it so), one less at least. Refusals of requests sent
  // before it was set are of the burst that set it: one measurement, not one cut each. (Sent at
  // the very instant it was set, on a virtual or coarse clock, is before it: a burst sent and
  // refused in one millisecond cut the cap by one per refusal.)
  const underCap = record.cap !== undefined && sentAt > (record.capSince ?? Number.POSITIVE_INFINITY);
  const cap =
    record.cap === undefined
      ? measured
      : record.capClimbed
        ? Math.max(1, record.cap - 1)
        : Math.max(1, Math.min(underCap ? record.cap - 1 : record.cap, measured));
  return {
    ...record,
    cap,
    capSince: now,
    capClimbed: false,
    capClimbAfterMs: climbAfterMs,
    capClimbAt: now + climbAfterMs,
  };
}
