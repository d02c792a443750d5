/**
 * How much a service's published documents may make `discover()` do: how many documents it reads,
 * how many bytes it downloads, how many APIs and operations it takes, how long it may take in all.
 * A hostile or broken catalogue (ten thousand `service-desc` links, a feed of slow pages, documents
 * of gigabytes) meets these before it costs a fetch, a megabyte or a second more.
 *
 * The counts are sized from the real service, at least four times what its published documents
 * need (it lists 34 OpenAPI documents with 199 operations, each document under 100 KB, about 60
 * documents in all with the model feed): the protection comes from the bytes, the time and the
 * total work, which bound a hostile service whatever its counts.
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
   * @default 512
   */
  readonly maxDocuments: number;
  /**
   * Most bytes one discovery downloads, every document together (each document is also held to
   * `maxDocumentBytes`). Reads wait while those in flight could take the rest, so the bytes held
   * at once stay within it too; a read past it fails without a request.
   * @default 67_108_864 (64 MiB)
   */
  readonly maxTotalBytes: number;
  /**
   * Most APIs (`service-desc` links) taken from the catalogue; a catalogue listing more is refused
   * before any of them is fetched.
   * @default 256
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
  maxDocuments: 512,
  maxTotalBytes: 64 * 1024 * 1024,
  maxSurfaces: 256,
  deadlineMs: 60_000,
  feedDeadlineMs: 15_000,
};

/** The caller's limits over the defaults; a value that is not a positive number keeps its default. */
export function resolveDiscoveryLimits(limits: Partial<DiscoveryLimits> | undefined): DiscoveryLimits {
  return limitsOver(DEFAULT_DISCOVERY_LIMITS, limits);
}
