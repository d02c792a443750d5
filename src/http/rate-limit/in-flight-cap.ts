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
 * - Waiting for a place, a request starting new work goes ahead of recent follow-ups: the longer
 *   chain of requests first (see `queued`).
 *
 * With a store passed to the governor, the cap and every governor's count of requests live in
 * the store (`concurrency-record.ts`): the processes sharing it keep one cap between them. Each
 * also writes when its first request in flight is likely answered, and a process waiting for a
 * place under a full cap looks then, not only now and then (it hears of others' answers only by
 * looking).
 * @module
 */
import type { Clock } from '../clock.js';
import { climbed as climbedLimit, IN_FLIGHT_CAP, learned } from './climbing-limit.js';
import { type ConcurrencyBook, smoothed } from './concurrency-book.js';
import {
  type ConcurrencyRecord,
  fleetCounts,
  nextAnswerDue,
  withAnswerDue,
  withOwnPart,
} from './concurrency-record.js';
import type { RequestPriority } from './governor-types.js';
import { PlaceClaims } from './place-claims.js';
import { quietly } from './quietly.js';
import { RateLimitStoreError } from './rate-limit-store-error.js';
import { ThrottleDeadlineError } from './throttle-deadline-error.js';
import { WakeSignal } from './wake-signal.js';

/** A request without a deadline is taken to be on the wire at most this long (its lease). */
const LEASE_WITHOUT_DEADLINE_MS = 300_000;
/**
 * Before any cap, requests beyond as many as were ever answered together go one at a time, this
 * share of an answer's usual time apart: a server that limits requests in flight refuses at
 * once, so the first refusal comes back before the next one is sent, and sets the cap that holds
 * the rest. (Sent together, a burst past an unknown limit was refused whole: one refusal each.)
 */
const UNPROVEN_SPACING_SHARE = 1 / 32;
/**
 * Another process's answer is recorded after it arrives (one write to the store): a waiter looks
 * this long after the answer is due.
 */
const ANSWER_WRITTEN_MS = 1;

/** A request waiting for a place: whether it follows up on accepted work, and since when it waits. */
interface CapWaiter {
  readonly priority: RequestPriority;
  readonly arrivedAt: number;
}

/**
 * `waiters` with `waiter` queued. Under a cap on requests in flight a freed place is taken again
 * at once whichever request takes it, so the order only decides which chains of requests end
 * when: a request that starts new work (a job's submission) opens a chain (the job runs, then is
 * polled), a follow-up may be the last of its own. The longer chain goes first, as a scheduler
 * of chains on a few machines does to end them together: a submission goes ahead of follow-ups
 * that arrived less than `overtakeLimitMs` before it (so no poll waits for ever behind a stream
 * of new work).
 * (Follow-ups first, as the quota's queue serves them, sent the run's last submissions late and
 * their jobs ended the run: a fleet used 94.3 % of the cap.)
 */
function queued(waiters: CapWaiter[], waiter: CapWaiter, overtakeLimitMs: number): void {
  let index = waiters.length;
  if (waiter.priority === 'normal')
    while (
      index > 0 &&
      waiters[index - 1]!.priority === 'follow-up' &&
      waiter.arrivedAt - waiters[index - 1]!.arrivedAt < overtakeLimitMs
    )
      index -= 1;
  waiters.splice(index, 0, waiter);
}

interface LocalOrigin {
  readonly origin: string;
  /** Requests let through and not answered: ticket id to the moment its lease ends. */
  readonly open: Map<number, number>;
  /** The same requests: ticket id to when it was let through (in that order). */
  readonly letThrough: Map<number, number>;
  /** Of those, the ones sent, in send order (ticket ids). */
  readonly sent: number[];
  /**
   * Requests waiting for a place, in arrival order except that one starting new work goes ahead
   * of follow-ups (see {@link queued}).
   */
  readonly waiters: CapWaiter[];
  /** How long answers take here, smoothed. */
  latencyMs: number | undefined;
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

/** The record with a climb applied when one is due at `now`: requests sent since go under the new cap. */
function climbed(record: ConcurrencyRecord, now: number): ConcurrencyRecord {
  const next = climbedLimit(record, IN_FLIGHT_CAP, now);
  return next === record ? record : { ...next, capSince: now };
}

export class InFlightCap {
  readonly #origins = new Map<string, LocalOrigin>();
  readonly #wake = new WakeSignal();
  readonly #clock: Clock;
  readonly #claims: PlaceClaims;
  #tickets = 0;

