import { describe, expect, it } from 'vitest';
import {
  isDeprecatedAt,
  parseDeprecation,
  parseHttpDate,
  parseRetryAfter,
  parseRetryAfterMs,
  parseSunset,
} from '../../src/http/index.js';

const NOV_6_1994 = Date.UTC(1994, 10, 6, 8, 49, 37);

describe('parseHttpDate (RFC 9110 section 5.6.7)', () => {
  it('reads the three forms of the RFC example', () => {
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT')).toBe(NOV_6_1994);
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT')).toBe(NOV_6_1994);
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994')).toBe(NOV_6_1994);
  });

  it.each([
    '',
    'yesterday',
    '2026-01-01T00:00:00Z',
    'Sun, 31 Feb 2026 00:00:00 GMT',
    'Sun, 06 Nov 1994 25:00:00 GMT',
    'Sun, 06 Nov 1994 08:49:37 PST',
    '1700000000',
  ])('refuses %j', (value) => expect(parseHttpDate(value)).toBeUndefined());
});

describe('parseRetryAfter', () => {
  const receivedAt = Date.UTC(2026, 0, 1, 0, 0, 0);

  it('reads delay seconds (RFC 9110 example: 120)', () => {
    expect(parseRetryAfter('120', { receivedAt })).toBe(120_000);
    expect(parseRetryAfter('0', { receivedAt })).toBe(0);
  });

  it("reads an HTTP-date relative to the response's Date, not to our clock", () => {
    const date = 'Fri, 31 Dec 1999 23:59:00 GMT';
    expect(parseRetryAfter('Fri, 31 Dec 1999 23:59:59 GMT', { date, receivedAt })).toBe(59_000);
  });

  it('measures an HTTP-date against the arrival when Date agrees within its whole second', () => {
    const arrival = receivedAt + 300;
    const date = new Date(arrival).toUTCString(); // the same second, truncated
    expect(parseRetryAfter(new Date(receivedAt + 1_000).toUTCString(), { date, receivedAt: arrival })).toBe(
      700,
    );
  });

  it('falls back to the arrival time when there is no Date', () => {
    expect(parseRetryAfter(new Date(receivedAt + 30_000).toUTCString(), { receivedAt })).toBe(30_000);
  });

  it('treats a date in the past as now', () => {
    expect(parseRetryAfter('Fri, 31 Dec 1999 23:59:59 GMT', { receivedAt })).toBe(0);
  });

  it('reads decimal delay seconds, as Shopify writes them (Retry-After: 2.0)', () => {
    expect(parseRetryAfter('2.0', { receivedAt })).toBe(2_000);
    expect(parseRetryAfter('1.5', { receivedAt })).toBe(1_500);
    expect(parseRetryAfter('0.0005', { receivedAt })).toBe(1);
  });

  it.each(['-1', '1.', '.5', '1.2.3', 'soon', '12 s', '', '9'.repeat(30)])('ignores %j', (value) => {
    expect(parseRetryAfter(value, { receivedAt })).toBeUndefined();
  });

  it('reads retry-after-ms', () => {
    expect(parseRetryAfterMs('1500')).toBe(1500);
    expect(parseRetryAfterMs('12.2')).toBe(13);
    expect(parseRetryAfterMs('x')).toBeUndefined();
  });
});

describe('parseDeprecation (RFC 9745)', () => {
  it('reads the structured date of the RFC example', () => {
    expect(parseDeprecation('@1688169599')).toEqual({ date: new Date(1688169599 * 1000) });
  });

  it('accepts the older forms: true, ?1 and an HTTP-date', () => {
    expect(parseDeprecation('true')).toEqual({});
    expect(parseDeprecation('?1')).toEqual({});
    expect(parseDeprecation('Sun, 11 Nov 2018 23:59:59 GMT')).toEqual({
      date: new Date(Date.UTC(2018, 10, 11, 23, 59, 59)),
    });
  });

  it.each(['?0', 'false', '@abc', '"2020-01-01"', '', 'tomorrow'])('ignores %j', (value) => {
    expect(parseDeprecation(value)).toBeUndefined();
  });

  it('says whether a dated deprecation is in effect', () => {
    const info = { date: new Date(1_000_000) };
    expect(isDeprecatedAt(info, 999_999)).toBe(false);
    expect(isDeprecatedAt(info, 1_000_000)).toBe(true);
    expect(isDeprecatedAt({}, 0)).toBe(true);
  });
});

describe('parseSunset (RFC 8594)', () => {
  it('reads the RFC example', () => {
    expect(parseSunset('Sat, 31 Dec 2018 23:59:59 GMT')).toEqual(
      new Date(Date.UTC(2018, 11, 31, 23, 59, 59)),
    );
  });

  it.each(['@1688169599', 'never', ''])('ignores %j', (value) => expect(parseSunset(value)).toBeUndefined());
});
