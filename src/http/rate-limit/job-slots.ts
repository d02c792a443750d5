/**
 * The service's queue limit: an account may have only a few jobs processing at once (5, 10 or
 * 15 by plan), and a submission past it is refused with 429 ("Maximum 5 queued requests
 * allowed."). Job slots hold submissions back, first come first served, while the origin's
 * known limit is reached. The limit is configured, or learned from the first such refusal.
 * @module
 */
import type { Clock } from '../clock.js';
import { ThrottleDeadlineError } from './throttle-deadline-error.js';
import { WakeSignal } from './wake-signal.js';

/** A limit learned from a refusal climbs by one after this long without another... */
const FIRST_CLIMB_MS = 30_000;
/** ...doubling each time the climb is refused, to at most this. */
const LONGEST_CLIMB_MS = 600_000;
/** A submission answered later than this after its slot was taken is a slow answer. */
const SLOW_ANSWER_MS = 100;
/** Jobs started together on an origin whose job limit is unknown, at first... */
const SLOW_START_JOBS = 2;
/** ...and past this many, no limit is assumed until a refusal teaches one. */
const SLOW_START_END = 128;

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

interface OriginSlots {
  limit: number | undefined;
  held: number;
  /** Held slots whose submission started a job. */
  running: number;
  /** Held slots whose submission has not started a job yet, oldest first, to revoke past a new limit. */
  readonly pending: Array<{ revoke(): void }>;
  blockedUntil: number;
  /** A limit learned from a refusal (not stated) rises by one at this moment: it is not kept for good. */
  climbAt: number | undefined;
  climbAfterMs: number;
  /**
   * While no limit is known: jobs started together, growing by one each time every submission
   * taken has been accepted, so that a crowd finds an unstated job limit with one refusal rather
   * than one per caller; dropped once large.
   */
  slowStart: number | undefined;
  readonly waiters: Array<{ signal: AbortSignal | undefined }>;
}

export class JobSlots {
  readonly #origins = new Map<string, OriginSlots>();
  readonly #wake = new WakeSignal();

  constructor(
    private readonly clock: Clock,
    private readonly configuredLimit: number | undefined,
  ) {}

