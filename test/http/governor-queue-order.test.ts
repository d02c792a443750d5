/**
 * The governor's queue keeps every waiter while a grant is being decided: a waiter that arrived
 * earlier but met its wait later (its store read was slower) is queued ahead of the one being
 * served, and must still be served. Before, the served waiter left the queue by `shift()`, which
 * dropped the earlier one for good (a fleet on Redis stalled with nothing on the wire).
 */
import { describe, expect, it } from 'vitest';
import {
  type BucketState,
  type Clock,
  MemoryRateLimitStore,
  RateLimitGovernor,
  type RateLimitStore,
} from '../../src/http/index.js';
import { quota } from './support/governor-suite.js';

const URL_A = new URL('https://api.test/api/v7/images/text-to-image');
const flush = async () => {
  for (let tick = 0; tick < 20; tick += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('the governor’s queue while a grant is being decided', () => {
  it('serves a waiter queued ahead of the one being served', async () => {
    const now = 1_767_225_600_000;
    // Time stands still: every wait is cut short only by the governor's own wake-ups.
    const clock: Clock = { now: () => now, sleep: () => new Promise<void>(() => {}) };
    const inner = new MemoryRateLimitStore(() => now);
    const buckets = new Set<string>();
    const gates: Array<Promise<void> | undefined> = [];
    const store: RateLimitStore = {
      read: async (bucket) => {
        // The cap on requests in flight keeps its record in the store too: only quota reads are gated.
        if (!bucket.endsWith('#concurrency')) await gates.shift();
        return inner.read(bucket);
      },
      compareAndSet: (bucket, version, state, ttlMs) => {
        if (!bucket.endsWith('#concurrency')) buckets.add(bucket);
        return inner.compareAndSet(bucket, version, state, ttlMs);
      },
    };
    const governor = new RateLimitGovernor({ clock, store, random: () => 0 });
    const probe = await governor.acquire(URL_A);
    await probe.complete({ answered: true, status: 200, receivedAt: now, observations: [quota(10, 0, 60)] });

    const gate = () => {
      let open!: () => void;
      const closed = new Promise<void>((resolve) => {
        open = resolve;
      });
      return { closed, open };
    };
    const first = gate();
    const served = gate();
    // A's read is slow; C's first read says wait (C is queued and served); C's second read is slow.
    gates.push(first.closed, undefined, served.closed);
    const granted: string[] = [];
    void governor.acquire(URL_A).then(() => granted.push('A'));
    await flush();
    void governor.acquire(URL_A).then(() => granted.push('C'));
    await flush();
    first.open(); // A meets the wait and is queued ahead of C, whose grant is being decided.
    await flush();
    // Room comes back (another process's answer, say), then C's grant goes on.
    for (const bucket of buckets) {
      const current = await inner.read(bucket);
      const room: BucketState = { blockedUntil: 0, limit: 10, windowMs: 60_000 };
      await inner.compareAndSet(bucket, current?.version ?? 0, room, 60_000);
    }
    served.open();
    await flush();
    expect(granted.sort()).toEqual(['A', 'C']);
  });
});
