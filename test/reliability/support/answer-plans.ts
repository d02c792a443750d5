/**
 * What a broken, overloaded or hostile service answers, as fast-check arbitraries: bodies from
 * almost-right job answers to garbage bytes, media types that lie, absurd rate-limit and timing
 * headers, redirects to another origin, and deliveries that stop halfway or never start.
 * @module
 */
import fc from 'fast-check';
import type { Delivery, PlannedAnswer } from './hostile-server.js';

const STATUSES = [
  200, 200, 200, 201, 202, 204, 206, 299, 301, 302, 303, 304, 307, 308, 400, 401, 402, 403, 404, 408, 409,
  410, 413, 415, 418, 422, 429, 429, 451, 500, 501, 502, 503, 503, 504, 599,
] as const;

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/problem+json',
  'application/json; charset=binary',
  'text/html; charset=utf-8',
  'text/plain',
  'application/octet-stream',
  'multipart/form-data; boundary=x',
  'application/xml',
  '',
  'ö/ä',
  `application/${'x'.repeat(9_000)}+json`,
];

const NUMBERS = [
  '-1',
  '0',
  '1',
  '3',
  '1.5',
  'NaN',
  'Infinity',
  '1e309',
  '99999999999999999999',
  '   2  ',
  '0x10',
  '',
];
const DATES = [
  'Wed, 21 Oct 2015 07:28:00 GMT',
  'Fri, 31 Dec 9999 23:59:59 GMT',
  'Thu, 01 Jan 1970 00:00:00 GMT',
  'not a date',
  'Sun, 06 Nov 1994 08:49:37 GMT, Mon, 07 Nov 1994 08:49:37 GMT',
  '@1700000000',
];

/** One absurd, malformed or contradictory response header. */
const header: fc.Arbitrary<readonly [string, string]> = fc.oneof(
  fc.tuple(fc.constantFrom('Retry-After', 'retry-after-ms'), fc.constantFrom(...NUMBERS, ...DATES)),
  fc.tuple(
    fc.constantFrom(
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
    ),
    fc.constantFrom(...NUMBERS, '9999999999999', '-9999999999'),
  ),
  fc.tuple(
    fc.constant('RateLimit-Policy'),
    fc.constantFrom(
      '"default";q=0;w=0',
      '"default";q=100;w=-5',
      '100;w=0',
      'garbage;;;=',
      `"p";q=1;w=1${';x=1'.repeat(2_000)}`,
    ),
  ),
  fc.tuple(
    fc.constant('RateLimit'),
    fc.constantFrom(
      '"default";r=0;t=99999999',
      '"default";r=-1;t=-1',
      'limit=0, remaining=0, reset=1e9',
      '"x";r=1;t=1;pk=:!!!:',
      '(((',
      '',
    ),
  ),
  fc.tuple(
    fc.constantFrom('Date', 'Deprecation', 'Sunset', 'Last-Modified'),
    fc.constantFrom(...DATES, '@-1', 'true'),
  ),
  fc.tuple(
    fc.constant('Link'),
    fc.constantFrom(
      '<>; rel="next"',
      '<http://evil.example/>; rel="successor-version"',
      ';;;<<<',
      `<${'a'.repeat(9_000)}>`,
    ),
  ),
  fc.tuple(
    fc.constant('WWW-Authenticate'),
    fc.constantFrom(
      'Bearer error="insufficient_scope", scope="wallet:write"',
      'Bearer scope="',
      'Basic',
      `Bearer ${'a="b", '.repeat(1_000)}`,
    ),
  ),
  fc.tuple(
    fc.constantFrom('X-Request-Id', 'Content-Type', 'Location'),
    fc.string({ unit: 'grapheme-ascii', maxLength: 40 }),
  ),
);