  #slots(origin: string): OriginSlots {
    let slots = this.#origins.get(origin);
    if (!slots) {
      slots = {
        limit: this.configuredLimit,
        held: 0,
        running: 0,
        pending: [],
        blockedUntil: 0,
        climbAt: undefined,
        climbAfterMs: FIRST_CLIMB_MS,
        slowStart: this.configuredLimit === undefined ? SLOW_START_JOBS : undefined,
        waiters: [],
      };
      this.#origins.set(origin, slots);
    }
    return slots;
  }

  /** The limit in force for `origin`, when known. */
  limitOf(origin: string): number | undefined {
    return this.#slots(origin).limit;
  }

  /**
   * The limit a refusal of a submission teaches when the service names no number: the jobs of
   * this client running on `origin` (at least one).
   */
  learnFromRefusal(origin: string): number {
    return Math.max(1, this.#slots(origin).running);
  }

  /**
   * Records the limit the service stated ("Maximum 5 queued requests"), or the one a refusal
   * taught (`stated: false`): that one climbs back by one after a quiet spell, which doubles
   * each time the climb is refused again, so that one refusal never shrinks the limit for good.
   */
  learnLimit(origin: string, limit: number, stated = true): void {
    const slots = this.#slots(origin);
    if (Number.isInteger(limit) && limit > 0) {
      slots.slowStart = undefined;
      if (stated) slots.climbAt = undefined;
      else {
        const climbed = slots.climbAt !== undefined && slots.limit !== undefined && limit < slots.limit;
        if (climbed) slots.climbAfterMs = Math.min(LONGEST_CLIMB_MS, slots.climbAfterMs * 2);
        slots.climbAt = this.clock.now() + slots.climbAfterMs;
      }
      slots.limit = limit;
      // Places taken while the limit was unknown: those beyond it queue again.
      const room = Math.max(0, limit - slots.running);
      for (const holder of slots.pending.slice(room)) holder.revoke();
    }
    this.#wake.wake();
  }

  /** No submission to `origin` before `untilMs` (the queue was full). */
  block(origin: string, untilMs: number): void {
    const slots = this.#slots(origin);
    slots.blockedUntil = Math.max(slots.blockedUntil, untilMs);
  }

  /** Waits for a free slot on `origin`, in arrival order. */
  async acquire(
    origin: string,
    options: { signal?: AbortSignal; deadline?: number } = {},
  ): Promise<HeldJobSlot> {
    const slots = this.#slots(origin);
    const me = { signal: options.signal };
    slots.waiters.push(me);
    try {
      for (;;) {
        options.signal?.throwIfAborted();
        const now = this.clock.now();
        if (slots.climbAt !== undefined && slots.limit !== undefined && now >= slots.climbAt) {
          slots.limit += 1;
          slots.climbAt = now + slots.climbAfterMs;
        }
        const first = slots.waiters[0] === me;
        const bound = slots.limit ?? slots.slowStart;
        const full = bound !== undefined && slots.held >= bound;
        if (first && !full && now >= slots.blockedUntil) break;
        // Wait for the block to end, or for a place (until the deadline, when there is one).
        const until =
          first && !full
            ? slots.blockedUntil
            : Math.min(
                options.deadline ?? Number.POSITIVE_INFINITY,
                slots.climbAt ?? Number.POSITIVE_INFINITY,
              );
        if (options.deadline !== undefined && (until > options.deadline || now >= options.deadline)) {
          throw new ThrottleDeadlineError(Math.max(0, until - now), 'queue-limit');
        }
        if (Number.isFinite(until)) await this.#wake.sleep(this.clock, until - now, options.signal);
        else await this.#wake.next(options.signal);
      }
    } finally {
      slots.waiters.splice(slots.waiters.indexOf(me), 1);
      this.#wake.wake();
    }
    slots.held += 1;
    return new HeldSlot(slots, this.clock, this.#wake);
  }
}

/**
 * The `revoked` signal of a slot whose job runs: it can no longer be revoked. Made when first
 * asked for: a Worker may not make one in its global scope.
 */
let neverRevoked: AbortSignal | undefined;

/**
 * A taken slot, as one small object with no closures: a fleet holds thousands of them for as
 * long as their jobs wait.
 */
class HeldSlot implements HeldJobSlot {
  readonly #slots: OriginSlots;
  readonly #clock: Clock;
  readonly #wake: WakeSignal;
  readonly #takenAt: number;
  /**
   * Aborted when the slot is revoked; dropped once the job runs (a running job's slot is never
   * revoked): a signal with its listener tables is most of what a parked slot would weigh.
   */
  #revocation: AbortController | undefined = new AbortController();
  #released = false;
  #running = false;

  constructor(slots: OriginSlots, clock: Clock, wake: WakeSignal) {
    this.#slots = slots;
    this.#clock = clock;
    this.#wake = wake;
    this.#takenAt = clock.now();
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
    if (this.#running || this.#released) return;
    this.#running = true;
    if (!this.#revocation?.signal.aborted) this.#revocation = undefined;
    const slots = this.#slots;
    slots.running += 1;
    // Grown once every submission taken has been answered, so that a crowd sent together
    // at the edge of an unknown limit costs one refusal, not one per submission; but with
    // slow answers, one a round trip would take long: then by one per accepted submission
    // (doubling per round trip, as TCP's slow start).
    const slowAnswer = this.#clock.now() - this.#takenAt >= SLOW_ANSWER_MS;
    if (slots.slowStart !== undefined && (slots.held === slots.running || slowAnswer)) {
      slots.slowStart += 1;
      if (slots.slowStart >= SLOW_START_END) slots.slowStart = undefined;
      this.#wake.wake();
    }
    this.#settle();
  }

  release(): void {
    if (this.#released) return;
    this.#released = true;
    this.#slots.held -= 1;
    if (this.#running) this.#slots.running -= 1;
    this.#settle();
    this.#wake.wake();
  }

  #settle(): void {
    const index = this.#slots.pending.indexOf(this);
    if (index >= 0) this.#slots.pending.splice(index, 1);
  }
}
