/**
 * `RateLimit-Policy`: the named quota policies of the current draft (`"default";q=100;w=10`),
 * or the unnamed quota items of draft 07 (`100;w=10`). The field stays the same from answer to
 * answer, so each distinct value is parsed once.
 * @module
 */
import {
  items,
  nameOf,
  nonNegativeInteger,
  partitionKeyOf,
  safeList,
  seconds,
} from './structured-field-values.js';

/** A quota's shape as `RateLimit-Policy` states it. */
export interface NamedPolicy {
  limit?: number;
  windowMs?: number;
  quotaUnit?: string;
  partitionKey?: string;
}

/** The policies of one `RateLimit-Policy` field. */
export interface Policies {
  readonly named: ReadonlyMap<string, NamedPolicy>;
  readonly unnamed: readonly NamedPolicy[];
}

/** `RateLimit-Policy` stays the same from answer to answer: parse each distinct value once. */
const policyCache = new Map<string, Policies>();

export function policiesOf(field: string | null): Policies {
  if (!field) return { named: new Map(), unnamed: [] };
  let policies = policyCache.get(field);
  if (!policies) {
    policies = readPolicies(field);
    if (policyCache.size >= 64) policyCache.clear();
    policyCache.set(field, policies);
  }
  return policies;
}

/** The `RateLimit-Policy` list: named policies, or the unnamed quota items of draft 07. */
function readPolicies(field: string | null): Policies {
  const named = new Map<string, NamedPolicy>();
  const unnamed: NamedPolicy[] = [];
  for (const [value, params] of items(safeList(field) ?? [])) {
    const quotaUnit = params.get('qu');
    const policy: NamedPolicy = {};
    const window = seconds(nonNegativeInteger(params.get('w')));
    if (window !== undefined) policy.windowMs = window;
    if (typeof quotaUnit === 'string') policy.quotaUnit = quotaUnit;
    const partitionKey = partitionKeyOf(params.get('pk'));
    if (partitionKey !== undefined) policy.partitionKey = partitionKey;
    const name = nameOf(value);
    if (name !== undefined) {
      const limit = nonNegativeInteger(params.get('q'));
      if (limit === undefined) continue; // q is required
      policy.limit = limit;
      if (!named.has(name)) named.set(name, policy);
    } else {
      const limit = nonNegativeInteger(value);
      if (limit === undefined) continue;
      policy.limit = limit;
      unnamed.push(policy);
    }
  }
  return { named, unnamed };
}