/** Job and envelope answers that are almost right: the shapes a client parses, with wrong values. */
function answerBodies(attacker: string): fc.Arbitrary<unknown> {
  const value = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, '', '..', '../../x', `${attacker}/steal`, '1e309', 'NaN'),
  );
  return fc.record(
    {
      status: fc.constantFrom(
        'success',
        'processing',
        'error',
        'failed',
        'queued',
        'done',
        'weird',
        42,
        null,
      ),
      id: value,
      request_id: value,
      eta: fc.oneof(value, fc.constantFrom(-5, 1e12, '3', 'soon')),
      fetch_result: fc.constantFrom(
        `${attacker}/api/v7/images/fetch/1`,
        '/api/v7/images/fetch/..',
        'javascript:alert(1)',
        'http://[::1',
        '',
      ),
      output: fc.oneof(
        value,
        fc.array(fc.constantFrom('https://example.com/a.png', `${attacker}/a.png`, 'not a url', ''), {
          maxLength: 3,
        }),
      ),
      future_links: fc.array(value, { maxLength: 3 }),
      message: value,
      messege: value,
      error: fc.oneof(
        value,
        fc.record({ code: value, message: value, details: value }, { requiredKeys: [] }),
      ),
      data: value,
      meta: fc.record({ request_id: value }, { requiredKeys: [] }),
      retry_after: value,
    },
    { requiredKeys: [] },
  );
}

function bodies(attacker: string): fc.Arbitrary<string | Uint8Array> {
  const json = answerBodies(attacker).map((body) => JSON.stringify(body));
  return fc.oneof(
    { weight: 5, arbitrary: json },
    { weight: 2, arbitrary: fc.json({ maxDepth: 3 }) },
    { weight: 2, arbitrary: json.map((text) => text.slice(0, Math.floor(text.length / 2))) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        ' ',
        '<!doctype html><html><body><h1>502 Bad Gateway</h1></body></html>',
        'null',
        '"a string"',
        '[]',
        '{"status":"success"',
        '\uFEFF{"status":"success"}',
        '{"__proto__":{"polluted":true},"status":"success","id":1}',
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1_000, max: 60_000 })
        .map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1_000, max: 60_000 })
        .map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
    },
    {
      weight: 1,
      arbitrary: fc.constant(
        JSON.stringify({
          status: 'success',
          output: Array.from({ length: 50_000 }, (_, index) => `https://example.com/${index}.png`),
        }),
      ),
    },
  );
}

function deliveries(): fc.Arbitrary<Delivery> {
  return fc.oneof(
    { weight: 40, arbitrary: fc.constant<Delivery>('whole') },
    { weight: 3, arbitrary: fc.constant<Delivery>('truncated') },
    { weight: 2, arbitrary: fc.constant<Delivery>('reset') },
    { weight: 2, arbitrary: fc.constant<Delivery>('drip') },
    { weight: 1, arbitrary: fc.constant<Delivery>('silent') },
  );
}

/** One answer of a service that cannot be trusted; `attacker` is the origin it would lure a client to. */
export function hostileAnswer(attacker: string): fc.Arbitrary<PlannedAnswer> {
  const redirect = fc.record({
    status: fc.constantFrom(301, 302, 303, 307, 308),
    headers: fc
      .constantFrom(
        `${attacker}/api/v7/images/text-to-image`,
        `${attacker.replace('http://', '//')}/steal`,
        `http://user:pass@${attacker.replace('http://', '')}/x`,
        'http://[::1',
        'file:///etc/passwd',
        'data:text/plain,hi',
        '/api/v7/images/text-to-image',
        '',
      )
      .map((location): readonly (readonly [string, string])[] => [['Location', location]]),
    body: fc.constant(''),
    delivery: fc.constant<Delivery>('whole'),
  });
  const answer = fc.record({
    status: fc.constantFrom(...STATUSES),
    headers: fc
      .tuple(fc.constantFrom(...CONTENT_TYPES), fc.array(header, { maxLength: 5 }), fc.boolean())
      .map(([type, extra, duplicated]) => {
        const headers: (readonly [string, string])[] = type ? [['Content-Type', type], ...extra] : [...extra];
        // Many copies of a field: each parser must cope with a list it did not expect.
        if (duplicated)
          for (let copy = 0; copy < 40; copy += 1) headers.push(['X-RateLimit-Remaining', String(copy)]);
        return headers;
      }),
    body: bodies(attacker),
    delivery: deliveries(),
    dripDelayMs: fc.integer({ min: 5, max: 40 }),
    omitLength: fc.boolean(),
  });
  return fc.oneof({ weight: 6, arbitrary: answer }, { weight: 1, arbitrary: redirect });
}
