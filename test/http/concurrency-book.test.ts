/**
 * How often a waiter on a shared concurrency record looks again: sooner while it changes, less
 * often while it does not, but never so seldom that it sleeps through the answers it waits for.
 */
import { ManualClock } from 'generation-agent-toolkit-emulator';
import { describe, expect, it } from 'vitest';
import { ConcurrencyBook } from '../../src/http/rate-limit/concurrency-book.js';
import { MemoryRateLimitStore } from '../../src/http/rate-limit/rate-limit-store.js';
import { WakeSignal } from '../../src/http/rate-limit/wake-signal.js';
import { createVirtualClock } from '../support/virtual-clock.js';

const START = Date.UTC(2026, 0, 1, 0, 0, 0, 300);

async function sleptMs(typicalMs: number | undefined, quietPolls: number): Promise<number> {
  const clock = createVirtualClock(new ManualClock(START));
  const book = new ConcurrencyBook(clock, new MemoryRateLimitStore(() => clock.now()), 'governor');
  const before = clock.now();
  await book.wait(new WakeSignal(), Number.POSITIVE_INFINITY, { typicalMs, quietPolls });
  return clock.now() - before;
}

describe('a waiter on a shared concurrency record', () => {
  it('looks again less often while nothing changes, but at least eight times per awaited answer', async () => {
    // Answers take a second: first at 1/32 of it, doubling while the record stays the same...
    expect(await sleptMs(1_000, 0)).toBe(31.25);
    expect(await sleptMs(1_000, 1)).toBe(62.5);
    // ...but never more than an eighth of it: requests sent together are answered together,
    // and a waiter that had backed off to a second slept through those answers.
    expect(await sleptMs(1_000, 10)).toBe(125);
    // Before any answer was measured, and for long-lasting things, at most a second.
    expect(await sleptMs(undefined, 10)).toBe(1_000);
    expect(await sleptMs(60_000, 10)).toBe(1_000);
  });
});
