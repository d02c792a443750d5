/**
 * Where the in-flight cap and the job slots keep their record of each origin: in this process,
 * or in the rate-limit store when one was passed in (it may be shared with other processes),
 * under `<origin>#concurrency`, written with compare-and-set as the quotas are. A shared record
 * changes without this process hearing of it, so a waiter there also looks again now and then:
 * at a fraction of how long the awaited thing usually lasts, sooner while the record keeps
 * changing, less often while it does not.
 * @module
 */
import type { Clock } from '../clock.js';
import type { ConcurrencyRecord } from './concurrency-record.js';
import type { RateLimitStore } from './rate-limit-store.js';
import { RateLimitStoreError } from './rate-limit-store-error.js';
import type { WakeSignal } from './wake-signal.js';

/**
 * Every process of a fleet writes this one record per origin (each request and job slot does),
 * far more often than any one quota's state: a write may lose many races in a row while the
 * others progress, so it is retried longer than a quota's.
 */
const MAX_CAS_ATTEMPTS = 256;
/** A waiter on a shared record looks again after this share of the awaited thing's usual length... */
const POLL_SHARE = 1 / 32;
/** ...and, before any was measured, first after this long, doubling while nothing changes. */
const FIRST_POLL_MS = 10;
/** Never less often than this... */
const LONGEST_POLL_MS = 1_000;
/**
 * ...nor than this share of the awaited thing's usual length: requests sent together are
 * answered together, the record unchanged until then; a waiter whose looks had doubled all
 * along slept through the answers (a fleet sent almost nothing for a second at a time).
 */
const QUIET_POLL_SHARE = 1 / 8;

export class ConcurrencyBook {
  readonly #local = new Map<string, ConcurrencyRecord>();
  readonly #cached = new Map<string, ConcurrencyRecord>();

  /**
   * @param store The store passed to the governor (shared), or undefined: the record stays here.
   * @param owner This governor's id in a shared record.
   */
  constructor(
    readonly clock: Clock,
    private readonly store: RateLimitStore | undefined,
    readonly owner: string,
    private readonly ttlMs = 3_600_000,
  ) {}

  /** Whether other processes may change the record (waiters must look again). */
  get shared(): boolean {
    return this.store !== undefined;
  }

  #key(origin: string): string {
    return `${origin}#concurrency`;
  }

  /** The record as last read or written here (for synchronous questions). */
  cached(origin: string): ConcurrencyRecord {
    return this.#cached.get(origin) ?? this.#local.get(origin) ?? {};
  }

  async read(origin: string): Promise<ConcurrencyRecord> {
    if (!this.store) return this.#local.get(origin) ?? {};
    const record = (await this.store.read(this.#key(origin)))?.state.concurrency ?? {};
    this.#cached.set(origin, record);
    return record;
  }

  /** The record as the store has it, or as last known here when the store cannot be read. */
  async readOrCached(origin: string): Promise<ConcurrencyRecord> {
    try {
      return await this.read(origin);
    } catch (error) {
      if (!RateLimitStoreError.isInstance(error)) throw error;
      return this.cached(origin);
    }
  }

  /**
   * Applies `change` to the record (compare-and-set, retried under contention); returns what was
   * written. A change that returns the record it was given writes nothing.
   */
  async update(
    origin: string,
    change: (record: ConcurrencyRecord, now: number) => ConcurrencyRecord,
  ): Promise<ConcurrencyRecord> {
    if (!this.store) {
      const next = change(this.#local.get(origin) ?? {}, this.clock.now());
      this.#local.set(origin, next);
      return next;
    }
    const key = this.#key(origin);
    for (let attempt = 0; attempt < MAX_CAS_ATTEMPTS; attempt += 1) {
      const current = await this.store.read(key);
      const before = current?.state.concurrency ?? {};
      const next = change(before, this.clock.now());
      // Nothing changed (a waiter that found no room): no write, no new version for the others.
      if (next === before) {
        this.#cached.set(origin, next);
        return next;
      }
      const state = { blockedUntil: 0, concurrency: next };
      if (await this.store.compareAndSet(key, current?.version ?? 0, state, this.ttlMs)) {
        this.#cached.set(origin, next);
        return next;
      }
    }
    throw new RateLimitStoreError({
      store: 'shared',
      operation: 'compare-and-set',
      bucket: key,
      failure: `the record kept changing under other writers (${MAX_CAS_ATTEMPTS} attempts)`,
    });
  }

  /** The longest a waiter on a shared record sleeps between looks, for a thing that usually lasts `typicalMs`. */
  longestLookMs(typicalMs: number | undefined): number {
    if (typicalMs === undefined) return LONGEST_POLL_MS;
    return Math.min(LONGEST_POLL_MS, Math.max(firstLookMs(typicalMs), typicalMs * QUIET_POLL_SHARE));
  }

  /**
   * Sleeps until `until`, a local wake, or (on a shared record) the next look: `typicalMs` is how
   * long the awaited thing usually lasts (undefined: not measured yet); `quietPolls` how many looks
   * in a row found nothing changed.
   */
  async wait(
    wake: WakeSignal,
    until: number,
    options: { signal?: AbortSignal | undefined; typicalMs: number | undefined; quietPolls: number },
  ): Promise<void> {
    const now = this.clock.now();
    let end = until;
    if (this.shared) {
      const base = firstLookMs(options.typicalMs);
      const longest = this.longestLookMs(options.typicalMs);
      end = Math.min(end, now + Math.min(longest, base * 2 ** Math.min(options.quietPolls, 10)));
    }
    if (Number.isFinite(end)) await wake.sleep(this.clock, Math.max(0, end - now), options.signal);
    else await wake.next(options.signal);
  }
}

/** The first look again on a shared record, for a thing that usually lasts `typicalMs`. */
function firstLookMs(typicalMs: number | undefined): number {
  return typicalMs === undefined ? FIRST_POLL_MS : Math.max(1, typicalMs * POLL_SHARE);
}

/** Runs a write whose failure must not surface (a release, an answer recorded): the lease ends it anyway. */
export function quietly(write: Promise<unknown>): Promise<void> {
  return write.then(
    () => undefined,
    (error: unknown) => {
      if (!RateLimitStoreError.isInstance(error)) throw error;
    },
  );
}

/** A smoothed duration (an exponentially weighted mean, as TCP smooths its round trip). */
export function smoothed(previous: number | undefined, sample: number): number {
  return previous === undefined ? sample : previous + (sample - previous) / 8;
}
