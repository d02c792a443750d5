/**
 * Rate-limit fields read by their shape rather than from a list of names: any field whose name
 * holds `ratelimit` (or `rate-limit`), a vendor prefix before it (`x-`, `anthropic-`, `x-ms-`)
 * and, around the word `limit`, `remaining`, `reset` or `used`, an optional resource
 * (`-requests`, `-tokens`, `-input-tokens`, `-subscription-reads`), on either side:
 *
 * - `RateLimit-Limit` / `-Remaining` / `-Reset` (IETF drafts up to 06);
 * - `X-RateLimit-Limit` / `-Remaining` / `-Used` / `-Reset` / `-Resource` (GitHub and many);
 * - `x-ratelimit-limit-requests`, `x-ratelimit-reset-tokens: 6m0s` (OpenAI);
 * - `anthropic-ratelimit-input-tokens-reset: 2026-01-01T00:00:30Z` (Anthropic);
 * - `X-RateLimit-Reset-After: 1.234` beside `X-RateLimit-Reset: 1470173023.123` and
 *   `X-RateLimit-Bucket` (Discord): the delay wins over the moment, the bucket names the quota;
 * - `X-Ratelimit-Used: 2`, `X-Ratelimit-Remaining: 598.0` (Reddit): the limit is their sum;
 * - `X-Shopify-Shop-Api-Call-Limit: 32/40`: any `*-limit` field holding `used/limit`.
 *
 * The fields of one resource make one observation, named after the resource; a `-resource`
 * field (GitHub's `core`, `search`) names the quota of resource-less fields. Resets take every
 * form `reset-value.ts` reads. Total: anything that does not parse is left out.
 * @module
 */
import { type BareItem, parseList } from 'structured-headers';
import type { HeaderSource, RateLimitContext, RateLimitObservation } from './rate-limit.js';
import type { NamedPolicy } from './rate-limit-policy.js';
import { parseResetValue, resetGrainMs } from './reset-value.js';

/** `<vendor->ratelimit-<rest>`; the IETF fields (`ratelimit`, `ratelimit-policy`) have no rest worth reading here. */
const FAMILY_NAME = /^(.*?)rate-?limit-([a-z0-9-]{1,64})$/;
const FIELD_WORDS = new Set(['limit', 'remaining', 'reset', 'used']);
/** Words after `reset` that say how it counts rather than what it counts. */
const RESET_QUALIFIERS = new Set(['after', 'ms', 'seconds', 'in']);
/** Qualifiers that make a reset a delay from the answer, which no clock skew can move. */
const RELATIVE_QUALIFIERS = new Set(['after', 'in']);
/**
 * Fields that name the quota rather than count it: GitHub's `-resource` (`core`, `search`),
 * Discord's `-bucket` (a hash shared by the routes that draw on one limit), GitLab's `-name`.
 */
const NAMING_WORDS = new Set(['resource', 'bucket', 'name']);
const DECIMAL = /^\s*\d+(\.\d+)?\s*$/;
/** Names probed when the fields cannot be listed (a `HeaderSource` with only `get`). */
const PROBED = ['x-ratelimit-', 'ratelimit-', 'x-rate-limit-'].flatMap((prefix) =>
  ['limit', 'remaining', 'reset', 'used', 'resource'].map((word) => `${prefix}${word}`),
);
/**
 * A call-limit field written as a fraction, `used/limit`: Shopify's leaky bucket
 * (`X-Shopify-Shop-Api-Call-Limit: 32/40`). Any field whose name ends in `-limit` and whose
 * value has this shape is read, the bucket's fill over its depth.
 */
const FRACTION_NAME = /^[a-z0-9-]{0,56}-limit$/;
const FRACTION_VALUE = /^\s*(\d{1,9})\s*\/\s*(\d{1,9})\s*$/;
/** At most this many resources per answer: a hostile answer cannot make the parse costly. */
const MAX_FAMILIES = 16;

interface Family {
  limit?: string;
  remaining?: string;
  reset?: string;
  resetInMs?: boolean;
  /** The reset is a delay (`-reset-after`), preferred over a moment (`-reset`) when both come. */
  resetRelative?: boolean;
  used?: string;
  resource?: string;
  prefix: string;
}

/** The first number of a field: an SF Item or List (early drafts: `10, 10;w=1`), or a bare decimal. */
function firstNumber(value: string | undefined): { value: number; window?: number } | undefined {
  if (!value) return undefined;
  try {
    const [first] = parseList(value);
    if (first && typeof first[0] === 'number' && first[0] >= 0) {
      const window = first[1].get('w') as BareItem | undefined;
      return typeof window === 'number' ? { value: first[0], window: window * 1000 } : { value: first[0] };
    }
  } catch {
    // not a Structured Field; fall through to the lenient reading
  }
  return DECIMAL.test(value) ? { value: Number(value) } : undefined;
}

