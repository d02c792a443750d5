/**
 * How much a service's published documents may make `discover()` do: how many documents it reads,
 * how many APIs and operations it takes, how long it may take in all. A hostile or broken
 * catalogue (ten thousand `service-desc` links, a feed of slow pages) meets these before it costs
 * a fetch, a megabyte or a second more.
 * @module
 */
import { DEFAULT_OPENAPI_LIMITS, limitsOver, type OpenApiLimits } from './openapi/openapi-limits.js';

/**
 * Every limit of one discovery: those of each OpenAPI document ({@link OpenApiLimits}) and those of
 * the whole walk. Over a limit, discovery ends in a `DiscoveryDocumentError` that names it (the
 * models feed, being optional, stops with a warning instead).
 * @inline
 */
export interface DiscoveryLimits extends OpenApiLimits {
  /**
   * Most documents one discovery reads, every kind together (catalogues, OpenAPI documents, feed
   * pages, the rest). A read past it fails without a request.
   * @default 64
   */
  readonly maxDocuments: number;
  /**
   * Most APIs (`service-desc` links) taken from the catalogue; a catalogue listing more is refused
   * before any of them is fetched.
   * @default 16
   */
  readonly maxSurfaces: number;
  /**
   * Longest time the whole of `discover()` (and so the discovery part of `connect()`) may take,
   * in ms; every read still under way is then aborted.
   * @default 60_000
   */
  readonly deadlineMs: number;
  /**
   * Longest time spent reading the models feed, every page together, in ms; the models read by
   * then are kept and the rest is skipped with a `models-feed-limit` warning.
   * @default 15_000
   */
  readonly feedDeadlineMs: number;
}

/** The limits used when the caller sets none. */
export const DEFAULT_DISCOVERY_LIMITS: DiscoveryLimits = {
  ...DEFAULT_OPENAPI_LIMITS,
  maxDocuments: 64,
  maxSurfaces: 16,
  deadlineMs: 60_000,
  feedDeadlineMs: 15_000,
};

/** The caller's limits over the defaults; a value that is not a positive number keeps its default. */
export function resolveDiscoveryLimits(limits: Partial<DiscoveryLimits> | undefined): DiscoveryLimits {
  return limitsOver(DEFAULT_DISCOVERY_LIMITS, limits);
}
