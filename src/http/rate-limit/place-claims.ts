/**
 * Turns between processes for places of one kind (requests under the cap on requests in flight,
 * job slots) in a shared concurrency record. A fleet whose processes each took the places their
 * own answers freed served whoever happened to be answered, and a process that only looks at the
 * record now and then (it hears nothing of the others' answers) was starved: one of four kept a
 * single request in flight for half a minute, and finished its work seconds after the others.
 * So a process with things waiting claims the next places freed, and a place goes to the waiting
 * process holding the fewest, between equals to the one that took a place longest ago (each
 * process its fair share, as fair queueing shares a link between flows); the claim is renewed
 * while they wait and ends by itself a few looks later, so a process that dies holds nobody back
 * for long.
 * @module
 */
import { type ConcurrencyBook, quietly } from './concurrency-book.js';
import {
  type ClaimField,
  type ConcurrencyRecord,
  claimOf,
  othersFirst,
  withClaim,
} from './concurrency-record.js';

/** A claim lasts this many of its waiter's longest sleeps between looks, unless renewed. */
const CLAIM_LOOKS = 4;

export class PlaceClaims {
  /** Per origin: how many places this process took so far. */
  readonly #taken = new Map<string, number>();

  /** @param field Which kind of place the claims are for. */
  constructor(
    private readonly book: ConcurrencyBook,
    private readonly field: ClaimField,
  ) {}

  /** Whether another process has the next place on `origin` (this one holds `held`). Never on a record of one's own. */
  yields(origin: string, record: ConcurrencyRecord, held: number, now: number): boolean {
    if (!this.book.shared) return false;
    return othersFirst(
      record,
      this.field,
      this.book.owner,
      { held, taken: this.#taken.get(origin) ?? 0 },
      now,
    );
  }

  /**
   * `record` with this process's claim for `waiting` things (a write it makes anyway); `took`:
   * the write takes a place (call {@link took} once it succeeded).
   */
  with(
    origin: string,
    record: ConcurrencyRecord,
    waiting: number,
    typicalMs: number | undefined,
    now: number,
    took = false,
  ): ConcurrencyRecord {
    if (!this.book.shared) return record;
    const taken = (this.#taken.get(origin) ?? 0) + (took ? 1 : 0);
    return withClaim(
      record,
      this.field,
      [this.book.owner, waiting, now + this.#claimMs(typicalMs), taken],
      now,
    );
  }

  /** Keeps the claim for `waiting` things in the record: written when it changed or is about to end. */
  async keep(
    origin: string,
    record: ConcurrencyRecord,
    waiting: number,
    typicalMs: number | undefined,
    now: number,
  ): Promise<void> {
    if (!this.book.shared) return;
    const own = claimOf(record, this.field, this.book.owner);
    if (own && own[1] === waiting && own[2] - now > this.#claimMs(typicalMs) / 2) return;
    await quietly(
      this.book.update(origin, (current, at) => this.with(origin, current, waiting, typicalMs, at)),
    );
  }

  /** The last thing waiting here gave up (abort, deadline): its claim would hold the others back. */
  drop(origin: string): void {
    if (!claimOf(this.book.cached(origin), this.field, this.book.owner)) return;
    void quietly(
      this.book.update(origin, (current, at) =>
        withClaim(current, this.field, [this.book.owner, 0, at, 0], at),
      ),
    );
  }

  /** A place was taken on `origin` (its write succeeded). */
  took(origin: string): void {
    this.#taken.set(origin, (this.#taken.get(origin) ?? 0) + 1);
  }

  #claimMs(typicalMs: number | undefined): number {
    return CLAIM_LOOKS * this.book.longestLookMs(typicalMs);
  }
}
