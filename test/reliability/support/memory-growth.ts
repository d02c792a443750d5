/**
 * How much memory a piece of work made the process grow by at its peak: resident size and
 * array buffers are sampled every few milliseconds while it runs (and once at its end), against
 * what they were before it started.
 * @module
 */

export interface MemoryGrowth {
  /** Peak growth of the resident set, in bytes. */
  readonly rssBytes: number;
  /** Peak growth of memory held by ArrayBuffers (Buffers, fetched chunks), in bytes. */
  readonly arrayBufferBytes: number;
}

/** Runs `work` and reports its peak memory growth with its outcome (value or error). */
export async function measureMemoryGrowth<T>(
  work: () => Promise<T>,
): Promise<{ readonly outcome: { value: T } | { error: unknown }; readonly growth: MemoryGrowth }> {
  const before = process.memoryUsage();
  let rss = before.rss;
  let arrayBuffers = before.arrayBuffers;
  const sample = () => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    arrayBuffers = Math.max(arrayBuffers, now.arrayBuffers);
  };
  const timer = setInterval(sample, 5);
  let outcome: { value: T } | { error: unknown };
  try {
    outcome = { value: await work() };
  } catch (error) {
    outcome = { error };
  } finally {
    clearInterval(timer);
    sample();
  }
  return {
    outcome,
    growth: { rssBytes: rss - before.rss, arrayBufferBytes: arrayBuffers - before.arrayBuffers },
  };
}
