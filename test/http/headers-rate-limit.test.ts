import { describe, expect, it } from 'vitest';
import { parseRateLimitFields } from '../../src/http/index.js';

const at = { receivedAt: Date.UTC(2026, 0, 1, 12, 0, 0) };
const parse = (fields: Record<string, string>) => parseRateLimitFields(new Headers(fields), at);

describe('the current draft: named RateLimit-Policy and RateLimit lists', () => {
  it('reads the draft example with one policy', () => {
    const result = parse({ 'RateLimit-Policy': '"default";q=100;w=10', RateLimit: '"default";r=50;t=30' });
    expect(result).toEqual([
      {
        policy: 'default',
        limit: 100,
        windowMs: 10_000,
        remaining: 50,
        resetMs: 30_000,
        resetGrainMs: 1000,
        source: 'policy-list',
      },
    ]);
  });

  it('reads several policies and joins each counter to its policy by name', () => {
    const result = parse({
      'RateLimit-Policy': '"permin";q=50;w=60, "perhr";q=1000;w=3600',
      RateLimit: '"perhr";r=999;t=1800, "permin";r=49;t=59',
    });
    expect(result.map((o) => [o.policy, o.limit, o.windowMs, o.remaining, o.resetMs])).toEqual([
      ['perhr', 1000, 3_600_000, 999, 1_800_000],
      ['permin', 50, 60_000, 49, 59_000],
    ]);
  });

  it('keeps the partition key (a byte sequence) and the quota unit', () => {
    const [observation] = parse({
      'RateLimit-Policy': '"peruser";q=100;w=60;qu="content-bytes";pk=:cHsdsRa894==:',
      RateLimit: '"peruser";r=25;t=5;pk=:cHsdsRa894==:',
    });
    expect(observation).toMatchObject({ policy: 'peruser', quotaUnit: 'content-bytes', remaining: 25 });
    expect(observation?.partitionKey).toBe(Buffer.from('cHsdsRa894==', 'base64').toString('base64'));
  });

  it('accepts tokens as policy names (draft 08)', () => {
    expect(parse({ 'RateLimit-Policy': 'burst;q=5;w=1', RateLimit: 'burst;r=4;t=1' })[0]).toMatchObject({
      policy: 'burst',
      limit: 5,
      remaining: 4,
    });
  });

  it('reads what the emulator sends, partition key included', () => {
    const [observation] = parse({
      'RateLimit-Policy': '"generation";q=60;w=60;pk=:6bw+EwXMTtU=:',
      RateLimit: '"generation";r=59;t=53;pk=:6bw+EwXMTtU=:',
      'RateLimit-Limit': '60',
      'RateLimit-Remaining': '59',
      'X-RateLimit-Remaining': '59',
    });
    expect(observation).toEqual({
      policy: 'generation',
      limit: 60,
      windowMs: 60_000,
      remaining: 59,
      resetMs: 53_000,
      resetGrainMs: 1000,
      partitionKey: '6bw+EwXMTtU=',
      source: 'policy-list',
    });
  });

  it('learns nothing from a policy without live counters and no other field', () => {
    expect(parse({ 'RateLimit-Policy': '"daily";q=1000;w=86400' })).toEqual([]);
  });
});

describe('draft 07: the RateLimit dictionary', () => {
  it('reads limit, remaining and reset, with the window from an unnamed policy item', () => {
    expect(parse({ RateLimit: 'limit=100, remaining=50, reset=5', 'RateLimit-Policy': '100;w=10' })).toEqual([
      {
        limit: 100,
        remaining: 50,
        resetMs: 5_000,
        resetGrainMs: 1000,
        windowMs: 10_000,
        source: 'dictionary',
      },
    ]);
  });
});

