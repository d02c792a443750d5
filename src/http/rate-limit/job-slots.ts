/**
 * The service's queue limit: an account may have only a few jobs processing at once (5, 10 or
 * 15 by plan), and a submission past it is refused with 429 ("Maximum 5 queued requests
 * allowed."). Job slots hold submissions back, first come first served, while the origin's
 * known limit is reached. The limit is configured, or learned from the first such refusal.
 *
 * With a rate-limit store passed to the client, the limit, the slow start and every client's
 * count of held slots and running jobs live in the store (`concurrency-record.ts`): the
 * processes sharing it keep one count of the account's jobs, as the service does.
 * @module
 */
import type { Clock } from '../clock.js';
import { climbed as climbedLimit, JOB_LIMIT, learned } from './climbing-limit.js';
import { ConcurrencyBook, smoothed } from './concurrency-book.js';
import { type ConcurrencyRecord, fleetCounts, withOwnPart } from './concurrency-record.js';
import { PlaceClaims } from './place-claims.js';
import { quietly } from './quietly.js';
import type { RateLimitStore } from './rate-limit-store.js';
import { storeOwnerId } from './store-owner-id.js';
import { ThrottleDeadlineError } from './throttle-deadline-error.js';
import { WakeSignal } from './wake-signal.js';

/** A submission answered later than this after its slot was taken is a slow answer. */
const SLOW_ANSWER_MS = 100;
/** Jobs started together on an origin whose job limit is unknown, at first... */
const SLOW_START_JOBS = 2;
/** ...and past this many, no limit is assumed until a refusal teaches one. */
const SLOW_START_END = 128;
/**
 * A client's count in a shared record lasts this long after its last change (renewed by every
 * change): a process that dies stops holding the account's places then.
 */
const HOLD_LEASE_MS = 600_000;

/** A held place in the service's job queue; release it when the job has finished. */
export interface JobSlot {
  /** Frees the slot; later calls do nothing. */
  release(): void;
}

/** A slot as the client holds it: it also says when its submission started a job. */
export interface HeldJobSlot extends JobSlot {
  /** The submission was accepted: a job of the account is running under this slot. */
  markRunning(): void;
  /**
   * Aborts when a limit learned after the slot was taken leaves no room for it: a submission
   * still waiting for the rate limit gives its place back and queues again.
   */
  readonly revoked: AbortSignal;
}

/** The reason of a held slot's `revoked` signal. */
export class JobSlotRevoked extends Error {
  constructor() {
    super('the job limit learned since leaves no room for this submission');
    this.name = 'JobSlotRevoked';
  }
}

/** What this client holds on one origin. */
interface LocalSlots {
  readonly origin: string;
  held: number;
  /** Held slots whose submission started a job. */
  running: number;
  /** Held slots whose submission has not started a job yet, oldest first, to revoke past a new limit. */
  readonly pending: Array<{ revoke(): void }>;
  readonly waiters: object[];
  /** How long a slot is held here, smoothed (how often a waiter on a shared record looks again). */
  holdMs: number | undefined;
}

/** A learned limit climbs by one when its quiet spell has passed. */
function climbed(record: ConcurrencyRecord, now: number): ConcurrencyRecord {
  return climbedLimit(record, JOB_LIMIT, now);
}

/**
 * While no limit is known: jobs started together, growing by one each time every submission
 * taken has been accepted (so that a crowd finds an unstated job limit with one refusal rather
 * than one per caller); 0 once it ended.
 */
function slowStartOf(record: ConcurrencyRecord): number {
  return record.jobSlowStart ?? SLOW_START_JOBS;
}

export class JobSlots {
  readonly #origins = new Map<string, LocalSlots>();
  readonly #wake = new WakeSignal();
  readonly #book: ConcurrencyBook;
  readonly #claims: PlaceClaims;
  readonly #clock: Clock;

