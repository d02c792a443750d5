/**
 * The chaos suite's own seeded draws (which call comes when, with what), so that a run is the same
 * run every time: the emulator's faults have their own seed.
 * @module
 */

/** A generator of numbers in [0, 1) from `seed` (mulberry32: small, fast, good enough for a test). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One of `weighted`'s values, drawn with probability proportional to its weight. */
export function drawWeighted<T>(random: () => number, weighted: ReadonlyArray<readonly [T, number]>): T {
  const total = weighted.reduce((sum, [, weight]) => sum + weight, 0);
  let point = random() * total;
  for (const [value, weight] of weighted) {
    point -= weight;
    if (point < 0) return value;
  }
  return weighted[weighted.length - 1]![0];
}
