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
 * - `X-Shopify-Shop-Api-Call-Limit: 32/40`: any `*-limit` field holding `used/limit`; several
 *   named ones in one field, `Sforce-Limit-Info: api-usage=25/15000; api-bursts=1/750`
 *   (Salesforce), one quota each;
 * - `X-HubSpot-RateLimit-Max: 100` (`max` is the limit) with
 *   `X-HubSpot-RateLimit-Interval-Milliseconds: 10000`, a declared window (`-interval`,
 *   `-window`, `-period`, in seconds unless a unit follows); a resource's bare field is its
 *   limit (`X-HubSpot-RateLimit-Daily: 250000` beside `-Daily-Remaining`), as a vendor's bare
 *   `X-Rate-Limit: 700` is the limit of its resource-less fields (Zendesk);
 * - a field holding a whole quota as `key=value` pairs,
 *   `Zendesk-RateLimit-Tickets-Index: total=100; remaining=99; resets=41`;
 * - early drafts' several quotas in one field, `X-RateLimit-Limit: 100, 100;window=60,
 *   10000;window=86400` (WHOOP): the first is in force, its window the item that repeats it.
 *
 * A resource named after a period (`daily`, `secondly`, `tokens-minute`) counts what the rest of
 * its name says: a period is a window, not a unit. A window declared beside a fill rate
 * (`X-RateLimit-Interval-Seconds` with `X-RateLimit-FillRate`, Atlassian Data Center's token
 * bucket) is how often the bucket refills, not a window: it is not read as one. Fields that say
 * nothing countable (`X-RateLimit-NearLimit: true`, `RateLimit-Reason`) are left out.
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
const FIELD_WORDS = new Set(['limit', 'remaining', 'reset', 'used', 'max']);
/** Words declaring a window's length (`-interval-milliseconds`, `-window`); seconds unless a unit follows. */
const WINDOW_WORDS = new Set(['interval', 'window', 'period']);
const UNIT_MS: Readonly<Record<string, number>> = {
  ms: 1,
  millis: 1,
  milliseconds: 1,
  s: 1_000,
  sec: 1_000,
  secs: 1_000,
  seconds: 1_000,
  m: 60_000,
  min: 60_000,
  minutes: 60_000,
  h: 3_600_000,
  hours: 3_600_000,
};
/** A declared window longer than a year is no window a client can pace by: ignored. */
const MAX_WINDOW_MS = 366 * 86_400_000;
/** Words saying a bucket refills by an amount per interval (Atlassian Data Center's `FillRate`). */
const REFILL_WORDS = /^(re)?fill-?rate$/;
/** A resource word naming a period rather than a unit: `daily`, `secondly`, `minute`, `per-hour`, `rpm`. */
const PERIOD_WORD = /^(per|second|sec|minute|min|hour|day|week|month|year)(s|ly)?$|^(daily|rp[smhd])$/;
/** A whole quota in one value: `total=100; remaining=99; resets=41` (Zendesk), at most 8 pairs. */
const PAIRS_VALUE =
  /^\s*[a-z-]{1,16}\s*=\s*[^\s;,=]{1,40}(\s*[;,]\s*[a-z-]{1,16}\s*=\s*[^\s;,=]{1,40}){0,7}\s*[;,]?\s*$/i;
const PAIR_WORDS: Readonly<Record<string, 'limit' | 'remaining' | 'reset' | 'used'>> = {
  limit: 'limit',
  total: 'limit',
  max: 'limit',
  q: 'limit',
  remaining: 'remaining',
  r: 'remaining',
  used: 'used',
  reset: 'reset',
  resets: 'reset',
  t: 'reset',
};
/** A plain whole number: what a resource's bare field (`-daily: 250000`) must hold to be its limit. */
const WHOLE = /^\s*\d{1,15}\s*$/;
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
 * A call-limit field written as fractions, `used/limit`: Shopify's leaky bucket
 * (`X-Shopify-Shop-Api-Call-Limit: 32/40`), Salesforce's daily count
 * (`Sforce-Limit-Info: api-usage=25/15000; per-app-api-usage=17/250(appName=sample)`). Any
 * field with the word `limit` in its name and whose value has this shape is read, each item the
 * fill of one quota over its depth.
 */
const FRACTION_NAME = /^([a-z0-9]{1,24}-){0,6}limit(-[a-z0-9]{1,24}){0,3}$/;
const FRACTION_ITEM =
  /^\s*(?:([a-z0-9_-]{1,64})\s*=\s*)?(\d{1,12})\s*\/\s*(\d{1,12})\s*(\([^()]{0,128}\))?\s*$/i;
/** A vendor's bare field, `X-Rate-Limit: 700` (Zendesk): the limit of its resource-less fields. */
const BARE_NAME = /^([a-z0-9-]{1,32}-)rate-?limit$/;
/** At most this many resources per answer: a hostile answer cannot make the parse costly. */
const MAX_FAMILIES = 16;

interface Family {
  limit?: string;
  /** A resource's bare field (`-daily: 250000`): its limit when no `-limit` field states one. */
  bare?: string;
  /** The declared window, in milliseconds. */
  windowMs?: number;
  /** A fill rate is declared: the interval beside it is how often the bucket refills, not a window. */
  refills?: boolean;
  /** The quota written whole in one field as `key=value` pairs. */
  pairs?: string;
  remaining?: string;
  reset?: string;
  resetInMs?: boolean;
  /** The reset is a delay (`-reset-after`), preferred over a moment (`-reset`) when both come. */
  resetRelative?: boolean;
  used?: string;
  resource?: string;
  prefix: string;
  /** The resource its fields name (`requests`, `input-tokens`), `''` for none. */
  counts: string;
}

/** A quota item's window in milliseconds: `w` (drafts 03 on) or `window` (drafts 00 to 02). */
function windowOf(params: Map<string, BareItem>): number | undefined {
  const window = params.get('w') ?? params.get('window');
  return typeof window === 'number' && window > 0 && window * 1000 <= MAX_WINDOW_MS
    ? window * 1000
    : undefined;
}

/**
 * The first number of a field: an SF Item or List, or a bare decimal. Early drafts list the
 * limit in force first and every quota after it, `100, 100;window=60, 10000;window=86400`: the
 * window is the first item's, else that of the first quota item with its value.
 */
function firstNumber(value: string | undefined): { value: number; window?: number } | undefined {
  if (!value) return undefined;
  try {
    const list = parseList(value);
    const [first] = list;
    if (first && typeof first[0] === 'number' && first[0] >= 0) {
      const number = first[0];
      const window =
        windowOf(first[1]) ??
        list
          .slice(1, MAX_FAMILIES)
          .filter((item) => item[0] === number && !Array.isArray(item[0]))
          .map((item) => windowOf(item[1]))
          .find((found) => found !== undefined);
      return window !== undefined ? { value: number, window } : { value: number };
    }
  } catch {
    // not a Structured Field; fall through to the lenient reading
  }
  return DECIMAL.test(value) ? { value: Number(value) } : undefined;
}

interface FieldName {
  word: string;
  resource: string;
  inMs: boolean;
  relative: boolean;
  /** For a window: milliseconds per unit of its value. */
  unitMs?: number;
}

/**
 * Splits `limit-requests`, `input-tokens-remaining`, `reset-after`, `interval-milliseconds`
 * into the field and the resource. A name with no field word is a resource's bare field
 * (`daily`), read as its limit or, holding `key=value` pairs, as its whole quota.
 */
function split(rest: string): FieldName | undefined {
  if (NAMING_WORDS.has(rest)) return { word: 'resource', resource: '', inMs: false, relative: false };
  if (REFILL_WORDS.test(rest)) return { word: 'refills', resource: '', inMs: false, relative: false };
  const parts = rest.split('-');
  const index = parts.findIndex((part) => FIELD_WORDS.has(part));
  // `-limit-window` is a limit (of a resource named `window`); only a name without a field word declares one.
  const windowAt = index < 0 ? parts.findIndex((part) => WINDOW_WORDS.has(part)) : -1;
  if (windowAt >= 0) {
    const unit = parts[windowAt + 1];
    const unitMs = unit !== undefined ? UNIT_MS[unit] : undefined;
    const after = parts.slice(windowAt + (unitMs !== undefined ? 2 : 1));
    const resource = [...parts.slice(0, windowAt), ...after].join('-');
    return { word: 'window', resource, inMs: false, relative: false, unitMs: unitMs ?? 1000 };
  }
  if (index < 0) return { word: 'bare', resource: rest, inMs: false, relative: false };
  const word = parts[index] === 'max' ? 'limit' : parts[index]!;
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

/** A field prefix less the `x-` that only says the field is not standard: `x-beta-` -> `beta-`. */
function vendorOf(prefix: string): string {
  return prefix.startsWith('x-') ? prefix.slice(2) : prefix;
}

function namesOf(headers: HeaderSource): Iterable<string> {
  return headers.keys ? headers.keys() : PROBED;
}

/** The fields of `headers` grouped by resource; the first vendor prefix met wins a field. */
function familiesOf(headers: HeaderSource): Map<string, Family> {
  const families = new Map<string, Family>();
  // Vendors that differ by more than `x-` count different quotas (Atlassian's `X-Beta-RateLimit-Reset`
  // is its points quota's, `X-RateLimit-Limit` its burst limit's); `X-Rate-Limit-Remaining` beside
  // `RateLimit-Remaining` (Zendesk) is one quota written twice.
  const familyOf = (resource: string, prefix: string): Family | undefined => {
    const key = `${vendorOf(prefix)}\u0000${resource}`;
    let family = families.get(key);
    if (!family) {
      if (families.size >= MAX_FAMILIES) return undefined;
      family = { prefix, counts: resource };
      families.set(key, family);
    }
    return family;
  };
  for (const rawName of namesOf(headers)) {
    const name = rawName.toLowerCase();
    const bare = BARE_NAME.exec(name);
    if (bare) {
      const value = headers.get(name);
      const family = value !== null && WHOLE.test(value) ? familyOf('', bare[1]!) : undefined;
      if (family) family.bare ??= value!;
      continue;
    }
    const match = FAMILY_NAME.exec(name);
    if (!match) continue;
    const parts = split(match[2]!);
    if (!parts) continue;
    const value = headers.get(name);
    if (value === null) continue;
    // A bare field that holds no count (`-scope: user`, `-nearlimit: true`) takes no family's place.
    const bareKind =
      parts.word !== 'bare'
        ? undefined
        : WHOLE.test(value)
          ? 'bare'
          : value.length <= 400 && PAIRS_VALUE.test(value)
            ? 'pairs'
            : undefined;
    if (parts.word === 'bare' && bareKind === undefined) continue;
    const family = familyOf(parts.resource, match[1]!);
    if (!family) continue;
    if (parts.word === 'refills') {
      family.refills = true;
      continue;
    }
    if (parts.word === 'window') {
      const amount = firstNumber(value)?.value;
      const windowMs = amount === undefined ? undefined : amount * parts.unitMs!;
      if (windowMs !== undefined && windowMs >= 1 && windowMs <= MAX_WINDOW_MS) family.windowMs ??= windowMs;
      continue;
    }
    if (bareKind !== undefined) {
      family[bareKind] ??= value;
      continue;
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

/**
 * What a resource counts: requests when it is unnamed, says so (`requests`, `req`) or names only
 * a period (`daily`, `secondly`); otherwise the resource less its period words (`tokens-minute`
 * counts `tokens`).
 */
function unitOf(resource: string): string | undefined {
  const counted = resource
    .split('-')
    .filter((part) => part !== '' && !PERIOD_WORD.test(part))
    .join('-');
  if (counted === '' || /^req/.test(counted) || counted.endsWith('requests')) return undefined;
  return counted;
}

/** The `key=value` pairs of a whole quota written in one field, by the family word each key means. */
function pairsOf(value: string): Partial<Record<'limit' | 'remaining' | 'reset' | 'used', string>> {
  const read: Partial<Record<'limit' | 'remaining' | 'reset' | 'used', string>> = {};
  for (const pair of value.split(/[;,]/)) {
    const [key, amount] = pair.split('=').map((part) => part.trim());
    const word = key === undefined ? undefined : PAIR_WORDS[key.toLowerCase()];
    if (word !== undefined && amount !== undefined) read[word] ??= amount;
  }
  return read;
}

function observationOf(
  resource: string,
  family: Family,
  headers: HeaderSource,
  context: RateLimitContext,
  policies: readonly NamedPolicy[],
): RateLimitObservation | undefined {
  // A whole quota in one field fills what separate fields left unsaid.
  const pairs = family.pairs !== undefined ? pairsOf(family.pairs) : {};
  const reset = family.reset ?? pairs.reset;
  const used = firstNumber(family.used ?? pairs.used);
  const stated = firstNumber(family.remaining ?? pairs.remaining);
  // Reddit sends used and remaining, no limit: the window's limit is their sum.
  const limit =
    firstNumber(family.limit ?? pairs.limit ?? family.bare) ??
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
  const resetMs = parseResetValue(reset ?? null, resetContext);
  const resetGrain = resetMs === undefined ? undefined : resetGrainMs(reset ?? null, resetContext);
  const windowMs =
    limit?.window ??
    (family.refills === true ? undefined : family.windowMs) ??
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
  const families = [...familiesOf(headers).values()];
  for (const family of families) {
    const observation = observationOf(family.counts, family, headers, context, policies);
    if (!observation) continue;
    // Two vendors' quotas of one resource are told apart by the vendor's name.
    const vendor = vendorOf(family.prefix).replace(/-+$/, '');
    const shared = families.filter((other) => other.counts === family.counts).length > 1;
    observations.push(
      shared && vendor !== '' && observation.policy === undefined
        ? { ...observation, policy: vendor }
        : observation,
    );
  }
  if (observations.length === 0 && headers.keys) observations.push(...fractionsOf(headers.keys(), headers));
  return observations;
}

/**
 * Every `*limit*: [name=]used/limit` item, as a quota with `limit - used` left (no reset is
 * stated). A count past its limit is a quota spent (Salesforce lets a day's count run over:
 * `api-usage=110018/100000`).
 */
function fractionsOf(names: Iterable<string>, headers: HeaderSource): RateLimitObservation[] {
  const observations: RateLimitObservation[] = [];
  for (const rawName of names) {
    const name = rawName.toLowerCase();
    if (!FRACTION_NAME.test(name)) continue;
    const value = headers.get(name) ?? '';
    if (value.length > 1024) continue;
    for (const item of value.split(/[;,]/, MAX_FAMILIES)) {
      const match = FRACTION_ITEM.exec(item);
      if (!match) continue;
      const used = Number(match[2]);
      const limit = Number(match[3]);
      if (limit === 0) continue;
      observations.push({
        ...(match[1] !== undefined ? { policy: match[1] } : {}),
        remaining: Math.max(0, limit - used),
        limit,
        source: 'x-ratelimit',
      });
      if (observations.length >= MAX_FAMILIES) return observations;
    }
  }
  return observations;
}