  /**
   * @param overtakeLimitMs Requests starting new work go ahead of follow-ups that arrived less
   * than this before them (the governor's `overtakeLimitMs`).
   */
  constructor(
    private readonly book: ConcurrencyBook,
    private readonly overtakeLimitMs = 500,
  ) {
    this.#clock = book.clock;
    this.#claims = new PlaceClaims(book, 'waiting');
  }

  #of(origin: string): LocalOrigin {
    let entry = this.#origins.get(origin);
    if (!entry) {
      entry = { origin, open: new Map(), letThrough: new Map(), sent: [], waiters: [], latencyMs: undefined };
      this.#origins.set(origin, entry);
    }
    return entry;
  }

  /** Requests to `origin` let through here and not answered. */
  inFlight(origin: string): number {
    return this.#origins.get(origin)?.open.size ?? 0;
  }

  /**
   * This governor's part of the record: its requests in flight, leased until the last one's
   * deadline, when the first of them is likely answered, and its claim for those still waiting
   * (`leaving`: waiters about to go).
   */
  #withOwn(record: ConcurrencyRecord, entry: LocalOrigin, now: number, leaving = 0): ConcurrencyRecord {
    const until = Math.max(now, ...entry.open.values());
    let held = withOwnPart(record, this.book.owner, { inFlight: entry.open.size }, until, now);
    if (this.book.shared && held.cap !== undefined) {
      const [first] = entry.letThrough.values();
      const due = first === undefined || entry.latencyMs === undefined ? undefined : first + entry.latencyMs;
      held = withAnswerDue(held, this.book.owner, due, now);
    }
    return this.#claims.with(
      entry.origin,
      held,
      entry.waiters.length - leaving,
      entry.latencyMs,
      now,
      leaving > 0,
    );
  }

  /**
   * Waits until one more request to `origin` may be in flight: in arrival order, except that
   * requests starting new work go ahead of follow-ups (`priority`), a bounded time at most.
   */
  async enter(
    origin: string,
    options: {
      signal?: AbortSignal | undefined;
      deadline?: number | undefined;
      priority?: RequestPriority | undefined;
    },
  ): Promise<InFlightTicket> {
    const entry = this.#of(origin);
    const me: CapWaiter = { priority: options.priority ?? 'normal', arrivedAt: this.#clock.now() };
    queued(entry.waiters, me, this.overtakeLimitMs);
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
          record = climbed(await this.book.read(origin), now);
          if (this.#heldUntil(record, entry, now) === 0) {
            let held = 0;
            record = await this.book.update(origin, (current, at) => {
              const next = climbed(current, at);
              // Counted here only once written: a write that lost the race is decided again.
              entry.open.delete(ticket.id);
              entry.letThrough.delete(ticket.id);
              // Queued behind new work that arrived while this one read the record: it goes first.
              held = entry.waiters[0] === me ? this.#heldUntil(next, entry, at) : Number.POSITIVE_INFINITY;
              if (held !== 0) return next;
              // Beyond as many as were ever answered together, before any cap: the fleet's
              // latest such request, from which the next one is spaced.
              const unproven =
                next.cap === undefined && this.#fleetInFlight(next, entry, at) >= (next.proven ?? 0);
              entry.open.set(ticket.id, lease);
              entry.letThrough.set(ticket.id, at);
              return this.#withOwn(unproven ? { ...next, unprovenAt: at } : next, entry, at, 1);
            });
            if (held === 0) {
              this.#claims.took(origin);
              return ticket;
            }
          }
        } catch (error) {
          // A store that fails: the quota's own read refuses the request before it is sent
          // (a probe of an unknown route, which reads no quota, still goes, as it always did).
          if (!RateLimitStoreError.isInstance(error)) throw error;
          entry.open.set(ticket.id, lease);
          entry.letThrough.set(ticket.id, now);
          return ticket;
        }
        const heldUntil = this.#heldUntil(record, entry, now);
        if (record.cap !== undefined)
          await this.#claims.keep(origin, record, entry.waiters.length, entry.latencyMs, now);
        const claims = record.waiting?.map(([owner, waiting]) => [owner, waiting]);
        const state = JSON.stringify([fleetCounts(record, now).inFlight, record.cap, claims]);
        // Next in line fleet-wide (the cap full, no other process first): the next place freed is
        // this one's, most likely by another process's answer, heard of only by looking.
        const nextInLine =
          record.cap !== undefined && !this.#claims.yields(origin, record, entry.open.size, now);
        quietPolls = state === seen && !nextInLine ? quietPolls + 1 : 0;
        seen = state;
        // The cap full: a place is freed by an answer, and another process's answer is heard of
        // only by looking; look when the next one is due (its record written a moment after).
        const due =
          record.cap !== undefined && this.#fleetInFlight(record, entry, now) >= record.cap
            ? nextAnswerDue(record, this.book.owner, now)
            : undefined;
        const lookAt = due === undefined ? Number.POSITIVE_INFINITY : due + ANSWER_WRITTEN_MS;
        await this.book.wait(
          this.#wake,
          Math.min(options.deadline ?? Number.POSITIVE_INFINITY, heldUntil, lookAt),
          {
            signal: options.signal,
            typicalMs: entry.latencyMs,
            quietPolls,
          },
        );
      }
    } finally {
      entry.waiters.splice(entry.waiters.indexOf(me), 1);
      this.#wake.wake();
      // The last waiter gave up (abort, deadline): its claim would hold the others back.
      if (entry.waiters.length === 0) this.#claims.drop(origin);
    }
  }

  /** Requests in flight fleet-wide: this governor's own as it knows them, the others' as recorded. */
  #fleetInFlight(record: ConcurrencyRecord, entry: LocalOrigin, now: number): number {
    return entry.open.size + fleetCounts(record, now, this.book.owner).inFlight;
  }

  /**
   * Until when the next request to `origin` is held (0: it may go now; infinite: until the record
   * changes). Before any cap, a request beyond the most ever answered together waits for its
   * spacing after the fleet's last such request. Under a cap, it waits for room (or the climb);
   * on a shared record, also while another governor's waiting requests are less served than
   * this one's (fewer in flight for each one wanting a place): a place freed goes to them, as
   * one process serves its callers in turn. (Each taking the places its own answers freed, one
   * process of four kept a single request in flight for half a minute.)
   */
  #heldUntil(record: ConcurrencyRecord, entry: LocalOrigin, now: number): number {
    const inFlight = this.#fleetInFlight(record, entry, now);
    if (record.cap === undefined) {
      if (entry.latencyMs === undefined || inFlight < (record.proven ?? 0)) return 0;
      const spacedUntil = (record.unprovenAt ?? 0) + entry.latencyMs * UNPROVEN_SPACING_SHARE;
      return now < spacedUntil ? spacedUntil : 0;
    }
    if (inFlight >= record.cap) return record.capClimbAt ?? Number.POSITIVE_INFINITY;
    return this.#claims.yields(entry.origin, record, entry.open.size, now) ? Number.POSITIVE_INFINITY : 0;
  }

  /** The request holding `ticket` goes on the wire now. */
  sent(ticket: InFlightTicket): void {
    const entry = this.#of(ticket.origin);
    entry.sent.push(ticket.id);
    ticket.sentAt = this.#clock.now();
  }

  /**
   * The request holding `ticket` was answered and worked on (`accepted`), refused for requests
   * in flight (`refused`, `retryAfterMs`: the wait the refusal asked for), or anything else
   * (another refusal, no answer, never sent); its place is given back.
   */
  async settle(
    ticket: InFlightTicket,
    outcome: 'accepted' | 'refused' | 'other',
    retryAfterMs?: number,
  ): Promise<void> {
    const entry = this.#of(ticket.origin);
    const now = this.#clock.now();
    // Sent before this one and still unanswered: surely in flight when this one arrived.
    const order = entry.sent.indexOf(ticket.id);
    const earlierOpen = order < 0 ? 0 : order;
    const openBefore = entry.open.size;
    if (order >= 0) entry.sent.splice(order, 1);
    entry.open.delete(ticket.id);
    entry.letThrough.delete(ticket.id);
    if (outcome === 'accepted' && ticket.sentAt !== undefined)
      entry.latencyMs = smoothed(entry.latencyMs, now - ticket.sentAt);
    await quietly(
      this.book.update(ticket.origin, (current, at) => {
        let next = this.#withOwn(current, entry, at);
        if (outcome === 'accepted' && next.cap === undefined) {
          // The requests in flight fleet-wide when this one was answered were all admitted.
          const together = openBefore + fleetCounts(next, at, this.book.owner).inFlight;
          if (together > (next.proven ?? 0)) next = { ...next, proven: together };
        }
        return outcome === 'refused'
          ? refusedWith(
              next,
              earlierOpen + fleetCounts(next, at, this.book.owner).inFlight,
              at,
              ticket.sentAt ?? at,
              retryAfterMs === undefined ? 0 : at + retryAfterMs,
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
 * found the limit: the next climb waits longer, and none comes before `waitEnds` (the end of the
 * wait the refusal asked for, as `Retry-After`: GitHub documents that requests made while rate
 * limited may get an integration banned).
 */
function refusedWith(
  record: ConcurrencyRecord,
  inFlight: number,
  now: number,
  sentAt: number,
  waitEnds: number,
): ConcurrencyRecord {
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
  return { ...learned(record, IN_FLIGHT_CAP, cap, now, waitEnds), capSince: now };
}
