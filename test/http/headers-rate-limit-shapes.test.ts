/**
 * Rate-limit fields read by their shape: every vendor's family, every reset form, several
 * limits at once. The field sets are the ones OpenAI, Anthropic, GitHub and Azure document.
 */
import { describe, expect, it } from 'vitest';
import { parseGoDuration, parseResetValue } from '../../src/http/headers/reset-value.js';
import { parseRateLimitFields } from '../../src/http/index.js';
import { RawHeaders } from '../../src/http/raw-headers.js';

const receivedAt = Date.UTC(2026, 0, 1, 12, 0, 0);
const parse = (fields: Record<string, string>) => parseRateLimitFields(new Headers(fields), { receivedAt });

describe('families of fields by shape', () => {
  it("reads OpenAI's requests and tokens, resets as Go durations", () => {
    const result = parse({
      'x-ratelimit-limit-requests': '60',
      'x-ratelimit-limit-tokens': '150000',
      'x-ratelimit-remaining-requests': '59',
      'x-ratelimit-remaining-tokens': '149984',
      'x-ratelimit-reset-requests': '1s',
      'x-ratelimit-reset-tokens': '6m0s',
    });
    expect(result.map((o) => [o.policy, o.limit, o.remaining, o.resetMs, o.quotaUnit])).toEqual([
      ['requests', 60, 59, 1_000, undefined],
      ['tokens', 150_000, 149_984, 360_000, 'tokens'],
    ]);
  });

  it("reads Anthropic's families, resets as RFC 3339 instants against the answer's Date", () => {
    const result = parseRateLimitFields(
      new RawHeaders({
        date: new Date(receivedAt + 5_000).toUTCString(),
        'anthropic-ratelimit-requests-limit': '50',
        'anthropic-ratelimit-requests-remaining': '49',
        'anthropic-ratelimit-requests-reset': new Date(receivedAt + 5_000 + 1_200).toISOString(),
        'anthropic-ratelimit-input-tokens-limit': '40000',
        'anthropic-ratelimit-input-tokens-remaining': '39000',
        'anthropic-ratelimit-input-tokens-reset': '2026-01-01T12:00:35Z',
      }),
      { receivedAt },
    );
    expect(result.map((o) => [o.policy, o.limit, o.remaining, o.resetMs])).toEqual([
      ['requests', 50, 49, 1_200],
      ['input-tokens', 40_000, 39_000, 30_000],
    ]);
  });

  it("reads GitHub's used and resource, the reset in epoch seconds", () => {
    const [observation] = parse({
      'x-ratelimit-limit': '5000',
      'x-ratelimit-used': '1',
      'x-ratelimit-reset': String(receivedAt / 1000 + 3_600),
      'x-ratelimit-resource': 'core',
    });
    expect(observation).toMatchObject({ policy: 'core', limit: 5000, remaining: 4999, resetMs: 3_600_000 });
  });

  it("reads Azure's x-ms- fields, a resource after the word", () => {
    const [observation] = parse({ 'x-ms-ratelimit-remaining-subscription-reads': '11999' });
    expect(observation).toMatchObject({ policy: 'subscription-reads', remaining: 11_999 });
  });

  it('reads a reset in milliseconds and a reset-after delay', () => {
    expect(parse({ 'x-ratelimit-remaining': '3', 'x-ratelimit-reset-ms': '250' })[0]?.resetMs).toBe(250);
    expect(parse({ 'x-ratelimit-remaining': '3', 'x-ratelimit-reset-after': '1.5' })[0]?.resetMs).toBe(1_500);
  });

  it('ignores what does not parse, and bounds the families read', () => {
    expect(parse({ 'x-ratelimit-remaining': 'lots', 'x-ratelimit-policy-name': '3' })).toEqual([]);
    const many: Record<string, string> = {};
    for (let index = 0; index < 100; index += 1) many[`x-ratelimit-remaining-r${index}`] = '1';
    expect(parse(many).length).toBeLessThanOrEqual(16);
  });
});

describe('reset values', () => {
  const context = { date: null, receivedAt };
  it.each([
    ['30', 30_000],
    ['0.5', 500],
    [String(receivedAt / 1000 + 10), 10_000],
    [String(receivedAt + 10_000), 10_000],
    ['6m0s', 360_000],
    ['1h2m3.5s', 3_723_500],
    ['20ms', 20],
    ['2026-01-01T12:00:10Z', 10_000],
    ['2026-01-01T13:00:10+01:00', 10_000],
    ['2026-01-01T12:00:10.250Z', 10_250],
    ['Thu, 01 Jan 2026 12:00:10 GMT', 10_000],
  ])('%s', (value, expected) => {
    expect(parseResetValue(value, context)).toBe(expected);
  });

  it('is undefined for anything else', () => {
    for (const value of ['', 'soon', '6 minutes', '-1', '1e5', '2026-01-01']) {
      expect(parseResetValue(value, context)).toBeUndefined();
    }
    expect(parseGoDuration('1.5h')).toBe(5_400_000);
  });
});
