/**
 * Every generation of the rate-limit fields, read into one shape:
 *
 * - the current draft (draft-ietf-httpapi-ratelimit-headers-08 and later): the `RateLimit-Policy`
 *   and `RateLimit` lists of named policies, `"default";q=100;w=10` and `"default";r=50;t=30`,
 *   with optional `qu` (quota unit) and `pk` (partition key);
 * - draft 07: the `RateLimit` dictionary `limit=100, remaining=50, reset=5`, with
 *   `RateLimit-Policy: 100;w=10` (unnamed quota items);
 * - drafts up to 06: separate `RateLimit-Limit`, `-Remaining`, `-Reset` fields;
 * - every vendor's `*ratelimit*` fields, read by their shape (`rate-limit-families.ts`):
 *   `X-RateLimit-*`, `x-ratelimit-*-requests` / `-tokens`, `anthropic-ratelimit-*`, ...
 *
 * Structured Fields are parsed with `structured-headers`. Every parser here is total: a field
 * that does not parse is ignored.
 * @module
 */
import { type BareItem, type List, parseDictionary } from 'structured-headers';
import { observationsFromFamilies } from './rate-limit-families.js';
import { type NamedPolicy, policiesOf } from './rate-limit-policy.js';
import {
  items,
  nameOf,
  nonNegativeInteger,
  partitionKeyOf,
  safeList,
  seconds,
} from './structured-field-values.js';

/** What one response says about one quota. */
export interface RateLimitObservation {
  /** The policy's name when the fields name one (current draft); undefined otherwise. */
  readonly policy?: string;
  /** The partition key (`pk`) as base64, identifying whose quota this is. */
  readonly partitionKey?: string;
  /** Quota units allowed per window (`q`, `limit`, `RateLimit-Limit`). */
  readonly limit?: number;
  /** Quota units left (`r`, `remaining`, `RateLimit-Remaining`). */
  readonly remaining?: number;
  /** Milliseconds from the response until the quota resets (`t`, `reset`, `RateLimit-Reset`). */
  readonly resetMs?: number;
  /**
   * The reset was written in whole units of this many milliseconds (1000: whole seconds, as
   * epoch or delta seconds are), so the moment it stands for may be up to this much earlier.
   * Undefined when the reset is as fine as a millisecond.
   */
  readonly resetGrainMs?: number;
  /** Length of the window in milliseconds (`w`). */
  readonly windowMs?: number;
  /** What the quota counts (`qu`): `request` unless the server says otherwise. */
  readonly quotaUnit?: string;
  /** Which generation of the fields it came from. */
  readonly source: 'policy-list' | 'dictionary' | 'separate' | 'x-ratelimit';
}

/** Read access to response fields; `Headers` satisfies it. */
export interface HeaderSource {
  get(name: string): string | null;
  /** The fields' names, so that rate-limit fields are found by their shape; `Headers` has it. */
  keys?(): Iterable<string>;
}

export interface RateLimitContext {
  /** Local time the response arrived; converts epoch resets into delays. */
  readonly receivedAt: number;
}

/** The current draft's named `RateLimit` list, joined with its policies. */
function readNamedLimits(list: List, policies: ReadonlyMap<string, NamedPolicy>): RateLimitObservation[] {
  const observations: RateLimitObservation[] = [];
  const seen = new Set<string>();
  for (const [value, params] of items(list)) {
    const name = nameOf(value);
    const remaining = nonNegativeInteger(params.get('r'));
    if (name === undefined || remaining === undefined) continue;
    seen.add(name);
    const policy = policies.get(name) ?? {};
    const resetMs = seconds(nonNegativeInteger(params.get('t')));
    const partitionKey = partitionKeyOf(params.get('pk')) ?? policy.partitionKey;
    observations.push({
      ...policy,
      policy: name,
      remaining,
      // `t` is an integer: whole seconds.
      ...(resetMs !== undefined ? { resetMs, resetGrainMs: 1000 } : {}),
      ...(partitionKey !== undefined ? { partitionKey } : {}),
      source: 'policy-list',
    });
  }
  // A policy with no live counters still tells the quota's shape.
  for (const [name, policy] of policies) {
    if (!seen.has(name)) observations.push({ ...policy, policy: name, source: 'policy-list' });
  }
  return observations;
}