  /**
   * @param store The client's rate-limit store, when one was passed in: the slots are then
   * counted there, with every other client of the store.
   * @param book The record of the governor the client made on that store: the slots are
   * counted under the governor's id, one holder per process (a governor shared between clients
   * is not passed: each client's slots would overwrite the others' counts).
   */
  constructor(
    clock: Clock,
    private readonly configuredLimit: number | undefined,
    store?: RateLimitStore,
    book?: ConcurrencyBook,
  ) {
    this.#clock = clock;
    this.#book = book ?? new ConcurrencyBook(clock, store, storeOwnerId(store));
    this.#claims = new PlaceClaims(this.#book, 'jobWaiting');
  }

  #slots(origin: string): LocalSlots {
    let slots = this.#origins.get(origin);
    if (!slots) {
      slots = { origin, held: 0, running: 0, pending: [], waiters: [], holdMs: undefined };
      this.#origins.set(origin, slots);
    }
    return slots;
  }

  /** The limit in force for `origin`, when known (as last read). */
  limitOf(origin: string): number | undefined {
    return this.configuredLimit ?? this.#book.cached(origin).jobLimit;
  }

  #bound(record: ConcurrencyRecord): number | undefined {
    if (this.configuredLimit !== undefined) return this.configuredLimit;
    if (record.jobLimit !== undefined) return record.jobLimit;
    const slowStart = slowStartOf(record);
    return slowStart > 0 ? slowStart : undefined;
  }

  /** This client's part of the record, from what it holds now, and its claim for the submissions still waiting. */
  #withOwn(record: ConcurrencyRecord, slots: LocalSlots, now: number, taking = 0): ConcurrencyRecord {
    const part = { held: slots.held + taking, running: slots.running };
    const next = withOwnPart(record, this.#book.owner, part, now + HOLD_LEASE_MS, now);
    return this.#claims.with(
      slots.origin,
      next,
      slots.waiters.length - taking,
      slots.holdMs,
      now,
      taking > 0,
    );
  }

  /**
   * The limit a refusal of a submission teaches when the service names no number: the jobs of
   * the account running on `origin` (every client sharing the store; at least one). A store that
   * cannot be read answers with what was last read: the refusal is still recorded, and the
   * request that met it still completes (its permit given back).
   */
  async learnFromRefusal(origin: string): Promise<number> {
    const slots = this.#slots(origin);
    const record = await this.#book.readOrCached(origin);
    const others = fleetCounts(record, this.#clock.now(), this.#book.owner).running;
    return Math.max(1, slots.running + others);
  }

  /**
   * Records the limit the service stated ("Maximum 5 queued requests"), or the one a refusal
   * taught (`stated: false`): that one climbs back by one after a quiet spell, which doubles
   * each time the climb is refused again, so that one refusal never shrinks the limit for good.
   */
  async learnLimit(origin: string, limit: number, stated = true): Promise<void> {
    if (!(Number.isInteger(limit) && limit > 0)) return;
    const slots = this.#slots(origin);
    const record = await quietly(
      this.#book.update(origin, (current, now) => {
        if (!stated) return learned({ ...current, jobSlowStart: 0 }, JOB_LIMIT, limit, now);
        const { jobClimbAt: _kept, jobClimbed: _climbed, ...rest } = current;
        return { ...rest, jobLimit: limit, jobSlowStart: 0 };
      }),
    );
    // Places taken while the limit was unknown: those beyond it queue again.
    const others = fleetCounts(record ?? {}, this.#clock.now(), this.#book.owner);
    const room = Math.max(0, limit - slots.running - others.held);
    for (const holder of slots.pending.slice(room)) holder.revoke();
    this.#wake.wake();
  }

  /** No submission to `origin` before `untilMs` (the queue was full). */
  async block(origin: string, untilMs: number): Promise<void> {
    await quietly(
      this.#book.update(origin, (current) => ({
        ...current,
        jobsBlockedUntil: Math.max(current.jobsBlockedUntil ?? 0, untilMs),
      })),
    );
  }

  /** Waits for a free slot on `origin`, in arrival order. */
  async acquire(
    origin: string,
    options: { signal?: AbortSignal; deadline?: number } = {},
  ): Promise<HeldJobSlot> {
    const slots = this.#slots(origin);
    const me = {};
    slots.waiters.push(me);
    let quietPolls = 0;
    let seen = '';
    try {
      for (;;) {
        options.signal?.throwIfAborted();
        const now = this.#clock.now();
        if (slots.waiters[0] !== me) {
          // Behind another waiter of this client: it looks at the record; wait for it to go.
          if (options.deadline !== undefined && now >= options.deadline)
            throw new ThrottleDeadlineError(0, 'queue-limit');
          if (options.deadline === undefined) await this.#wake.next(options.signal);
          else await this.#wake.sleep(this.#clock, options.deadline - now, options.signal);
          continue;
        }
        let record = climbed(await this.#book.read(origin), now);
        if (this.#open(record, slots, now)) {
          let took = false;
          record = await this.#book.update(origin, (current, at) => {
            const next = climbed(current, at);
            took = this.#open(next, slots, at);
            // Counted here only once written: a write that lost the race is tried again.
            return took ? this.#withOwn(next, slots, at, 1) : next;
          });
          if (took) {
            slots.held += 1;
            this.#claims.took(origin);
            return new HeldSlot(slots, this, this.#clock.now());
          }
        }
        const blockedUntil = record.jobsBlockedUntil ?? 0;
        // No place, or the next one is another client's turn: wait for the record to change.
        const full =
          !this.#free(record, now) ||
          (now >= blockedUntil && this.#claims.yields(origin, record, slots.held, now));
        if (full) await this.#claims.keep(origin, record, slots.waiters.length, slots.holdMs, now);
        // Wait for the block to end, or for a place (until the deadline, when there is one).
        const until = !full
          ? blockedUntil
          : Math.min(
              options.deadline ?? Number.POSITIVE_INFINITY,
              record.jobClimbAt ?? Number.POSITIVE_INFINITY,
            );
        if (options.deadline !== undefined && (until > options.deadline || now >= options.deadline)) {
          throw new ThrottleDeadlineError(Math.max(0, until - now), 'queue-limit');
        }
        const claims = record.jobWaiting?.map(([owner, waiting]) => [owner, waiting]);
        const state = JSON.stringify([
          fleetCounts(record, now),
          record.jobLimit,
          record.jobSlowStart,
          claims,
        ]);
        // Next in line fleet-wide (no other client first): the next place freed is this one's,
        // most likely by another process's release, heard of only by looking.
        const nextInLine = full && !this.#claims.yields(origin, record, slots.held, now);
        quietPolls = state === seen && !nextInLine ? quietPolls + 1 : 0;
        seen = state;
        await this.#book.wait(this.#wake, until, {
          signal: options.signal,
          typicalMs: slots.holdMs,
          quietPolls,
        });
      }
    } finally {
      slots.waiters.splice(slots.waiters.indexOf(me), 1);
      this.#wake.wake();
      if (slots.waiters.length === 0) this.#claims.drop(origin);
    }
  }

  /** Whether a submission may take a place now: one is free, no block, and it is this client's turn. */
  #open(record: ConcurrencyRecord, slots: LocalSlots, now: number): boolean {
    return (
      this.#free(record, now) &&
      now >= (record.jobsBlockedUntil ?? 0) &&
      !this.#claims.yields(slots.origin, record, slots.held, now)
    );
  }

  #free(record: ConcurrencyRecord, now: number): boolean {
    const bound = this.#bound(record);
    return bound === undefined || fleetCounts(record, now).held < bound;
  }

  /** @internal A held slot taken at `takenAt` had its submission accepted now. */
  running(slots: LocalSlots, takenAt: number): void {
    const heldMs = this.#clock.now() - takenAt;
    slots.running += 1;
    void quietly(
      this.#book.update(slots.origin, (current, now) => {
        let next = this.#withOwn(current, slots, now);
        // Grown once every submission taken has been answered, so that a crowd sent together
        // at the edge of an unknown limit costs one refusal, not one per submission; but with
        // slow answers, one a round trip would take long: then per accepted submission, by two:
        // an acknowledged TCP segment gives its place back, an accepted submission keeps its slot
        // while its job runs, so one for that job and one more submission doubles the submissions
        // on their way each round trip, as TCP's slow start. (By one, they grew by half: four
        // one-second round trips to fill ten places.) A burst past a limit on requests in flight
        // meets one refusal: before any cap, the in-flight cap spaces the requests beyond those
        // ever answered together (`in-flight-cap.ts`).
        const slowStart = slowStartOf(next);
        const fleet = fleetCounts(next, now);
        if (
          this.configuredLimit === undefined &&
          next.jobLimit === undefined &&
          slowStart > 0 &&
          (fleet.held === fleet.running || heldMs >= SLOW_ANSWER_MS)
        ) {
          const grown = slowStart + (heldMs >= SLOW_ANSWER_MS ? 2 : 1);
          next = { ...next, jobSlowStart: grown >= SLOW_START_END ? 0 : grown };
        }
        return next;
      }),
    ).then(() => this.#wake.wake());
  }

  /** @internal A held slot taken at `takenAt` was given back now. */
  released(slots: LocalSlots, takenAt: number): void {
    const heldMs = this.#clock.now() - takenAt;
    slots.holdMs = smoothed(slots.holdMs, heldMs);
    void quietly(this.#book.update(slots.origin, (current, now) => this.#withOwn(current, slots, now))).then(
      () => this.#wake.wake(),
    );
  }
}

