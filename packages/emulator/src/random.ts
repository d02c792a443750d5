/** A small seeded generator (mulberry32): the same seed gives the same job durations and faults. */
export class SeededRandom {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A number in [min, max]. */
  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** true with probability `p`. */
  chance(p: number): boolean {
    return p > 0 && this.next() < p;
  }
}
