/**
 * Reservations of calls whose outcome is unknown (an error after the request may have reached the
 * service: a 5xx, a reset after sending, a timeout). Such a reservation is neither released (the
 * call may have been charged) nor settled at its estimate at once (it may not have been): it holds
 * until the ledger settles it (with what it shows, 0 when it shows the service records every
 * call's key and has none for this one) or until it runs out, when it settles at the estimate.
 * @module
 */
import type { Reservation, SpendBudget } from './spend-budget.js';

/** A call whose charge is not known yet. */
export interface AmbiguousCharge {
  readonly reservation: Reservation;
  readonly operationId: string;
  /** The Idempotency-Key it was sent with; without one no ledger can name its charge. */
  readonly idempotencyKey: string | undefined;
  /** When it settles at its estimate if nothing settled it before (clock milliseconds). */
  readonly settleBy: number;
}

/**
 * What the ledger says a call charged, in the major unit: a number (0 when it provably charged
 * nothing), or undefined when the ledger cannot tell (unreadable, or it names no calls' keys).
 */
export type ChargeLookup = (charge: AmbiguousCharge) => Promise<number | undefined>;

/** Most ambiguous charges held at once: past it the oldest settles at its estimate. */
const MAX_HELD = 256;

/** The ambiguous charges of one session's budget. */
export class AmbiguousCharges {
  readonly #held = new Map<string, AmbiguousCharge>();

  constructor(
    private readonly budget: SpendBudget,
    private readonly now: () => number,
    /** How long a charge is held before it settles at its estimate (the reservation's TTL). */
    private readonly holdMs: number,
  ) {}

  /** Whether any charge waits for its settlement. */
  get waiting(): boolean {
    return this.#held.size > 0;
  }

  /** Holds `reservation` until a lookup or its time settles it. */
  async hold(
    reservation: Reservation,
    call: Omit<AmbiguousCharge, 'reservation' | 'settleBy'>,
  ): Promise<void> {
    this.#held.set(reservation.id, { ...call, reservation, settleBy: this.now() + this.holdMs });
    for (const [id, oldest] of this.#held) {
      if (this.#held.size <= MAX_HELD) break;
      this.#held.delete(id);
      await this.budget.settle(oldest.reservation);
    }
  }

  /**
   * Settles every held charge that can be: those past their time at the estimate, the others with
   * what `lookup` finds. A lookup that fails or cannot tell leaves the charge held.
   */
  async settle(lookup: ChargeLookup): Promise<void> {
    for (const [id, charge] of [...this.#held]) {
      let charged: number | undefined;
      if (this.now() < charge.settleBy) {
        try {
          charged = await lookup(charge);
        } catch {
          charged = undefined;
        }
        if (charged === undefined) continue;
      }
      // Taken out before the store is told, so a concurrent settle cannot count it twice.
      if (!this.#held.delete(id)) continue;
      await this.budget.settle(charge.reservation, charged);
    }
  }
}
