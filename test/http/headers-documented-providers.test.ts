/**
 * Rate-limit fields as more providers document them, each read by its shape (the examples are
 * the providers' own): HubSpot (`-Max`, `-Interval-Milliseconds`, `-Daily`, `-Secondly`),
 * Atlassian Jira Cloud (a reset to the minute, `NearLimit`, the prefixed `Beta-RateLimit`
 * points quota beside the burst limit), Atlassian Data Center (a fill rate per interval),
 * Zendesk (`X-Rate-Limit: 700`, `total=100; remaining=99; resets=41`), Salesforce
 * (`Sforce-Limit-Info: api-usage=25/15000`), WHOOP (early drafts' `100, 100;window=60`), lemlist
 * (a `Date.toString` reset), and, read already, Linear, Groq, Cloudflare and Twitch.
 */
import { describe, expect, it } from 'vitest';
import { parseResetValue, resetGrainMs } from '../../src/http/headers/reset-value.js';
import { parseRateLimitFields, type RateLimitObservation } from '../../src/http/index.js';
import { refusalOf } from '../../src/http/refusal.js';

const receivedAt = Date.UTC(2026, 2, 26, 15, 25, 28);
const date = new Date(receivedAt).toUTCString();
const parse = (fields: Record<string, string>) =>
  parseRateLimitFields(new Headers({ date, ...fields }), { receivedAt });
const shape = ({ policy, limit, remaining, resetMs, windowMs, quotaUnit }: RateLimitObservation) => ({
  policy,
  limit,
  remaining,
  resetMs,
  windowMs,
  quotaUnit,
});
const byPolicy = (fields: Record<string, string>) =>
  parse(fields)
    .map(shape)
    .sort((a, b) => (a.policy ?? '').localeCompare(b.policy ?? ''));

describe('HubSpot', () => {
  it('reads -Max as the limit, -Interval-Milliseconds as its window, -Daily and -Secondly as request quotas', () => {
    expect(
      byPolicy({
        'X-HubSpot-RateLimit-Daily': '250000',
        'X-HubSpot-RateLimit-Daily-Remaining': '249998',
        'X-HubSpot-RateLimit-Interval-Milliseconds': '10000',
        'X-HubSpot-RateLimit-Max': '100',
        'X-HubSpot-RateLimit-Remaining': '97',
        'X-HubSpot-RateLimit-Secondly': '10',
        'X-HubSpot-RateLimit-Secondly-Remaining': '9',
      }),
    ).toEqual([
      {
        policy: undefined,
        limit: 100,
        remaining: 97,
        resetMs: undefined,
        windowMs: 10_000,
        quotaUnit: undefined,
      },
      {
        policy: 'daily',
        limit: 250_000,
        remaining: 249_998,
        resetMs: undefined,
        windowMs: undefined,
        quotaUnit: undefined,
      },
      {
        policy: 'secondly',
        limit: 10,
        remaining: 9,
        resetMs: undefined,
        windowMs: undefined,
        quotaUnit: undefined,
      },
    ]);
  });

  it('reads OAuth answers, which carry no daily fields', () => {
    expect(
      byPolicy({
        'X-HubSpot-RateLimit-Interval-Milliseconds': '10000',
        'X-HubSpot-RateLimit-Max': '110',
        'X-HubSpot-RateLimit-Remaining': '0',
      }),
    ).toEqual([
      {
        policy: undefined,
        limit: 110,
        remaining: 0,
        resetMs: undefined,
        windowMs: 10_000,
        quotaUnit: undefined,
      },
    ]);
  });

  it.each([['soon'], ['-10000'], ['0'], [String(400 * 86_400_000)], ['1e9']])(
    'ignores a declared window of %j',
    (interval) => {
      expect(
        parse({
          'X-HubSpot-RateLimit-Interval-Milliseconds': interval,
          'X-HubSpot-RateLimit-Max': '100',
          'X-HubSpot-RateLimit-Remaining': '97',
        }).map((observation) => observation.windowMs),
      ).toEqual([undefined]);
    },
  );

  it('gives no place to bare fields that count nothing: the quota after twenty of them is read', () => {
    const noise = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`x-ratelimit-a${i}`, 'user']));
    expect(parse({ ...noise, 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59' })).toMatchObject([
      { limit: 60, remaining: 59 },
    ]);
  });

  it('reads a window in seconds unless its name gives a unit', () => {
    const windowOf = (fields: Record<string, string>) => parse(fields)[0]?.windowMs;
    const counts = { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59' };
    expect(windowOf({ ...counts, 'x-ratelimit-window': '60' })).toBe(60_000);
    expect(windowOf({ ...counts, 'x-ratelimit-interval-seconds': '60' })).toBe(60_000);
    expect(windowOf({ ...counts, 'x-ratelimit-period-ms': '1500' })).toBe(1_500);
    expect(windowOf({ ...counts, 'x-ratelimit-interval-minutes': '1' })).toBe(60_000);
  });
});

