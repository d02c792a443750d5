/**
 * The quotas a service publishes before any call, read so that a session's first burst keeps
 * to them: rate-limit extensions of an OpenAPI document (`x-rate-limit`, `x-ratelimit`,
 * `x-rate-limits` on the document, its `info` or an operation), the examples of the
 * `RateLimit-Policy` response headers it declares, and the MCP `rate-limit-policy` reference
 * resource. Every reader is total: what does not parse is left out.
 * @module
 */
import { isRecord, parseRateLimitPolicy } from '../http/index.js';

/**
 * A quota as published: requests per window, and the paths it counts when it says.
 * @inline
 */
export interface PublishedRateLimit {
  readonly limit: number;
  readonly windowMs: number;
  readonly name?: string;
  /** Paths it counts (`/api/v7`); the whole service when absent. */
  readonly pathPrefixes?: readonly string[];
  readonly source: 'openapi' | 'mcp';
}

const EXTENSION = /^x-?rate-?limits?$/i;
const DURATION = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|sec|seconds?|m|min|minutes?|h|hours?)?\s*$/i;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/** Milliseconds of a window given as seconds (a number) or a duration text (`60s`, `1m`). */
function windowMsOf(value: unknown, unitMs = 1_000): number | undefined {
  if (typeof value === 'number') return value > 0 ? value * unitMs : undefined;
  if (typeof value !== 'string') return undefined;
  const match = DURATION.exec(value);
  if (!match) return undefined;
  const unit = match[2]?.toLowerCase() ?? '';
  const scale = unit === '' ? unitMs : (UNIT_MS[unit === 'ms' ? 'ms' : unit[0]!] ?? unitMs);
  const ms = Number(match[1]) * scale;
  return ms > 0 ? ms : undefined;
}

function positive(value: unknown): number | undefined {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? number : undefined;
}

/** One extension entry: `{limit|requests|quota, window|windowSeconds|period|per, name?}`. */
function fromExtension(value: unknown, pathPrefixes: readonly string[] | undefined): PublishedRateLimit[] {
  if (Array.isArray(value)) return value.flatMap((entry) => fromExtension(entry, pathPrefixes));
  if (!isRecord(value)) return [];
  const limit = positive(value.limit ?? value.requests ?? value.quota ?? value.max);
  const windowMs =
    windowMsOf(value.windowMs, 1) ??
    windowMsOf(value.windowSeconds) ??
    windowMsOf(value.window ?? value.period ?? value.per ?? value.interval);
  if (limit === undefined || windowMs === undefined) return [];
  const name =
    typeof value.name === 'string' ? value.name : typeof value.policy === 'string' ? value.policy : undefined;
  return [
    {
      limit,
      windowMs,
      ...(name ? { name } : {}),
      ...(pathPrefixes ? { pathPrefixes } : {}),
      source: 'openapi',
    },
  ];
}

/** The example of a declared `RateLimit-Policy` header: `"generation";q=60;w=60`. */
function fromPolicyHeader(
  header: unknown,
  pathPrefixes: readonly string[] | undefined,
): PublishedRateLimit[] {
  if (!isRecord(header)) return [];
  const schema = isRecord(header.schema) ? header.schema : {};
  const example = [header.example, schema.example, schema.default, schema.const].find(
    (candidate): candidate is string => typeof candidate === 'string',
  );
  if (!example) return [];
  const { named, unnamed } = parseRateLimitPolicy(example);
  const quotas: Array<{ name?: string; limit?: number; windowMs?: number }> = [
    ...[...named].map(([name, policy]) => ({ ...policy, name })),
    ...unnamed,
  ];
  return quotas.flatMap(({ name, limit, windowMs }) =>
    limit !== undefined && windowMs !== undefined
      ? [
          {
            limit,
            windowMs,
            ...(name !== undefined ? { name } : {}),
            ...(pathPrefixes ? { pathPrefixes } : {}),
            source: 'openapi' as const,
          },
        ]
      : [],
  );
}

