/**
 * A queue refusal met while the shared store cannot be read: the job limit is learned from what
 * this client knows, and the answer is still read (before, the store's error escaped
 * `learnFromRefusal` before the request's permit was given back).
 */
import { describe, expect, it } from 'vitest';
import {
  MemoryRateLimitStore,
  type RateLimitStore,
  RateLimitStoreError,
  systemClock,
} from '../../src/http/index.js';
import { JobSlots } from '../../src/http/rate-limit/job-slots.js';

describe('job slots on a store that cannot be read', () => {
  it('learn a refusal’s limit from the jobs this client runs', async () => {
    const clock = systemClock;
    const memory = new MemoryRateLimitStore();
    let readable = true;
    const store: RateLimitStore = {
      read: (bucket) => {
        if (readable) return memory.read(bucket);
        return Promise.reject(
          new RateLimitStoreError({ store: 'redis', operation: 'read', bucket, failure: new Error('down') }),
        );
      },
      compareAndSet: (bucket, version, state, ttlMs) => memory.compareAndSet(bucket, version, state, ttlMs),
    };
    const slots = new JobSlots(clock, undefined, store);
    const origin = 'https://api.example';
    const first = await slots.acquire(origin);
    const second = await slots.acquire(origin);
    first.markRunning();
    second.markRunning();
    readable = false;
    await expect(slots.learnFromRefusal(origin)).resolves.toBe(2);
  });
});