/** Draft 07's `RateLimit: limit=100, remaining=50, reset=5` dictionary. */
function readDictionary(field: string | null, unnamed: readonly NamedPolicy[]): RateLimitObservation[] {
  if (!field) return [];
  try {
    const dictionary = parseDictionary(field);
    const number = (key: string) => {
      const member = dictionary.get(key);
      return member && !Array.isArray(member[0]) ? nonNegativeInteger(member[0] as BareItem) : undefined;
    };
    const remaining = number('remaining');
    if (remaining === undefined) return [];
    const limit = number('limit');
    const resetMs = seconds(number('reset'));
    const window = unnamed.find((policy) => policy.limit === limit)?.windowMs;
    return [
      {
        remaining,
        ...(limit !== undefined ? { limit } : {}),
        ...(resetMs !== undefined ? { resetMs, resetGrainMs: 1000 } : {}),
        ...(window !== undefined ? { windowMs: window } : {}),
        source: 'dictionary',
      },
    ];
  } catch {
    return [];
  }
}

/** Whether a parsed `RateLimit` list is the named-policy form (so it is not draft 07's dictionary). */
function isNamedList(list: List | undefined): list is List {
  return (
    list !== undefined &&
    items(list).some(([value, params]) => nameOf(value) !== undefined && params.has('r'))
  );
}

/** A vendor's copy of the IETF fields: `Beta-RateLimit` and `Beta-RateLimit-Policy` (Atlassian). */
const PREFIXED_IETF = /^([a-z0-9]{1,24}-){1,3}ratelimit(-policy)?$/;

/**
 * The prefix of the first vendor-prefixed IETF field (`beta-`), when the unprefixed ones are
 * absent; undefined when there is none or the fields cannot be listed.
 */
function ietfPrefixOf(headers: HeaderSource): string | undefined {
  if (!headers.keys || headers.get('ratelimit') !== null || headers.get('ratelimit-policy') !== null)
    return undefined;
  let seen = 0;
  for (const rawName of headers.keys()) {
    if (++seen > 256) return undefined;
    const name = rawName.toLowerCase();
    if (!PREFIXED_IETF.test(name)) continue;
    const prefix = name.slice(0, name.lastIndexOf('ratelimit'));
    if (
      isNamedList(safeList(headers.get(`${prefix}ratelimit`))) ||
      headers.get(`${prefix}ratelimit-policy`) !== null
    )
      return prefix;
  }
  return undefined;
}

/** The named quotas of the IETF fields under `prefix` (`''` for `RateLimit` itself), or undefined. */
function readIetf(
  headers: HeaderSource,
  prefix: string,
): { observations: RateLimitObservation[]; unnamed: readonly NamedPolicy[] } {
  const { named, unnamed } = policiesOf(headers.get(`${prefix}ratelimit-policy`));
  const rateLimit = headers.get(`${prefix}ratelimit`);
  const list = safeList(rateLimit);
  const namedList = isNamedList(list);
  if (namedList || named.size > 0) {
    const observations = readNamedLimits(namedList ? list : [], named);
    if (observations.some((observation) => observation.remaining !== undefined))
      return { observations, unnamed };
  }
  return { observations: namedList ? [] : readDictionary(rateLimit, unnamed), unnamed };
}

/**
 * Every quota a response describes. The most precise generation present wins: named policies,
 * then the dictionary, then the separate fields, then `X-RateLimit-*`. A vendor's prefixed copy
 * of the IETF fields (`Beta-RateLimit`, Atlassian's points quota) is read as the IETF fields
 * when they are absent, beside the vendor's own fields, which count another quota (Atlassian's
 * `X-RateLimit-Limit`, its burst limit). Empty when the response says nothing usable.
 */
export function parseRateLimitFields(
  headers: HeaderSource,
  context: RateLimitContext,
): RateLimitObservation[] {
  const ietf = readIetf(headers, '');
  if (ietf.observations.length > 0) return ietf.observations;
  const prefix = ietfPrefixOf(headers);
  const prefixed = prefix === undefined ? [] : readIetf(headers, prefix).observations;
  return [...prefixed, ...observationsFromFamilies(headers, context, ietf.unnamed)];
}
