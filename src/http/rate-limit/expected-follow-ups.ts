/**
 * Follow-ups the job layer has said are coming (a job's next poll, at the moment its poller
 * will send it), per origin, so that new work arriving just before them does not take the units
 * they need.
 *
 * Why a queue order alone is not enough: polls of many jobs are due at nearly the same moment
 * (their jobs were accepted together), and a caller whose own poll was answered first sends its
 * next submission a few microseconds before the others' polls arrive. Queued first come, first
 * served or follow-ups first, that submission met an empty queue and took a unit that had just
 * come back; a poll then waited a whole window (a sliding log: a round of polls late, 1.10x the
 * least time). A request that starts new work now waits for the follow-ups due within
 * {@link FOLLOW_UP_HORIZON_MS} of its arrival, and no longer than that horizon past their moment
 * (a poll that never comes, its job aborted, holds nothing for long).
 * @module
 */
import { insertSorted } from './sorted-insert.js';

/**
 * How close a follow-up must be due for new work to wait for it, and how late it may arrive
 * before it is forgotten, in milliseconds: timers due together fire within a few milliseconds.
 */
export const FOLLOW_UP_HORIZON_MS = 10;

const byMoment = (moment: number) => moment;

export class ExpectedFollowUps {
  /** Per origin, the moments follow-ups are due, ascending. */
  readonly #due = new Map<string, number[]>();

  /** A follow-up to `origin` is due at `at`. */
  expect(origin: string, at: number): void {
    const due = this.#due.get(origin) ?? [];
    this.#due.set(origin, due);
    insertSorted(due, at, byMoment);
  }

  /** A follow-up to `origin` arrived at `now`: the earliest expected one is taken to be it. */
  arrived(origin: string, now: number): void {
    const due = this.#pruned(origin, now);
    if (due !== undefined && due[0]! <= now + FOLLOW_UP_HORIZON_MS) due.shift();
  }

  /**
   * Until when a request starting new work, which arrived at `arrivedAt`, waits at `now` for the
   * follow-ups due by `arrivedAt` + the horizon (only those: later ones never hold it), or
   * undefined when none is outstanding.
   */
  holdUntil(origin: string, arrivedAt: number, now: number): number | undefined {
    const first = this.#pruned(origin, now)?.[0];
    if (first === undefined || first > arrivedAt + FOLLOW_UP_HORIZON_MS) return undefined;
    return first > now ? first : first + FOLLOW_UP_HORIZON_MS;
  }

  /** `origin`'s list without the follow-ups overdue by more than the horizon (never coming). */
  #pruned(origin: string, now: number): number[] | undefined {
    const due = this.#due.get(origin);
    if (due === undefined) return undefined;
    let stale = 0;
    while (stale < due.length && due[stale]! + FOLLOW_UP_HORIZON_MS <= now) stale += 1;
    if (stale > 0) due.splice(0, stale);
    if (due.length > 0) return due;
    this.#due.delete(origin);
    return undefined;
  }
}