describe('Atlassian', () => {
  it("reads Jira Cloud's 429: the reset an ISO 8601 instant to the minute, NearLimit and the reason left out", () => {
    const [observation, ...others] = parse({
      'Retry-After': '32',
      'X-RateLimit-Limit': '350',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': '2026-03-26T15:26Z',
      'X-RateLimit-NearLimit': 'true',
      'RateLimit-Reason': 'jira-burst-based',
    });
    expect(others).toEqual([]);
    expect(observation).toMatchObject({ limit: 350, remaining: 0, resetMs: 32_000, resetGrainMs: 60_000 });
  });

  it("reads Jira Cloud's points quota in the prefixed IETF fields beside the burst limit", () => {
    expect(
      byPolicy({
        'Beta-RateLimit-Policy': '"tenant-app-quota";q=100100;w=3600',
        'Beta-RateLimit': '"tenant-app-quota";r=17842;t=2107',
        'X-Beta-RateLimit-Reason': 'jira-quota-tenant-based',
        'X-Beta-RateLimit-NearLimit': 'true',
        'X-Beta-RateLimit-Reset': '2026-03-26T16:00Z',
        'X-RateLimit-Limit': '350',
        'X-RateLimit-Remaining': '349',
      }),
    ).toEqual([
      // The burst limit keeps no reset of the points quota's.
      {
        policy: undefined,
        limit: 350,
        remaining: 349,
        resetMs: undefined,
        windowMs: undefined,
        quotaUnit: undefined,
      },
      {
        policy: 'tenant-app-quota',
        limit: 100_100,
        remaining: 17_842,
        resetMs: 2_107_000,
        windowMs: 3_600_000,
        quotaUnit: undefined,
      },
    ]);
  });

  it('keeps the unprefixed IETF fields first when both come', () => {
    expect(
      byPolicy({
        RateLimit: '"default";r=5;t=10',
        'RateLimit-Policy': '"default";q=10;w=10',
        'Beta-RateLimit': '"other";r=1;t=1',
      }).map((observation) => observation.policy),
    ).toEqual(['default']);
  });

  it("does not read Data Center's refill interval as a window: the bucket refills FillRate per interval", () => {
    expect(
      byPolicy({
        'X-RateLimit-Limit': '20',
        'X-RateLimit-Remaining': '19',
        'X-RateLimit-Interval-Seconds': '1',
        'X-RateLimit-FillRate': '10',
        'Retry-After': '0',
      }),
    ).toEqual([
      {
        policy: undefined,
        limit: 20,
        remaining: 19,
        resetMs: undefined,
        windowMs: undefined,
        quotaUnit: undefined,
      },
    ]);
  });
});

