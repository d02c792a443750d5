/**
 * The keys of {@link DiscoverOptions}, and the check that refuses any other.
 * @module
 */
import { type OptionKeys, rejectUnknownOptions } from '../errors/index.js';
import type { DiscoverOptions } from './discover.js';
import { DEFAULT_DISCOVERY_LIMITS } from './discovery-limits.js';

const DISCOVER_OPTION_KEYS: OptionKeys<DiscoverOptions> = {
  transport: true,
  fetch: true,
  signal: true,
  timeoutMs: ['timeout'],
  maxDocumentBytes: ['maxBytes'],
  maxRedirects: true,
  cache: true,
  catalog: true,
  models: true,
  mcp: true,
  requiredSurfaces: true,
  limits: ['limit'],
  userAgent: true,
  now: true,
  resolveHost: true,
};

const CATALOG_OPTION_KEYS: OptionKeys<NonNullable<DiscoverOptions['catalog']>> = {
  maxDepth: true,
  maxDocuments: true,
};

const MODELS_OPTION_KEYS: OptionKeys<Exclude<DiscoverOptions['models'], false | undefined>> = {
  categories: true,
  maxPages: true,
};

/** The keys of `limits`: every limit that has a default. */
const LIMIT_KEYS = Object.fromEntries(
  Object.keys(DEFAULT_DISCOVERY_LIMITS).map((key) => [key, true]),
) as OptionKeys<NonNullable<DiscoverOptions['limits']>>;

/**
 * Throws an {@link UnknownOptionError} for a key of `options`, of its `catalog` or of its `models`
 * that discovery does not know. `where` names the object: `discover options`.
 */
export function rejectUnknownDiscoverOptions(options: DiscoverOptions | undefined, where: string): void {
  rejectUnknownOptions(options, DISCOVER_OPTION_KEYS, where);
  rejectUnknownOptions(options?.catalog, CATALOG_OPTION_KEYS, `${where}.catalog`);
  if (options?.models) rejectUnknownOptions(options.models, MODELS_OPTION_KEYS, `${where}.models`);
  rejectUnknownOptions(options?.limits, LIMIT_KEYS, `${where}.limits`);
}