/** `/images/{id}/fetch` -> `/images`: the part of a path template before its first parameter. */
function staticPrefix(path: string): string {
  const cut = path.indexOf('{');
  return (cut < 0 ? path : path.slice(0, cut)).replace(/\/+$/, '') || '/';
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * The quotas an OpenAPI document publishes. `basePath` is the path of its server URL, so that
 * an operation's path becomes the path on the wire.
 */
export function rateLimitsFromOpenApi(document: unknown, basePath = ''): PublishedRateLimit[] {
  if (!isRecord(document)) return [];
  const found: PublishedRateLimit[] = [];
  const extensionsOf = (owner: unknown, prefixes: readonly string[] | undefined) => {
    if (!isRecord(owner)) return;
    for (const [key, value] of Object.entries(owner))
      if (EXTENSION.test(key)) found.push(...fromExtension(value, prefixes));
  };
  extensionsOf(document, undefined);
  extensionsOf(document.info, undefined);
  const components = isRecord(document.components) ? document.components : {};
  const headerComponents = isRecord(components.headers) ? components.headers : {};
  const resolveHeader = (header: unknown) => {
    const reference = isRecord(header) && typeof header.$ref === 'string' ? header.$ref : undefined;
    return reference?.startsWith('#/components/headers/')
      ? headerComponents[reference.split('/').pop()!]
      : header;
  };
  const paths = isRecord(document.paths) ? document.paths : {};
  const base = basePath.replace(/\/+$/, '');
  for (const [path, item] of Object.entries(paths)) {
    if (!isRecord(item)) continue;
    const prefixes = [`${base}${staticPrefix(path)}`];
    extensionsOf(item, prefixes);
    for (const method of METHODS) {
      const operation = item[method];
      if (!isRecord(operation)) continue;
      extensionsOf(operation, prefixes);
      const responses = isRecord(operation.responses) ? Object.values(operation.responses) : [];
      for (const response of responses) {
        const headers = isRecord(response) && isRecord(response.headers) ? response.headers : {};
        for (const [name, header] of Object.entries(headers)) {
          if (name.toLowerCase() === 'ratelimit-policy')
            found.push(...fromPolicyHeader(resolveHeader(header), prefixes));
        }
      }
    }
  }
  return distinctRateLimits(found);
}

/** The paths a policy's `appliesTo` text names (`/api/v6, /api/v7 and /api/v8: ...`). */
function pathsIn(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  const paths = [...text.matchAll(/(?:^|[\s,(])(\/[A-Za-z0-9._~\-/]*[A-Za-z0-9._~-])/g)].map((match) =>
    match[1]!.replace(/\/\*$/, ''),
  );
  // "/api/agents/v1/billing, /wallet and /payments": a one-segment path listed after a longer
  // one names its sibling, not a path at the root.
  let parent = '';
  return paths.map((path) => {
    const full = parent !== '' && !path.slice(1).includes('/') ? `${parent}${path}` : path;
    if (full === path) parent = path.includes('/', 1) ? path.slice(0, path.lastIndexOf('/')) : '';
    return full;
  });
}

/**
 * The quotas of an MCP `rate-limit-policy` resource: `{policies: [{name, limit, windowSeconds,
 * appliesTo}]}`. A policy that names no path applies to the whole service only when it is the
 * only one; otherwise nothing says which requests it counts.
 */
export function rateLimitsFromMcp(text: string): PublishedRateLimit[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const policies = isRecord(parsed) && Array.isArray(parsed.policies) ? parsed.policies : [];
  const read = policies.flatMap((policy) => {
    if (!isRecord(policy)) return [];
    const limit = positive(policy.limit);
    const windowMs = windowMsOf(policy.windowSeconds) ?? windowMsOf(policy.window);
    if (limit === undefined || windowMs === undefined) return [];
    const pathPrefixes = pathsIn(policy.appliesTo);
    const name = typeof policy.name === 'string' ? policy.name : undefined;
    return [{ limit, windowMs, ...(name ? { name } : {}), pathPrefixes, source: 'mcp' as const }];
  });
  return read.flatMap(({ pathPrefixes, ...quota }) =>
    pathPrefixes.length > 0 ? [{ ...quota, pathPrefixes }] : read.length === 1 ? [quota] : [],
  );
}

/** `quotas` without repeats (the three MCP servers each list the same policy resource). */
export function distinctRateLimits(quotas: readonly PublishedRateLimit[]): PublishedRateLimit[] {
  const seen = new Set<string>();
  return quotas.filter((quota) => {
    const key = JSON.stringify(quota);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