/** Splits `limit-requests`, `input-tokens-remaining`, `reset-after` into the field and the resource. */
function split(
  rest: string,
): { word: string; resource: string; inMs: boolean; relative: boolean } | undefined {
  const parts = rest.split('-');
  const index = parts.findIndex((part) => FIELD_WORDS.has(part));
  if (index < 0)
    return NAMING_WORDS.has(rest)
      ? { word: 'resource', resource: '', inMs: false, relative: false }
      : undefined;
  const word = parts[index]!;
  let after = parts.slice(index + 1);
  let inMs = false;
  let relative = false;
  if (word === 'reset' && after.length > 0 && RESET_QUALIFIERS.has(after[0]!)) {
    inMs = after[0] === 'ms';
    relative = RELATIVE_QUALIFIERS.has(after[0]!);
    after = after.slice(1);
  }
  return { word, resource: [...parts.slice(0, index), ...after].join('-'), inMs, relative };
}

function namesOf(headers: HeaderSource): Iterable<string> {
  return headers.keys ? headers.keys() : PROBED;
}

/** The fields of `headers` grouped by resource; the first vendor prefix met wins a field. */
function familiesOf(headers: HeaderSource): Map<string, Family> {
  const families = new Map<string, Family>();
  for (const rawName of namesOf(headers)) {
    const name = rawName.toLowerCase();
    const match = FAMILY_NAME.exec(name);
    if (!match) continue;
    const parts = split(match[2]!);
    if (!parts) continue;
    const value = headers.get(name);
    if (value === null) continue;
    let family = families.get(parts.resource);
    if (!family) {
      if (families.size >= MAX_FAMILIES) continue;
      family = { prefix: match[1]! };
      families.set(parts.resource, family);
    }
    const word = parts.word as 'limit' | 'remaining' | 'reset' | 'used' | 'resource';
    // A delay replaces a moment already met (Discord sends both; its delay has no clock in it).
    const replacesMoment = word === 'reset' && parts.relative && family.resetRelative !== true;
    if (family[word] !== undefined && !replacesMoment) continue;
    family[word] = value;
    if (word === 'reset') {
      family.resetInMs = parts.inMs;
      family.resetRelative = parts.relative;
    }
  }
  return families;
}

/** Whether a resource counts requests (`requests`, `req`), or is unnamed (requests, by default). */
function unitOf(resource: string): string | undefined {
  if (resource === '' || /^req/.test(resource) || resource.endsWith('requests')) return undefined;
  return resource;
}

function observationOf(
  resource: string,
  family: Family,
  headers: HeaderSource,
  context: RateLimitContext,
  policies: readonly NamedPolicy[],
): RateLimitObservation | undefined {
  const used = firstNumber(family.used);
  const stated = firstNumber(family.remaining);
  // Reddit sends used and remaining, no limit: the window's limit is their sum.
  const limit =
    firstNumber(family.limit) ??
    (used !== undefined && stated !== undefined ? { value: used.value + stated.value } : undefined);
  const remaining =
    stated?.value ??
    (limit !== undefined && used !== undefined ? Math.max(0, limit.value - used.value) : undefined);
  if (remaining === undefined) return undefined;
  const resetContext = {
    date: headers.get('date'),
    receivedAt: context.receivedAt,
    milliseconds: family.resetInMs === true,
  };
  const resetMs = parseResetValue(family.reset ?? null, resetContext);
  const resetGrain = resetMs === undefined ? undefined : resetGrainMs(family.reset ?? null, resetContext);
  const windowMs =
    limit?.window ??
    (resource === ''
      ? (policies.find((policy) => policy.limit === limit?.value)?.windowMs ?? policies[0]?.windowMs)
      : undefined);
  const name = resource !== '' ? resource : family.resource?.trim().slice(0, 64) || undefined;
  const quotaUnit = unitOf(resource);
  return {
    ...(name !== undefined ? { policy: name } : {}),
    remaining: Math.floor(remaining),
    ...(limit !== undefined ? { limit: Math.floor(limit.value) } : {}),
    ...(resetMs !== undefined ? { resetMs } : {}),
    ...(resetGrain !== undefined ? { resetGrainMs: resetGrain } : {}),
    ...(windowMs !== undefined ? { windowMs } : {}),
    ...(quotaUnit !== undefined ? { quotaUnit } : {}),
    source: family.prefix === '' ? 'separate' : 'x-ratelimit',
  };
}

/** Every quota the prefixed and separate fields describe, one per resource. */
export function observationsFromFamilies(
  headers: HeaderSource,
  context: RateLimitContext,
  policies: readonly NamedPolicy[],
): RateLimitObservation[] {
  const observations: RateLimitObservation[] = [];
  for (const [resource, family] of familiesOf(headers)) {
    const observation = observationOf(resource, family, headers, context, policies);
    if (observation) observations.push(observation);
  }
  if (observations.length === 0 && headers.keys) observations.push(...fractionsOf(headers.keys(), headers));
  return observations;
}

/** Every `*-limit: used/limit` field, as a quota with `limit - used` left (no reset is stated). */
function fractionsOf(names: Iterable<string>, headers: HeaderSource): RateLimitObservation[] {
  const observations: RateLimitObservation[] = [];
  for (const rawName of names) {
    const name = rawName.toLowerCase();
    if (!FRACTION_NAME.test(name)) continue;
    const match = FRACTION_VALUE.exec(headers.get(name) ?? '');
    if (!match) continue;
    const used = Number(match[1]);
    const limit = Number(match[2]);
    if (limit === 0 || used > limit) continue;
    observations.push({ remaining: limit - used, limit, source: 'x-ratelimit' });
    if (observations.length >= MAX_FAMILIES) break;
  }
  return observations;
}