/**
 * The `revoked` signal of a slot whose job runs: it can no longer be revoked. Made when first
 * asked for: a Worker may not make one in its global scope.
 */
let neverRevoked: AbortSignal | undefined;

/** Where a {@link HeldSlot} is in its life. */
const SlotState = { Taken: 0, Running: 1, Released: 2 } as const;

/**
 * A taken slot, as one small object with no closures: a fleet holds thousands of them for as
 * long as their jobs wait.
 */
class HeldSlot implements HeldJobSlot {
  readonly #slots: LocalSlots;
  /** Its slots' owner, which reads the clock: the slot keeps no clock of its own. */
  readonly #owner: JobSlots;
  readonly #takenAt: number;
  /**
   * Aborted when the slot is revoked; dropped once the job runs (a running job's slot is never
   * revoked): a signal with its listener tables is most of what a parked slot would weigh.
   */
  #revocation: AbortController | undefined = new AbortController();
  /** Taken, running (its submission accepted) or released: one field, not two flags. */
  #state: number = SlotState.Taken;

  constructor(slots: LocalSlots, owner: JobSlots, takenAt: number) {
    this.#slots = slots;
    this.#owner = owner;
    this.#takenAt = takenAt;
    slots.pending.push(this);
  }

  get revoked(): AbortSignal {
    if (this.#revocation) return this.#revocation.signal;
    neverRevoked ??= new AbortController().signal;
    return neverRevoked;
  }

  revoke(): void {
    this.#revocation?.abort(new JobSlotRevoked());
  }

  markRunning(): void {
    if (this.#state !== SlotState.Taken) return;
    this.#state = SlotState.Running;
    if (!this.#revocation?.signal.aborted) this.#revocation = undefined;
    this.#settle();
    this.#owner.running(this.#slots, this.#takenAt);
  }

  release(): void {
    if (this.#state === SlotState.Released) return;
    if (this.#state === SlotState.Running) this.#slots.running -= 1;
    this.#state = SlotState.Released;
    this.#slots.held -= 1;
    this.#settle();
    this.#owner.released(this.#slots, this.#takenAt);
  }

  #settle(): void {
    const index = this.#slots.pending.indexOf(this);
    if (index >= 0) this.#slots.pending.splice(index, 1);
  }
}
