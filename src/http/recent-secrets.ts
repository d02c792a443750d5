/**
 * Secrets learned from the service's answers, kept within a bound: the most recently seen, up to
 * a count and a total size. A service that answers a hundred secret-named fields per call must
 * not make the client hold every one of them for ever.
 * @module
 */

/** A set of strings that forgets the least recently added or seen once it passes its bounds. */
export class RecentSecrets {
  /** Value to its cost, in insertion (recency) order. */
  readonly #costs = new Map<string, number>();
  #total = 0;

  /**
   * @param maxCount most values kept
   * @param maxCost most total cost kept (the caller's unit: characters, say)
   */
  constructor(
    readonly maxCount: number,
    readonly maxCost: number,
  ) {}

  /**
   * Adds `value`, or marks it as recently seen; forgets the oldest beyond the bounds. Returns
   * whether the set of values changed. A value costlier than the whole bound is not kept.
   */
  add(value: string, cost: number): boolean {
    const known = this.#costs.get(value);
    if (known !== undefined) {
      this.#costs.delete(value);
      this.#costs.set(value, known);
      return false;
    }
    if (cost > this.maxCost || this.maxCount < 1) return false;
    this.#costs.set(value, cost);
    this.#total += cost;
    for (const [oldest, oldestCost] of this.#costs) {
      if (this.#costs.size <= this.maxCount && this.#total <= this.maxCost) break;
      this.#costs.delete(oldest);
      this.#total -= oldestCost;
    }
    return true;
  }

  delete(value: string): boolean {
    const cost = this.#costs.get(value);
    if (cost === undefined) return false;
    this.#costs.delete(value);
    this.#total -= cost;
    return true;
  }

  has(value: string): boolean {
    return this.#costs.has(value);
  }

  get size(): number {
    return this.#costs.size;
  }

  /** Total cost of the values kept. */
  get cost(): number {
    return this.#total;
  }

  values(): IterableIterator<string> {
    return this.#costs.keys();
  }
}
