/**
 * The order in which one quota's waiters are served: requests that follow up on work the
 * service already accepted (a job's status poll, its result's fetch) before requests that start
 * new work, first come, first served within each class, and no request overtaken for ever.
 *
 * Why: a unit of quota that comes back is worth the most to a job already running (paid for,
 * holding one of the account's job places): a poll that waits behind a new submission keeps its
 * caller, its result and its job place waiting a whole refill longer, while the submission only
 * starts its wait for the job a little later. Served first come, first served, a caller whose
 * poll was answered at once sent its next submission into units that came back just as other
 * jobs' polls waited for them, and those polls went a round later (a sliding log: 1.10x the
 * least time).
 * @module
 */
import type { RequestPriority } from './governor-types.js';
import { insertSorted } from './sorted-insert.js';

/** A request waiting in the queue. */
export interface QueuedRequest {
  /** Arrival order at the governor (kept when the waiter moves from another route's queue). */
  readonly sequence: number;
  readonly priority: RequestPriority;
  /** When it arrived at the governor, on the governor's clock. */
  readonly arrivedAt: number;
  /**
   * New work only: since when it has been held for follow-ups other processes of a fleet
   * announced (`fleet-follow-ups.ts`), the quota having a unit for it, on the governor's clock;
   * undefined while it was not. Held, it lets its own process's follow-ups go first too, for the
   * overtake limit counted from then: a submission that had waited out a spent window counted
   * as overtaken from its arrival, and took the units the window's returning polls needed (a
   * sliding log through Redis: polls a window late).
   */
  overtakenSince?: number | undefined;
}

const bySequence = (request: QueuedRequest) => request.sequence;

/**
 * One quota's waiters, in arrival order, served follow-ups first. A `normal` request that has
 * waited `overtakeLimitMs` is overtaken no more: it takes its place by arrival again, so a
 * stream of polls that fills the quota delays new submissions by that long at most (or that
 * long past the moment the fleet's follow-ups first held it, see
 * {@link QueuedRequest.overtakenSince}).
 */
export class WaiterQueue<Waiter extends QueuedRequest> {
  readonly #waiters: Waiter[] = [];
  #followUps = 0;

  constructor(private readonly overtakeLimitMs: number) {}

  get length(): number {
    return this.#waiters.length;
  }

  /** Adds `waiter` in arrival order (a waiter moved here from another queue may be older than some). */
  add(waiter: Waiter): void {
    insertSorted(this.#waiters, waiter, bySequence);
    if (waiter.priority === 'follow-up') this.#followUps += 1;
  }

  /**
   * Takes `waiter` out, wherever it is: while its grant was being decided, another waiter may have
   * been queued ahead of it (an earlier arrival whose store read was slower, a follow-up).
   */
  remove(waiter: Waiter): void {
    const index = this.#waiters.indexOf(waiter);
    if (index < 0) return;
    this.#waiters.splice(index, 1);
    if (waiter.priority === 'follow-up') this.#followUps -= 1;
  }

  /** The waiter to serve next at `now`, or undefined when none waits. */
  next(now: number): Waiter | undefined {
    const oldest = this.#waiters[0];
    if (oldest === undefined || oldest.priority === 'follow-up' || this.#followUps === 0) return oldest;
    // The oldest waiter starts new work: it goes first only once it has been overtaken long enough
    // (then every later arrival is younger, so arrival order is the whole rule again).
    const held =
      oldest.overtakenSince !== undefined && !overtakenLongEnough(oldest, now, this.overtakeLimitMs);
    if (now - oldest.arrivedAt >= this.overtakeLimitMs && !held) return oldest;
    return this.#waiters.find((waiter) => waiter.priority === 'follow-up');
  }
}

/**
 * Whether `request`, new work held for the fleet's follow-ups since `overtakenSince`, has been
 * held for `limitMs` at `now` (it may not be held any longer).
 */
export function overtakenLongEnough(
  request: Pick<QueuedRequest, 'overtakenSince'>,
  now: number,
  limitMs: number,
): boolean {
  return request.overtakenSince !== undefined && now - request.overtakenSince >= limitMs;
}