describe('Zendesk', () => {
  it("reads the account's bare X-Rate-Limit as the limit", () => {
    expect(byPolicy({ 'X-Rate-Limit': '700', 'X-Rate-Limit-Remaining': '699' })).toEqual([
      {
        policy: undefined,
        limit: 700,
        remaining: 699,
        resetMs: undefined,
        windowMs: undefined,
        quotaUnit: undefined,
      },
    ]);
  });

  it("reads List Tickets' fields: the account's written twice, the endpoint's whole in one field", () => {
    expect(
      byPolicy({
        'x-rate-limit': '700',
        'ratelimit-limit': '700',
        'x-rate-limit-remaining': '699',
        'ratelimit-remaining': '699',
        'ratelimit-reset': '41',
        'zendesk-ratelimit-tickets-index': 'total=100; remaining=99; resets=41',
      }),
    ).toEqual([
      {
        policy: undefined,
        limit: 700,
        remaining: 699,
        resetMs: 41_000,
        windowMs: undefined,
        quotaUnit: undefined,
      },
      {
        policy: 'tickets-index',
        limit: 100,
        remaining: 99,
        resetMs: 41_000,
        windowMs: undefined,
        quotaUnit: 'tickets-index',
      },
    ]);
  });

  it.each([
    ['total=100; remaining=99; resets=41; '.repeat(40)],
    ['total=100 remaining=99'],
    ['remaining=ninety'],
  ])('ignores a whole quota written as %j', (value) => {
    expect(parse({ 'zendesk-ratelimit-tickets-index': value })).toEqual([]);
  });
});

describe('Salesforce', () => {
  it("reads Sforce-Limit-Info's api-usage, used over the day's limit", () => {
    expect(byPolicy({ 'Sforce-Limit-Info': 'api-usage=25/15000' })).toEqual([
      {
        policy: 'api-usage',
        limit: 15_000,
        remaining: 14_975,
        resetMs: undefined,
        windowMs: undefined,
        quotaUnit: undefined,
      },
    ]);
  });

  it('reads several quotas in one field, an app quota with its parenthesised name, a day run over as spent', () => {
    expect(
      byPolicy({
        'Sforce-Limit-Info': 'api-usage=25/5000; per-app-api-usage=17/250(appName=sample-connected-app)',
      }).map(({ policy, limit, remaining }) => [policy, limit, remaining]),
    ).toEqual([
      ['api-usage', 5_000, 4_975],
      ['per-app-api-usage', 250, 233],
    ]);
    expect(
      byPolicy({ 'Sforce-Limit-Info': 'api-usage=110018/100000; api-bursts=1/750' }).map(
        ({ policy, remaining }) => [policy, remaining],
      ),
    ).toEqual([
      ['api-bursts', 749],
      ['api-usage', 0],
    ]);
  });

  it('takes the 403 of a day run over for a refusal (REQUEST_LIMIT_EXCEEDED), retried, not a ForbiddenError', () => {
    const fields = { 'Sforce-Limit-Info': 'api-usage=15001/15000' };
    const refusal = (message: string) =>
      refusalOf({ status: 403, headers: new Headers(fields), observations: parse(fields), message });
    expect(refusal('TotalRequests Limit exceeded.')).toBe('rate');
    const withinTheDay = { 'Sforce-Limit-Info': 'api-usage=25/15000' };
    expect(
      refusalOf({
        status: 403,
        headers: new Headers(withinTheDay),
        observations: parse(withinTheDay),
        message: 'The user does not have access to this object.',
      }),
    ).toBeUndefined();
  });

  it('reads at most 16 quotas of one field, none from a field over 1 KB or without the word limit', () => {
    expect(
      parse({ 'Sforce-Limit-Info': Array.from({ length: 40 }, (_, i) => `q${i}=1/2`).join('; ') }),
    ).toHaveLength(16);
    expect(parse({ 'Sforce-Limit-Info': 'api-usage=25/15000; '.repeat(60) })).toEqual([]);
    expect(parse({ 'Sforce-Usage-Info': 'api-usage=25/15000' })).toEqual([]);
  });
});