describe('drafts up to 06: separate fields', () => {
  it('reads RateLimit-Limit, -Remaining and -Reset as delta seconds', () => {
    expect(parse({ 'RateLimit-Limit': '10', 'RateLimit-Remaining': '1', 'RateLimit-Reset': '7' })).toEqual([
      { limit: 10, remaining: 1, resetMs: 7_000, resetGrainMs: 1000, source: 'separate' },
    ]);
  });

  it('reads the early list form of RateLimit-Limit with its window', () => {
    const [observation] = parse({ 'RateLimit-Limit': '10, 10;w=1, 50;w=60', 'RateLimit-Remaining': '9' });
    expect(observation).toMatchObject({ limit: 10, remaining: 9 });
  });

  it('takes the window from a RateLimit-Policy of unnamed items', () => {
    const [observation] = parse({
      'RateLimit-Limit': '50',
      'RateLimit-Remaining': '3',
      'RateLimit-Reset': '20',
      'RateLimit-Policy': '10;w=1, 50;w=60',
    });
    expect(observation).toMatchObject({ limit: 50, windowMs: 60_000 });
  });
});

describe('X-RateLimit-*', () => {
  it('reads a reset of delta seconds', () => {
    expect(
      parse({ 'X-RateLimit-Limit': '120', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '42' }),
    ).toEqual([{ limit: 120, remaining: 0, resetMs: 42_000, resetGrainMs: 1000, source: 'x-ratelimit' }]);
  });

  it('reads a reset of epoch seconds against the response Date', () => {
    const date = new Date(at.receivedAt - 5_000); // the server's clock runs 5 s behind ours
    const reset = Math.floor(date.getTime() / 1000) + 30;
    const [observation] = parse({
      Date: date.toUTCString(),
      'X-RateLimit-Remaining': '5',
      'X-RateLimit-Reset': String(reset),
    });
    expect(observation?.resetMs).toBe(30_000);
  });

  it('reads a reset of epoch seconds against the arrival when Date agrees within its whole second', () => {
    // Answered 300 ms into a second: Date says the second, truncated; the window ends at the next.
    const receivedAt = at.receivedAt + 300;
    const headers = new Headers({
      Date: new Date(receivedAt).toUTCString(),
      'X-RateLimit-Remaining': '5',
      'X-RateLimit-Reset': String(at.receivedAt / 1000 + 1),
    });
    expect(parseRateLimitFields(headers, { receivedAt })[0]?.resetMs).toBe(700);
  });

  it('reads a reset of epoch milliseconds', () => {
    const reset = at.receivedAt + 12_000;
    expect(parse({ 'X-RateLimit-Remaining': '5', 'X-RateLimit-Reset': String(reset) })[0]?.resetMs).toBe(
      12_000,
    );
  });
});

describe('garbage', () => {
  const garbage = [
    '',
    ',,,',
    '"unterminated',
    'limit=abc',
    '-5',
    '1e9999',
    ';;;q=',
    '"p";r=-1;t=5',
    '"p";r=1.5',
    '()',
    '"p";r=?1',
    '\u0000\u0001',
    'a'.repeat(10_000),
  ];

  it.each(garbage)('ignores %j in every field without throwing', (value) => {
    const fields = [
      'RateLimit',
      'RateLimit-Policy',
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
    ];
    const headers = new Headers();
    for (const name of fields) {
      try {
        headers.set(name, value);
      } catch {
        return; // not even a legal field value
      }
    }
    expect(() => parseRateLimitFields(headers, at)).not.toThrow();
    expect(
      parseRateLimitFields(headers, at).every((o) => o.remaining === undefined || o.remaining >= 0),
    ).toBe(true);
  });

  it('falls back to the next generation when the newest field is malformed', () => {
    const result = parse({ RateLimit: '"p";r=oops', 'X-RateLimit-Remaining': '3', 'X-RateLimit-Reset': '9' });
    expect(result).toEqual([{ remaining: 3, resetMs: 9_000, resetGrainMs: 1000, source: 'x-ratelimit' }]);
  });

  it('returns nothing when no field is present', () => {
    expect(parse({ 'Content-Type': 'application/json' })).toEqual([]);
  });
});
