/**
 * Rate-limit fields and refusals as providers the governor was not built on document them,
 * each read by its shape: Discord (fractional epoch and `Reset-After`, `X-RateLimit-Bucket`,
 * `retry_after` in the 429's body), Shopify (`X-Shopify-Shop-Api-Call-Limit: 32/40`,
 * `Retry-After: 2.0`), Okta and X (`x-rate-limit-*`), GitLab (`RateLimit-*` with
 * `RateLimit-Name` and `-ResetTime`), Reddit (`X-Ratelimit-Used` and a float remaining), Azure
 * OpenAI (remaining without limit; `-1` values), Google (`google.rpc.RetryInfo`).
 */
import { describe, expect, it } from 'vitest';
import { parseRateLimitFields, parseRetryAfter } from '../../src/http/index.js';
import { refusalOf } from '../../src/http/refusal.js';
import { errorFieldsOf } from '../../src/http/response-body.js';

const receivedAt = Date.UTC(2016, 7, 2, 21, 23, 42);
const date = new Date(receivedAt).toUTCString();
const parse = (fields: Record<string, string>) =>
  parseRateLimitFields(new Headers({ date, ...fields }), { receivedAt });
const shape = (fields: Record<string, string>) =>
  parse(fields).map(({ policy, limit, remaining, resetMs }) => ({ policy, limit, remaining, resetMs }));

describe('fields of providers not modelled before', () => {
  it("reads Discord's documented example: the delay wins over the moment, the bucket names the quota", () => {
    expect(
      shape({
        'X-RateLimit-Limit': '5',
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': '1470173023.123',
        'X-RateLimit-Reset-After': '1.123',
        'X-RateLimit-Bucket': 'abcd1234',
      }),
    ).toEqual([{ policy: 'abcd1234', limit: 5, remaining: 0, resetMs: 1_124 }]);
  });

  it("reads Discord's Reset-After against a skewed Date, and its epoch reset alone to the millisecond", () => {
    const skewed = parseRateLimitFields(
      new Headers({
        date: new Date(receivedAt + 60_000).toUTCString(),
        'x-ratelimit-limit': '5',
        'x-ratelimit-remaining': '4',
        'x-ratelimit-reset': '1470173083.5',
        'x-ratelimit-reset-after': '1.500',
      }),
      { receivedAt },
    );
    expect(skewed[0]?.resetMs).toBe(1_501);
    expect(
      shape({
        'x-ratelimit-limit': '5',
        'x-ratelimit-remaining': '4',
        'x-ratelimit-reset': '1470173023.123',
      }),
    ).toEqual([{ policy: undefined, limit: 5, remaining: 4, resetMs: 1_124 }]);
  });

  it("reads Shopify's call limit, used over the bucket's depth", () => {
    expect(shape({ 'X-Shopify-Shop-Api-Call-Limit': '32/40' })).toEqual([
      { policy: undefined, limit: 40, remaining: 8, resetMs: undefined },
    ]);
  });

  it('reads a count past its limit as the quota spent (Salesforce lets a day run over)', () => {
    expect(shape({ 'X-Shopify-Shop-Api-Call-Limit': '41/40' })).toEqual([
      { policy: undefined, limit: 40, remaining: 0, resetMs: undefined },
    ]);
  });

  it.each([['40/0'], ['1/2/3'], ['-1/40'], ['32 of 40']])('ignores a call limit of %j', (value) => {
    expect(parse({ 'X-Shopify-Shop-Api-Call-Limit': value })).toEqual([]);
  });

  it("reads Okta's and X's x-rate-limit-* with an epoch reset", () => {
    expect(
      shape({
        'X-Rate-Limit-Limit': '1200',
        'X-Rate-Limit-Remaining': '1199',
        'X-Rate-Limit-Reset': String(receivedAt / 1000 + 60),
      }),
    ).toEqual([{ policy: undefined, limit: 1200, remaining: 1199, resetMs: 60_000 }]);
  });

  it("reads GitLab's RateLimit-* fields, named by RateLimit-Name, ResetTime left aside", () => {
    expect(
      shape({
        'RateLimit-Limit': '600',
        'RateLimit-Name': 'throttle_authenticated_api',
        'RateLimit-Observed': '6',
        'RateLimit-Remaining': '594',
        'RateLimit-Reset': String(receivedAt / 1000 + 30),
        'RateLimit-ResetTime': new Date(receivedAt + 30_000).toUTCString(),
      }),
    ).toEqual([{ policy: 'throttle_authenticated_api', limit: 600, remaining: 594, resetMs: 30_000 }]);
  });

  it("reads Reddit's used and float remaining: the limit is their sum", () => {
    expect(
      shape({ 'X-Ratelimit-Used': '2', 'X-Ratelimit-Remaining': '598.0', 'X-Ratelimit-Reset': '540' }),
    ).toEqual([{ policy: undefined, limit: 600, remaining: 598, resetMs: 540_000 }]);
  });

  it("reads Azure OpenAI's remaining without a limit, and leaves its -1 placeholders out", () => {
    expect(
      shape({ 'x-ratelimit-remaining-requests': '119', 'x-ratelimit-remaining-tokens': '119000' }),
    ).toEqual([
      { policy: 'requests', limit: undefined, remaining: 119, resetMs: undefined },
      { policy: 'tokens', limit: undefined, remaining: 119_000, resetMs: undefined },
    ]);
    expect(
      parse({
        'x-ratelimit-limit-tokens': '-1',
        'x-ratelimit-remaining-tokens': '-1',
        'x-ratelimit-reset-tokens': '0',
      }),
    ).toEqual([]);
  });
});