describe('early drafts and other resets', () => {
  it("reads WHOOP's limit in force and its window from the quota item that repeats it", () => {
    expect(
      byPolicy({
        'X-RateLimit-Limit': '100, 100;window=60, 10000;window=86400',
        'X-RateLimit-Remaining': '98',
        'X-RateLimit-Reset': '3',
      }),
    ).toEqual([
      {
        policy: undefined,
        limit: 100,
        remaining: 98,
        resetMs: 3_000,
        windowMs: 60_000,
        quotaUnit: undefined,
      },
    ]);
    expect(
      parse({
        'X-RateLimit-Limit': '10000, 100;window=60, 10000;window=86400',
        'X-RateLimit-Remaining': '98',
      })[0]?.windowMs,
    ).toBe(86_400_000);
  });

  it("reads lemlist's Date.toString reset and ISO 8601 offsets written without a colon", () => {
    const at = Date.UTC(2021, 1, 16, 8, 2, 40);
    const context = { date: null, receivedAt: at };
    const dated = 'Tue Feb 16 2021 09:02:42 GMT+0100 (Central European Standard Time)';
    expect(parseResetValue(dated, context)).toBe(2_000);
    expect(resetGrainMs(dated, context)).toBe(1_000);
    expect(parseResetValue('2021-02-16T09:02:45.000+0100', context)).toBe(5_000);
    expect(parseResetValue('2021-02-16T08:03Z', context)).toBe(20_000);
    for (const value of [
      'Tue Foo 16 2021 09:02:42 GMT+0100',
      '2021-02-16T08:03',
      '2021-02-30T08:03Z',
      '16/02/2021',
    ])
      expect(parseResetValue(value, context)).toBeUndefined();
  });

  it('reads a vendor that names its resource after a period: what is counted is the rest', () => {
    expect(
      byPolicy({
        'x-ratelimit-limit-tokens-minute': '500000',
        'x-ratelimit-remaining-tokens-minute': '499000',
        'x-ratelimit-limit-req-minute': '60',
        'x-ratelimit-remaining-req-minute': '59',
      }).map(({ policy, quotaUnit }) => [policy, quotaUnit]),
    ).toEqual([
      ['req-minute', undefined],
      ['tokens-minute', 'tokens'],
    ]);
  });
});

describe('read already', () => {
  it("reads Linear's requests and complexity, resets in epoch milliseconds", () => {
    const reset = receivedAt + 3_600_000;
    expect(
      byPolicy({
        'X-RateLimit-Requests-Limit': '5000',
        'X-RateLimit-Requests-Remaining': '4999',
        'X-RateLimit-Requests-Reset': String(reset),
        'X-RateLimit-Complexity-Limit': '250000',
        'X-RateLimit-Complexity-Remaining': '249988',
        'X-RateLimit-Complexity-Reset': String(reset),
        'X-Complexity': '12',
      }).map(({ policy, limit, remaining, resetMs, quotaUnit }) => [
        policy,
        limit,
        remaining,
        resetMs,
        quotaUnit,
      ]),
    ).toEqual([
      ['complexity', 250_000, 249_988, 3_600_000, 'complexity'],
      ['requests', 5_000, 4_999, 3_600_000, undefined],
    ]);
  });

  it("reads Groq's daily requests and per-minute tokens, decimal Go durations", () => {
    expect(
      byPolicy({
        'x-ratelimit-limit-requests': '14400',
        'x-ratelimit-limit-tokens': '18000',
        'x-ratelimit-remaining-requests': '14370',
        'x-ratelimit-remaining-tokens': '17997',
        'x-ratelimit-reset-requests': '2m59.56s',
        'x-ratelimit-reset-tokens': '7.66s',
      }).map(({ policy, remaining, resetMs, quotaUnit }) => [policy, remaining, resetMs, quotaUnit]),
    ).toEqual([
      ['requests', 14_370, 179_560, undefined],
      ['tokens', 17_997, 7_660, 'tokens'],
    ]);
  });

  it("reads Cloudflare's IETF list and policy, and Twitch's Ratelimit-* with an epoch reset", () => {
    expect(
      byPolicy({ Ratelimit: '"default";r=50;t=30', 'Ratelimit-Policy': '"default";q=1200;w=300' }),
    ).toEqual([
      {
        policy: 'default',
        limit: 1_200,
        remaining: 50,
        resetMs: 30_000,
        windowMs: 300_000,
        quotaUnit: undefined,
      },
    ]);
    expect(
      byPolicy({
        'Ratelimit-Limit': '800',
        'Ratelimit-Remaining': '799',
        'Ratelimit-Reset': String(Math.floor(receivedAt / 1000) + 60),
      }).map(({ limit, remaining, resetMs }) => [limit, remaining, resetMs]),
    ).toEqual([[800, 799, 60_000]]);
  });
});
