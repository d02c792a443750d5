import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimitedError } from '../../src/http/index.js';
import { chatRequest } from './support/requests.js';
import { startTestBed, type TestBed } from './support/test-bed.js';

describe('the governor against the emulator', () => {
  let bed: TestBed;
  beforeAll(async () => {
    bed = await startTestBed({ rateLimits: { generation: { limit: 10, windowSeconds: 60 } } });
  });
  afterAll(() => bed.close());

  it('serves 50 concurrent callers under a quota of 10 a minute with no 429, not even on the wire', async () => {
    const account = bed.emulator.createAccount();
    const client = bed.client({ credentials: { generationKey: account.apiKey }, totalTimeoutMs: 900_000 });
    const wireBefore = bed.wire.length;
    const start = bed.clock.now();
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => client.request(chatRequest())));
    const elapsed = bed.clock.now() - start;
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(bed.wire.slice(wireBefore).filter((status) => status === 429)).toEqual([]);
    expect(bed.wire.length - wireBefore).toBe(50);
    // 50 requests at 10 a minute need at least four window resets, and not much more.
    expect(elapsed).toBeGreaterThanOrEqual(4 * 60_000 - 60_000);
    expect(elapsed).toBeLessThan(6 * 60_000);
    expect(bed.events.some((event) => event.type === 'throttle-wait')).toBe(true);
  });

  it('answers RateLimitedError with the wait, without sending, when the quota cannot serve before the deadline', async () => {
    const account = bed.emulator.createAccount();
    const client = bed.client({ credentials: { generationKey: account.apiKey }, retry: false });
    await client.request(chatRequest());
    bed.emulator.faults.inject({ kind: 'rate-limited', match: 'v7_llm_chat_completions', times: 1 });
    // The service refuses and asks for a second; nothing may be sent during that second.
    await expect(client.request(chatRequest())).rejects.toSatisfy(RateLimitedError.isInstance);
    const wireBefore = bed.wire.length;
    const error = await client
      .request(chatRequest({ totalTimeoutMs: 500 }))
      .catch((caught: unknown) => caught);
    expect(RateLimitedError.isInstance(error)).toBe(true);
    expect((error as RateLimitedError).retryAfterMs).toBeGreaterThan(500);
    expect((error as RateLimitedError).httpStatus).toBeUndefined();
    expect(bed.wire.length).toBe(wireBefore);
  });
});

describe.each(['seconds', 'http-date'] as const)('Retry-After as %s', (retryAfterFormat) => {
  let bed: TestBed;
  beforeAll(async () => {
    bed = await startTestBed({ retryAfterFormat });
  });
  afterAll(() => bed.close());

  it('waits as long as the service asks, then succeeds', async () => {
    const account = bed.emulator.createAccount();
    const client = bed.client({ credentials: { generationKey: account.apiKey } });
    await client.request(chatRequest()); // learn the quota first
    bed.emulator.faults.inject({ kind: 'rate-limited', match: 'v7_llm_chat_completions', times: 2 });
    const start = bed.clock.now();
    const response = await client.request(chatRequest());
    expect(response.status).toBe(200);
    expect(response.attempts).toBe(3);
    // Retry-After is 1 s each time: seconds are exact, an HTTP-date rounds up to the next second.
    expect(bed.clock.now() - start).toBeGreaterThanOrEqual(2_000);
    expect(bed.clock.now() - start).toBeLessThan(5_000);
    const retries = bed.events.filter((event) => event.type === 'retry');
    expect(retries.map((event) => event.type === 'retry' && event.code)).toEqual([
      'rate_limited',
      'rate_limited',
    ]);
  });
});
