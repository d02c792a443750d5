/**
 * Rate-limit fields read by their shape rather than from a list of names: any field whose name
 * holds `ratelimit` (or `rate-limit`), a vendor prefix before it (`x-`, `anthropic-`, `x-ms-`)
 * and, around the word `limit`, `remaining`, `reset` or `used`, an optional resource
 * (`-requests`, `-tokens`, `-input-tokens`, `-subscription-reads`), on either side:
 *
 * - `RateLimit-Limit` / `-Remaining` / `-Reset` (IETF drafts up to 06);
 * - `X-RateLimit-Limit` / `-Remaining` / `-Used` / `-Reset` / `-Resource` (GitHub and many);
 * - `x-ratelimit-limit-requests`, `x-ratelimit-reset-tokens: 6m0s` (OpenAI);
 * - `anthropic-ratelimit-input-tokens-reset: 2026-01-01T00:00:30Z` (Anthropic).
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
const DECIMAL = /^\s*\d+(\.\d+)?\s*$/;
/** Names probed when the fields cannot be listed (a `HeaderSource` with only `get`). */
const PROBED = ['x-ratelimit-', 'ratelimit-', 'x-rate-limit-'].flatMap((prefix) =>
  ['limit', 'remaining', 'reset', 'used', 'resource'].map((word) => `${prefix}${word}`),
);
/** At most this many resources per answer: a hostile answer cannot make the parse costly. */
const MAX_FAMILIES = 16;

interface Family {
  limit?: string;
  remaining?: string;
  reset?: string;
  resetInMs?: boolean;
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
function split(rest: string): { word: string; resource: string; inMs: boolean } | undefined {
  const parts = rest.split('-');
  const index = parts.findIndex((part) => FIELD_WORDS.has(part));
  if (index < 0) return rest === 'resource' ? { word: 'resource', resource: '', inMs: false } : undefined;
  const word = parts[index]!;
  let after = parts.slice(index + 1);
  let inMs = false;
  if (word === 'reset' && after.length > 0 && RESET_QUALIFIERS.has(after[0]!)) {
    inMs = after[0] === 'ms';
    after = after.slice(1);
  }
  return { word, resource: [...parts.slice(0, index), ...after].join('-'), inMs };
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
    if (family[word] !== undefined) continue;
    family[word] = value;
    if (word === 'reset') family.resetInMs = parts.inMs;
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
  const limit = firstNumber(family.limit);
  const used = firstNumber(family.used);
  const remaining =
    firstNumber(family.remaining)?.value ??
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
  return observations;
}