describe('retry advice of providers not modelled before', () => {
  it("reads Shopify's Retry-After: 2.0", () => {
    expect(parseRetryAfter('2.0', { receivedAt })).toBe(2_000);
  });

  it("reads Discord's retry_after from a 429's body, fractional seconds", () => {
    expect(
      errorFieldsOf({ message: 'You are being rate limited.', retry_after: 64.57, global: true })
        .retryAfterSeconds,
    ).toBe(64.57);
  });

  it("reads Google's RetryInfo among a RESOURCE_EXHAUSTED error's details", () => {
    const body = {
      error: {
        code: 429,
        message: 'You exceeded your current quota. Please retry in 46.5s.',
        status: 'RESOURCE_EXHAUSTED',
        details: [
          { '@type': 'type.googleapis.com/google.rpc.QuotaFailure', violations: [{ quotaId: 'PerMinute' }] },
          { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '46s' },
        ],
      },
    };
    expect(errorFieldsOf(body).retryAfterSeconds).toBe(46);
    const fractional = { error: { details: [{ retryDelay: '1.500s' }] } };
    expect(errorFieldsOf(fractional).retryAfterSeconds).toBe(1.5);
    const binary = { error: { details: [{ retryDelay: { seconds: 2, nanos: 500_000_000 } }] } };
    expect(errorFieldsOf(binary).retryAfterSeconds).toBe(2.5);
  });

  it('reads no RetryInfo that is malformed or past the first details', () => {
    for (const retryDelay of ['46', '-1s', '1e9s', 's', '10h17m5.7s', 46]) {
      expect(errorFieldsOf({ error: { details: [{ retryDelay }] } }).retryAfterSeconds).toBeUndefined();
    }
    const buried = { error: { details: [...Array.from({ length: 16 }, () => ({})), { retryDelay: '1s' }] } };
    expect(errorFieldsOf(buried).retryAfterSeconds).toBeUndefined();
  });
});

describe('refusals of providers not modelled before', () => {
  const refusal = (status: number, message: string | undefined, fields: Record<string, string> = {}) =>
    refusalOf({ status, headers: new Headers(fields), observations: [], message });

  it("takes Anthropic's 529 overloaded_error for a refusal, and a 5xx fault for none", () => {
    expect(refusal(529, 'Overloaded')).toBe('rate');
    expect(refusal(500, 'The server is over capacity, try again')).toBe('rate');
    expect(refusal(500, 'Internal server error')).toBeUndefined();
    expect(refusal(502, undefined)).toBeUndefined();
    // A 503 turns the request down, with a wait or without (`shared-backoff.ts` holds the rest).
    expect(refusal(503, 'Overloaded')).toBe('rate');
    expect(refusal(503, 'Overloaded', { 'retry-after': '2' })).toBe('rate');
  });
});
