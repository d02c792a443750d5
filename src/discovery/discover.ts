import { UsageError } from '../errors/index.js';
import { isBuiltInTransport } from '../http/built-in-transport.js';
import { createFetchTransport, type FetchFunction, type Transport } from '../http/index.js';
import { refusedAddressIn } from '../http/pinned-fetch.js';
import { joinSignals, timeoutSignal } from '../runtime/abort-signals.js';
import { VERSION } from '../version.js';
import { ByteBudget } from './byte-budget.js';
import type { DiscoveryCache } from './cache.js';
import {
  type DocumentReading,
  descriptionAddress,
  keepDescription,
  reuseDescription,
} from './description-cache.js';
import { rejectUnknownDiscoverOptions } from './discover-option-keys.js';
import { type DiscoveryLimits, resolveDiscoveryLimits } from './discovery-limits.js';
import type * as DocumentParsers from './document-parsers.js';
import { type CatalogueEntry, readLinkset } from './documents/api-catalog.js';
import type { Runbook } from './documents/auth-runbook.js';
import type { DeprecationPolicy } from './documents/deprecation-policy.js';
import type { LlmsTxt } from './documents/llms-txt.js';
import { type McpServerInfo, mergeMcpServers, readMcpServers } from './documents/mcp-manifest.js';
import { type ModelInfo, readFeedPage } from './documents/models-feed.js';
import { type AuthorizationMetadata, readAuthorizationMetadata } from './documents/oauth-metadata.js';
import { DiscoveryDocumentError } from './errors.js';
import {
  connectionFailureOf,
  type DocumentKind,
  type FetchedDocument,
  fetchDocument,
  parseJsonDocument,
  wasCutAtByteLimit,
} from './fetch-document.js';
import type { McpInspector } from './mcp-inspector.js';
import { oneOperationPerAddress } from './one-operation-per-address.js';
import {
  distinctRateLimits,
  type PublishedRateLimit,
  rateLimitsFromMcp,
  rateLimitsFromOpenApi,
} from './published-rate-limits.js';
import { reconcileScopes, type ScopeListing } from './scopes.js';
import { type McpReference, ServiceDescription } from './service-description.js';
import { ServiceUnreachableError } from './service-unreachable-error.js';
import { createTargetGuard } from './target-guard.js';
import type { ApiSurface, DiscoveryWarning, Operation } from './types.js';

/**
 * How `discover()` reads what the service publishes: with which fetch, within which limits, through
 * which cache. `connect()` takes the same options as `discovery`.
 *
 * @example
 * const service = await discover('https://api.example.com', {
 *   cache: new FileDiscoveryCache('./.discovery-cache'),
 *   timeoutMs: 5_000,
 *   models: { categories: ['image', 'video'] },
 *   limits: { deadlineMs: 20_000 },
 * });
 */
export interface DiscoverOptions {
  /**
   * The HTTP core's transport to read documents with (a proxy agent, a recording, a test double);
   * `connect()` gives the session's own, behind its governor. Wins over `fetch`.
   * @default `fetch` through the HTTP core's fetch transport
   */
  readonly transport?: Transport;
  /** The fetch to read documents with (tests, proxies, edge runtimes). @default globalThis.fetch */
  readonly fetch?: typeof globalThis.fetch;
  readonly signal?: AbortSignal;
  /** Time limit per document, in ms. @default 10000 */
  readonly timeoutMs?: number;
  /** Largest document accepted, in bytes. @default 10485760 (10 MiB) */
  readonly maxDocumentBytes?: number;
  /** Redirects followed per document. @default 3 */
  readonly maxRedirects?: number;
  /** Where documents are kept between runs (ETag and Cache-Control revalidation). @default none */
  readonly cache?: DiscoveryCache;
  /** Limits of the walk through nested API catalogues. @default depth 3, 10 documents */
  readonly catalog?: { readonly maxDepth?: number; readonly maxDocuments?: number };
  /**
   * The model feed: `false` skips it; `categories` keeps only those; `maxPages` caps the walk (its
   * time is capped by `limits.feedDeadlineMs`). @default all, 20 pages
   */
  readonly models?: false | { readonly categories?: readonly string[]; readonly maxPages?: number };
  /**
   * Lists the hosted MCP servers' tools and reads their reference resources; pass
   * `createMcpInspector()` from `generation-agent-toolkit/mcp`. @default not connected
   */
  readonly mcp?: McpInspector;
  /**
   * Surfaces (ids) whose OpenAPI document must be readable: a broken one is an error rather than a
   * warning. `'all'`: every surface the catalogue lists. @default 'all'
   */
  readonly requiredSurfaces?: 'all' | 'none' | readonly string[];
  /**
   * What discovery is willing to read and how long it may take: documents, APIs and operations
   * from one catalogue, an overall deadline, the models feed's time, and each OpenAPI document's
   * size caps. Each field below names its default.
   *
   * @example
   * await discover(baseUrl, { limits: { deadlineMs: 20_000, maxOperations: 500 } });
   */
  readonly limits?: Partial<DiscoveryLimits>;
  /** @default `generation-agent-toolkit/<version>` */
  readonly userAgent?: string;
  /** Clock for cache freshness and timing. @default Date.now */
  readonly now?: () => number;
  /**
   * How host names are resolved to check that a host other than the base URL's is public (a
   * custom resolver, a test's). When the base URL is public, a host any of whose addresses is
   * loopback, private or link-local is not read. Over the toolkit's own wire the connection then
   * goes only to a checked address; over a `transport` or `fetch` you give, names are resolved only
   * with this option (without it, only the spelling of the host is judged).
   * @default the system's resolver (`node:dns` lookup) over the toolkit's own wire; none where the runtime has none
   *
   * @example
   * await discover('https://api.example.com', {
   *   resolveHost: async (hostname) => (await myResolver.lookup(hostname)).addresses,
   * });
   */
  readonly resolveHost?: (hostname: string) => Promise<readonly string[]>;
}

/** Where the spec publishes each document, relative to the base URL. */
export const WELL_KNOWN = {
  catalog: '.well-known/api-catalog',
  openapi: ['openapi.json', 'agents-openapi.json'],
  oauth: '.well-known/oauth-authorization-server',
  mcp: '.well-known/mcp.json',
  serverCard: '.well-known/mcp/server-card.json',
  runbook: 'auth.md',
  llmsTxt: 'llms.txt',
  modelsFeed: 'models-feed',
  deprecationPolicy: 'api-deprecation-policy',
} as const;

interface Loader {
  /** Reads `url` once per discovery; `signal` (the feed's own deadline) joins the discovery's. */
  load(url: string, kind: DocumentKind, signal?: AbortSignal): Promise<FetchedDocument>;
  /** Aborted at the discovery's deadline or by the caller. */
  readonly signal: AbortSignal;
  readonly stats: { documents: number; fromCache: number; downloadedBytes: number; fetchMs: number };
  /** Every address asked for so far, with its kind and whether it was read (once all have settled). */
  readings(): Promise<DocumentReading[]>;
  /** Why discovery does not read `url` (see `target-guard.ts`), or `undefined`. */
  refusal(url: URL): Promise<string | undefined>;
  /** The pinned fetch for a connection of the MCP inspector to `url`, when documents there would use it. */
  pinnedFetchFor(url: URL): Promise<FetchFunction | undefined>;
  /** Releases the connections of the wire other hosts are read through. */
  close(): Promise<void>;
}

function createLoader(
  base: URL,
  options: DiscoverOptions,
  now: () => number,
  limits: Pick<DiscoveryLimits, 'maxDocuments' | 'maxTotalBytes'>,
  signal: AbortSignal,
): Loader {
  const memo = new Map<string, Promise<FetchedDocument>>();
  const kinds = new Map<string, DocumentKind>();
  const started = performance.now();
  const stats = { documents: 0, fromCache: 0, downloadedBytes: 0, fetchMs: 0 };
  const given = options.transport ?? (options.fetch ? createFetchTransport(options.fetch) : undefined);
  const guard = createTargetGuard({
    base,
    transport: given ?? createFetchTransport(globalThis.fetch),
    builtIn: given === undefined || isBuiltInTransport(given),
    ...(options.resolveHost ? { resolve: options.resolveHost } : {}),
  });
  const fetchOptions = {
    transport: guard.transport,
    timeoutMs: options.timeoutMs ?? 10_000,
    maxBytes: options.maxDocumentBytes ?? 10 * 1024 * 1024,
    maxRedirects: options.maxRedirects ?? 3,
    refuse: (url: URL) => guard.refusal(url),
    userAgent: options.userAgent ?? `generation-agent-toolkit/${VERSION}`,
    now,
    signal,
    ...(options.cache ? { cache: options.cache } : {}),
  };
  const budget = new ByteBudget(limits.maxTotalBytes, fetchOptions.maxBytes);
  const spentMessage = (url: string) =>
    new DiscoveryDocumentError({
      document: url,
      message: `Not read: discovery downloaded ${budget.spent} bytes, its limit for every document together (limits.maxTotalBytes). Raise it if you trust the service.`,
    });

  /** One read within the byte budget: what it downloads is counted, what it did not use goes back. */
  async function read(url: string, kind: DocumentKind, readSignal: AbortSignal): Promise<FetchedDocument> {
    const reservation = await budget.reserve(readSignal);
    if (!reservation) throw spentMessage(url);
    let downloaded = 0;
    try {
      const document = await fetchDocument(url, kind, {
        ...fetchOptions,
        signal: readSignal,
        maxBytes: reservation.maxBytes,
        ...(reservation.limitedByBudget ? { maxBytesOption: 'limits.maxTotalBytes' } : {}),
      });
      downloaded = document.downloadedBytes;
      return document;
    } catch (error) {
      // A body cut at the limit was downloaded to the limit.
      if (wasCutAtByteLimit(error)) downloaded = reservation.maxBytes;
      throw error;
    } finally {
      budget.release(reservation, downloaded);
    }
  }

  return {
    stats,
    signal,
    close: () => guard.close(),
    refusal: (url) => guard.refusal(url),
    pinnedFetchFor: (url) => guard.pinnedFetchFor(url),
    async readings() {
      const settled = await Promise.allSettled(memo.values());
      return [...memo.keys()].map((url, index) => ({
        url,
        kind: kinds.get(url) ?? 'json',
        read: settled[index]?.status === 'fulfilled',
      }));
    },
    load(url, kind, ownSignal) {
      let pending = memo.get(url);
      if (!pending && memo.size >= limits.maxDocuments) {
        // Counted before the request: whatever a document links to, the walk makes no more reads.
        pending = Promise.reject(
          new DiscoveryDocumentError({
            document: url,
            message: `Not read: discovery reads at most ${limits.maxDocuments} documents (limits.maxDocuments).`,
          }),
        );
        pending.catch(() => undefined);
      }
      if (!pending) {
        const joined = ownSignal ? joinSignals([signal, ownSignal]) : undefined;
        const reading = read(url, kind, joined?.signal ?? signal);
        if (joined) reading.then(joined.release, joined.release);
        pending = reading.then((document) => {
          stats.documents += 1;
          stats.downloadedBytes += document.downloadedBytes;
          stats.fetchMs = Math.max(stats.fetchMs, performance.now() - started);
          if (document.fromCache) stats.fromCache += 1;
          return document;
        });
        // A failed read is remembered too, so that one missing document is asked for once.
        memo.set(url, pending);
        kinds.set(url, kind);
      }
      return pending;
    },
  };
}

/** The path of an OpenAPI document's first server (`/api/v7` of `https://host/api/v7`), or ''. */
function serverPathOf(document: unknown, documentUrl: string): string {
  const servers = (document as { servers?: unknown } | null)?.servers;
  const first = Array.isArray(servers) ? (servers[0] as { url?: unknown } | undefined)?.url : undefined;
  if (typeof first !== 'string') return '';
  try {
    return new URL(first, documentUrl).pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

/** `https://host/base/` + `auth.md`, keeping the base's path. */
function addressOf(base: URL, relative: string): string {
  return new URL(relative, base.href.endsWith('/') ? base.href : `${base.href}/`).href;
}

function describeFailure(error: unknown): string {
  return DiscoveryDocumentError.isInstance(error)
    ? error.message
    : error instanceof Error
      ? error.message
      : String(error);
}

/** Reads the catalogue and the catalogues it nests, breadth first, within the limits. */
async function walkCatalogue(
  start: string,
  loader: Loader,
  limits: { maxDepth: number; maxDocuments: number },
  warn: (warning: DiscoveryWarning) => void,
): Promise<{ entries: CatalogueEntry[]; reachable: boolean; failure?: unknown }> {
  const visited = new Set<string>([start]);
  let level = [start];
  let reachable = false;
  let failure: unknown;
  const entries: CatalogueEntry[] = [];
  for (let depth = 0; level.length > 0 && depth <= limits.maxDepth; depth++) {
    const results = await Promise.allSettled(level.map((url) => loader.load(url, 'json')));
    const next: string[] = [];
    results.forEach((result, index) => {
      const url = level[index] as string;
      if (result.status === 'rejected') {
        if (url === start) failure = result.reason;
        warn({ code: 'catalog-unavailable', document: url, message: describeFailure(result.reason) });
        return;
      }
      let document: unknown;
      try {
        document = parseJsonDocument(result.value);
      } catch (error) {
        warn({ code: 'catalog-invalid', document: url, message: describeFailure(error) });
        return;
      }
      reachable = true;
      const reading = readLinkset(document, result.value.url);
      warnEach(warn, 'catalog-repaired', url, reading.problems);
      entries.push(...reading.entries);
      for (const nested of reading.nested) {
        if (visited.has(nested)) continue;
        if (visited.size >= limits.maxDocuments) {
          warn({
            code: 'catalog-limit',
            document: url,
            message: `nested catalogue ${nested} not read: over ${limits.maxDocuments} documents`,
          });
          continue;
        }
        visited.add(nested);
        next.push(nested);
      }
    });
    if (depth === limits.maxDepth && next.length > 0) {
      warn({
        code: 'catalog-limit',
        document: start,
        message: `nested catalogues deeper than ${limits.maxDepth} levels were not read`,
      });
    }
    level = next;
  }
  const unique = new Map<string, CatalogueEntry>();
  for (const entry of entries) if (!unique.has(entry.specUrl)) unique.set(entry.specUrl, entry);
  return { entries: [...unique.values()], reachable, ...(failure === undefined ? {} : { failure }) };
}

/** A short, stable id for a surface: its title without "API", else its document's file name. */
function surfaceIdOf(document: unknown, specUrl: string, taken: Set<string>): string {
  const title = (document as { info?: { title?: unknown } } | null)?.info?.title;
  const fromTitle = typeof title === 'string' ? title : '';
  const fromUrl =
    new URL(specUrl).pathname
      .split('/')
      .pop()
      ?.replace(/\.[a-z]+$/i, '') ?? 'api';
  const base =
    (fromTitle || fromUrl)
      .toLowerCase()
      .replace(/\bapi\b/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'api';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

async function readModels(
  base: URL,
  loader: Loader,
  settings: Exclude<DiscoverOptions['models'], false | undefined> | undefined,
  deadlineMs: number,
  warn: (warning: DiscoveryWarning) => void,
): Promise<ModelInfo[]> {
  const categories = settings?.categories;
  const first = new URL(addressOf(base, WELL_KNOWN.modelsFeed));
  if (categories?.length === 1) first.searchParams.set('category', categories[0] as string);
  const maxPages = settings?.maxPages ?? 20;
  // One deadline for every page together: slow pages one after another must not add up.
  const deadline = timeoutSignal(deadlineMs);
  const pages = new Map<string, Promise<ReturnType<typeof readFeedPage> | undefined>>();
  const readPage = (url: string) => {
    let pending = pages.get(url);
    if (!pending) {
      pending = loader
        .load(url, 'json', deadline)
        .then((document) => readFeedPage(parseJsonDocument(document), document.url, document.link ?? null))
        .catch((error: unknown) => {
          if (deadline.aborted && !loader.signal.aborted) return undefined;
          warn({ code: 'document-unavailable', document: url, message: describeFailure(error) });
          return undefined;
        });
      pages.set(url, pending);
    }
    return pending;
  };
  const firstPage = await readPage(first.href);
  if (!firstPage) return [];
  // With the total known, the other pages are asked for at once rather than one after another;
  // the next links are still followed, so a feed that miscounts is read to its end.
  if (firstPage.next && firstPage.total !== undefined && firstPage.models.length > 0) {
    const count = Math.min(maxPages, Math.ceil(firstPage.total / firstPage.models.length));
    for (let page = 2; page <= count; page++) {
      const url = new URL(firstPage.next);
      url.searchParams.set('page', String(page));
      void readPage(url.href);
    }
  }
  const models: ModelInfo[] = [];
  const seen = new Set<string>();
  let url: string | undefined = first.href;
  for (let page = 0; url && !seen.has(url); page++) {
    if (page >= maxPages) {
      warn({
        code: 'models-feed-limit',
        document: url,
        message: `the feed has more than ${maxPages} pages; the rest was not read`,
      });
      break;
    }
    seen.add(url);
    const reading = await readPage(url);
    if (deadline.aborted && !loader.signal.aborted) {
      warn({
        code: 'models-feed-limit',
        document: url,
        message: `the feed took longer than ${deadlineMs} ms (limits.feedDeadlineMs); the rest was not read`,
      });
      if (reading) models.push(...reading.models);
      break;
    }
    if (!reading) break;
    warnEach(warn, 'models-feed-repaired', url, reading.problems);
    models.push(...reading.models);
    url = reading.next;
  }
  return categories?.length ? models.filter((model) => categories.includes(model.category)) : models;
}

/**
 * Reads the model feed alone, for a description discovered without it (`models: false`, a
 * snapshot): what the spend estimator needs, fetched once by the session that needs it.
 * Failures are warnings; the answer is then the models read so far (none at worst).
 */
export async function readModelsFeed(
  baseUrl: string | URL,
  options: Pick<
    DiscoverOptions,
    'transport' | 'fetch' | 'timeoutMs' | 'maxDocumentBytes' | 'limits' | 'resolveHost'
  > = {},
): Promise<{ models: ModelInfo[]; warnings: DiscoveryWarning[] }> {
  const limits = resolveDiscoveryLimits(options.limits);
  const warnings: DiscoveryWarning[] = [];
  const loader = createLoader(
    new URL(baseUrl),
    options,
    Date.now,
    limits,
    timeoutSignal(limits.feedDeadlineMs),
  );
  try {
    const models = await readModels(new URL(baseUrl), loader, undefined, limits.feedDeadlineMs, (warning) =>
      warnings.push(warning),
    );
    return { models, warnings };
  } finally {
    await loader.close();
  }
}

/** Reports each problem a reader repaired as a warning of `code` about `document`. */
function warnEach(
  warn: (warning: DiscoveryWarning) => void,
  code: string,
  document: string,
  problems: readonly string[],
): void {
  for (const message of problems) warn({ code, document, message });
}

/** Reads an optional document; a failure becomes a warning and `undefined`. */
/**
 * The document parsers, loaded at the first document to parse (a dynamic import, so that a
 * program starting from a saved description never loads the OpenAPI, `$ref` and Markdown code).
 */
function parsers(): Promise<typeof DocumentParsers> {
  return import('./document-parsers.js');
}

async function optional<T>(
  loader: Loader,
  url: string,
  kind: DocumentKind,
  read: (document: FetchedDocument) => T | Promise<T>,
  warn: (warning: DiscoveryWarning) => void,
): Promise<T | undefined> {
  try {
    const document = await loader.load(url, kind);
    if (document.mediaTypeWarning)
      warn({ code: 'media-type', document: url, message: document.mediaTypeWarning });
    return await read(document);
  } catch (error) {
    warn({ code: 'document-unavailable', document: url, message: describeFailure(error) });
    return undefined;
  }
}

/**
 * Reads everything a service publishes about itself, concurrently, and returns one checked,
 * reconciled {@link ServiceDescription}. Optional documents that are missing or broken become
 * warnings; an unreadable OpenAPI document of a surface the caller needs is an error.
 *
 * @example
 * const service = await discover('http://127.0.0.1:8787');
 * service.minimumScopes(['get_wallet_balance', 'post_wallet_fund']); // ['wallet:read', 'wallet:write']
 */
export async function discover(
  baseUrl: string | URL,
  options: DiscoverOptions = {},
): Promise<ServiceDescription> {
  rejectUnknownDiscoverOptions(options, 'discover options');
  let base: URL;
  try {
    base = new URL(String(baseUrl));
  } catch {
    throw new UsageError(`discover() needs an absolute http(s) URL, not ${JSON.stringify(String(baseUrl))}.`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new UsageError(`discover() needs an http(s) URL, not ${base.protocol} (${base.href}).`);
  }
  const limits = resolveDiscoveryLimits(options.limits);
  const deadline = timeoutSignal(limits.deadlineMs);
  const joined = options.signal ? joinSignals([options.signal, deadline]) : undefined;
  const reading = readThroughCache(base, options, limits, joined?.signal ?? deadline);
  // The caller's signal may outlive many discoveries: it stops listening for this one at its end.
  if (joined) reading.then(joined.release, joined.release);
  return raceDeadline(reading, deadline, () => {
    return new DiscoveryDocumentError({
      document: base.href,
      message: `Discovery took longer than its deadline of ${limits.deadlineMs} ms and was stopped (limits.deadlineMs).`,
    });
  });
}

/**
 * `work`, unless `deadline` passes first: then the error `late()` makes. The work's own reads are
 * aborted by the same signal, so it ends soon after; its late failure is not left unhandled.
 */
function raceDeadline<T>(work: Promise<T>, deadline: AbortSignal, late: () => Error): Promise<T> {
  work.catch(() => undefined);
  if (deadline.aborted) return Promise.reject(late());
  return new Promise<T>((resolve, reject) => {
    const onDeadline = () => reject(late());
    deadline.addEventListener('abort', onDeadline, { once: true });
    work.then(resolve, reject).finally(() => deadline.removeEventListener('abort', onDeadline));
  });
}

/**
 * The options that shape what discovery makes of the same documents; the others (transport,
 * cache, signal, clock, user agent) only change how they are fetched.
 */
function shapingOptions(options: DiscoverOptions, limits: DiscoveryLimits) {
  return {
    limits,
    catalog: options.catalog ?? null,
    models: options.models ?? null,
    requiredSurfaces: options.requiredSurfaces ?? 'all',
    maxDocumentBytes: options.maxDocumentBytes ?? null,
    maxRedirects: options.maxRedirects ?? null,
  };
}

/**
 * With a cache, the description parsed last time is reused while the documents it came from are
 * unchanged (fresh in the cache, or answered 304), and kept for next time when it is read anew. A
 * description that lists MCP tools depends on more than documents: it is always read anew.
 */
async function readThroughCache(
  base: URL,
  options: DiscoverOptions,
  limits: DiscoveryLimits,
  signal: AbortSignal,
): Promise<ServiceDescription> {
  const cache = options.cache;
  if (!cache || options.mcp) return readService(base, options, limits, signal);
  const now = options.now ?? Date.now;
  const key = descriptionAddress(base, shapingOptions(options, limits));
  // One loader for both: what the revalidation read is not read again when the service changed.
  // Made at its first use: a description reused while its documents are fresh needs none.
  let made: Loader | undefined;
  const loader = () => {
    made ??= createLoader(base, options, now, limits, signal);
    return made;
  };
  const reused = await reuseDescription({
    cache,
    ...key,
    now,
    unchanged: async (documents) => {
      const again = await Promise.all(
        documents.map((document) =>
          loader()
            .load(document.url, document.kind)
            .then(
              (read) => document.read && read.fromCache,
              () => !document.read,
            ),
        ),
      );
      return again.every(Boolean);
    },
  }).catch(() => undefined);
  try {
    if (reused) return reused;
    const description = await readService(base, options, limits, signal, loader());
    // Not kept is no failure: the next start reads the documents again.
    await keepDescription(cache, key, description, await loader().readings(), now()).catch(() => undefined);
    return description;
  } finally {
    await made?.close();
  }
}

async function readService(
  base: URL,
  options: DiscoverOptions,
  limits: DiscoveryLimits,
  signal: AbortSignal,
  given?: Loader,
): Promise<ServiceDescription> {
  if (given) return readServiceWith(base, options, limits, signal, given);
  const loader = createLoader(base, options, options.now ?? Date.now, limits, signal);
  try {
    return await readServiceWith(base, options, limits, signal, loader);
  } finally {
    await loader.close();
  }
}

async function readServiceWith(
  base: URL,
  options: DiscoverOptions,
  limits: DiscoveryLimits,
  signal: AbortSignal,
  loader: Loader,
): Promise<ServiceDescription> {
  const now = options.now ?? Date.now;
  const started = now();
  const startedAt = performance.now();
  const warnings: DiscoveryWarning[] = [];
  const warn = (warning: DiscoveryWarning) => warnings.push(warning);
  const address = (relative: string) => addressOf(base, relative);

  // The well-known OpenAPI addresses are asked for while the catalogue is read: when the
  // catalogue names them (the usual case) they are already on their way; the memo serves them.
  const speculative = WELL_KNOWN.openapi.map((path) =>
    loader.load(address(path), 'json').catch(() => undefined),
  );
  const catalogue = walkCatalogue(
    address(WELL_KNOWN.catalog),
    loader,
    {
      maxDepth: options.catalog?.maxDepth ?? 3,
      maxDocuments: options.catalog?.maxDocuments ?? 10,
    },
    warn,
  );
  const authorization = optional(
    loader,
    address(WELL_KNOWN.oauth),
    'json',
    (document) => {
      const reading = readAuthorizationMetadata(parseJsonDocument(document), base.origin);
      if (!reading.ok) {
        warn({ code: 'oauth-metadata-rejected', document: document.url, message: reading.problem });
        return undefined;
      }
      warnEach(warn, 'oauth-metadata-repaired', document.url, reading.problems);
      return reading.metadata;
    },
    warn,
  );
  const mcpSources = [WELL_KNOWN.mcp, WELL_KNOWN.serverCard].map((path) =>
    optional(
      loader,
      address(path),
      'json',
      (document) => {
        const reading = readMcpServers(parseJsonDocument(document), document.url);
        warnEach(warn, 'mcp-manifest-repaired', document.url, reading.problems);
        return reading.servers;
      },
      warn,
    ),
  );
  const runbook = optional(
    loader,
    address(WELL_KNOWN.runbook),
    'markdown',
    async (document) => {
      const reading = (await parsers()).readRunbook(document.text, document.url);
      warnEach(warn, 'runbook-incomplete', document.url, reading.problems);
      return reading.runbook;
    },
    warn,
  );
  const llmsTxt = optional(
    loader,
    address(WELL_KNOWN.llmsTxt),
    'text',
    async (document) => {
      const reading = (await parsers()).readLlmsTxt(document.text, document.url);
      warnEach(warn, 'llms-txt-repaired', document.url, reading.problems);
      return reading.llmsTxt;
    },
    warn,
  );
  const deprecationPolicy = optional(
    loader,
    address(WELL_KNOWN.deprecationPolicy),
    'markdown',
    async (document) => (await parsers()).readDeprecationPolicy(document.text, document.url),
    warn,
  );
  const models =
    options.models === false
      ? Promise.resolve([])
      : readModels(base, loader, options.models, limits.feedDeadlineMs, warn);

  const { entries, reachable, failure: catalogueFailure } = await catalogue;
  const fromCatalogue = entries.length > 0;
  if (!fromCatalogue) {
    warn({
      code: 'catalog-fallback',
      document: address(WELL_KNOWN.catalog),
      message: reachable
        ? 'the catalogue lists no service-desc; reading the well-known OpenAPI addresses instead'
        : 'no API catalogue; reading the well-known OpenAPI addresses instead',
    });
  }
  // Unused speculative reads are harmless: their failures are caught, their results memoised.
  void speculative;
  if (entries.length > limits.maxSurfaces) {
    throw new DiscoveryDocumentError({
      document: address(WELL_KNOWN.catalog),
      message: `The catalogue lists ${entries.length} APIs (service-desc), more than the limit of ${limits.maxSurfaces}; it is refused before any is read. Raise limits.maxSurfaces if you trust it.`,
    });
  }
  const surfaceEntries: CatalogueEntry[] = fromCatalogue
    ? entries
    : WELL_KNOWN.openapi.map((path) => ({ specUrl: address(path), links: {} }));

  // The network first: every document is on its way before any CPU-heavy reading starts, so a
  // large OpenAPI document being checked never holds back a request that could be in flight.
  const specDocuments = await Promise.all(
    surfaceEntries.map((entry) =>
      loader.load(entry.specUrl, 'json').then(
        (document) => ({ ok: true as const, document }),
        (error: unknown) => ({ ok: false as const, error }),
      ),
    ),
  );
  const optionalDocuments = Promise.all([
    authorization,
    mcpSources[0] as Promise<McpServerInfo[] | undefined>,
    mcpSources[1] as Promise<McpServerInfo[] | undefined>,
    runbook,
    llmsTxt,
    deprecationPolicy,
    models,
  ]);
  await optionalDocuments;

  const taken = new Set<string>();
  // The quotas the documents publish, for the governor to keep to before the first answer.
  const published: PublishedRateLimit[] = [];
  const read = await Promise.all(
    surfaceEntries.map(async (entry, index) => {
      try {
        const fetched = specDocuments[index];
        if (!fetched?.ok) throw fetched?.error;
        const { document } = fetched;
        if (document.mediaTypeWarning)
          warn({ code: 'media-type', document: entry.specUrl, message: document.mediaTypeWarning });
        const parsed = parseJsonDocument(document);
        const id = surfaceIdOf(parsed, document.url, taken);
        const surface = await (await parsers()).readOpenApiSurface({
          document: parsed,
          documentUrl: document.url,
          surfaceId: id,
          serviceOrigin: base.origin,
          limits,
        });
        warnings.push(...surface.warnings);
        published.push(...rateLimitsFromOpenApi(parsed, serverPathOf(parsed, document.url)));
        const apiSurface: ApiSurface = {
          id,
          title: surface.title,
          ...(entry.anchor ? { anchor: entry.anchor } : {}),
          specUrl: document.url,
          openapiVersion: surface.openapiVersion,
          ...(surface.documentVersion ? { documentVersion: surface.documentVersion } : {}),
          links: entry.links,
          operationCount: surface.operations.length,
        };
        return { surface: apiSurface, operations: surface.operations };
      } catch (error) {
        const required = options.requiredSurfaces ?? 'all';
        const mustRead =
          fromCatalogue &&
          (required === 'all' ||
            (Array.isArray(required) && required.some((id) => entry.specUrl.includes(id))));
        if (mustRead) throw error;
        warn({ code: 'surface-unavailable', document: entry.specUrl, message: describeFailure(error) });
        return undefined;
      }
    }),
  );
  const surfaces = read.filter((item) => item !== undefined);
  if (surfaces.length === 0) {
    // The catalogue got no answer at all: the service is out of reach, which says more than
    // "no document was usable" (every other address is on the same origin and failed alike).
    const unanswered = connectionFailureOf(catalogueFailure);
    if (unanswered && DiscoveryDocumentError.isInstance(catalogueFailure)) {
      throw new ServiceUnreachableError({
        document: catalogueFailure.document,
        failure: unanswered,
        cause: catalogueFailure,
      });
    }
    throw new DiscoveryDocumentError({
      document: address(WELL_KNOWN.catalog),
      message: `No API description could be read from ${base.href}: neither the catalogue nor the well-known OpenAPI addresses (${WELL_KNOWN.openapi.join(', ')}) gave a usable document.`,
    });
  }
  const merged = oneOperationPerAddress(
    surfaces.flatMap((item) => item.operations),
    surfaces.map((item) => item.surface),
  );
  warnings.push(...merged.warnings);
  const operations: Operation[] = merged.operations;
  if (operations.length > limits.maxOperations) {
    throw new DiscoveryDocumentError({
      document: base.href,
      message: `The service's documents describe ${operations.length} operations together, more than the limit of ${limits.maxOperations}; they are refused. Raise limits.maxOperations if you trust them.`,
    });
  }

  const [metadata, manifestServers, cardServers, runbookRead, llms, policy, modelList] =
    await optionalDocuments;
  let mcpServers = mergeMcpServers(manifestServers ?? [], cardServers ?? []);
  const mcpReference: McpReference[] = [];
  if (options.mcp) {
    const inspected = await Promise.all(
      mcpServers.map(async (server) => {
        try {
          const serverUrl = new URL(server.url);
          const refusal = await loader.refusal(serverUrl);
          if (refusal) throw new DiscoveryDocumentError({ document: server.url, message: refusal });
          // The inspector connects only to addresses checked again at connection time, as documents are read.
          const pinned = await loader.pinnedFetchFor(serverUrl);
          const found = await options.mcp?.inspect(server, {
            signal,
            serviceOrigin: base.origin,
            ...(pinned ? { fetch: pinned } : {}),
          });
          if (!found) return server;
          for (const resource of found.resources) mcpReference.push({ server: server.name, ...resource });
          return {
            ...server,
            tools: found.tools,
            resources: found.resources.map((resource) => resource.uri),
          };
        } catch (error) {
          // A connection refused for its address says why, as a document's refusal does.
          const refused = refusedAddressIn(error);
          warn({
            code: 'mcp-unavailable',
            document: server.url,
            message: refused ? refused.message : describeFailure(error),
          });
          return server;
        }
      }),
    );
    mcpServers = inspected;
  }

  for (const resource of mcpReference) {
    if (/rate-?limit/i.test(resource.uri)) published.push(...rateLimitsFromMcp(resource.text));
  }

  const listings: ScopeListing[] = [];
  if (metadata)
    listings.push({ source: 'oauth-metadata', scopes: metadata.scopesSupported.map((name) => ({ name })) });
  if (runbookRead)
    listings.push({
      source: 'runbook',
      scopes: runbookRead.scopes.map(({ name, grants }) => ({ name, description: grants })),
    });
  const scopeResource = mcpReference.find((resource) => /scope/.test(resource.uri));
  if (scopeResource) listings.push({ source: 'mcp', scopes: scopesFromMcp(scopeResource.text) });
  const reconciled = reconcileScopes(operations, listings);
  warnEach(warn, 'scope-mismatch', base.href, reconciled.problems);

  return new ServiceDescription({
    baseUrl: base.href,
    origin: base.origin,
    discoveredAt: new Date(started).toISOString(),
    surfaces: surfaces.map((item) => item.surface),
    operations,
    scopes: reconciled.scopes,
    ...(runbookRead ? { runbook: runbookRead as Runbook } : {}),
    ...(metadata ? { authorization: metadata as AuthorizationMetadata } : {}),
    mcpServers,
    mcpReference,
    ...(published.length > 0 ? { rateLimits: distinctRateLimits(published) } : {}),
    ...(llms ? { llmsTxt: llms as LlmsTxt } : {}),
    models: modelList,
    ...(policy ? { deprecationPolicy: policy as DeprecationPolicy } : {}),
    warnings,
    stats: { ...loader.stats, durationMs: performance.now() - startedAt },
  });
}

/** Scopes from an MCP scope-catalogue resource: a JSON list of {name|scope, grants|description}. */
function scopesFromMcp(text: string): { name: string; description?: string }[] {
  try {
    const parsed = JSON.parse(text) as unknown;
    const list = Array.isArray(parsed) ? parsed : (parsed as { scopes?: unknown })?.scopes;
    if (!Array.isArray(list)) return [];
    return list.flatMap((item) => {
      if (typeof item === 'string') return [{ name: item }];
      const record = item as Record<string, unknown>;
      const name = record.name ?? record.scope;
      if (typeof name !== 'string') return [];
      const description = record.grants ?? record.description;
      return [{ name, ...(typeof description === 'string' ? { description } : {}) }];
    });
  } catch {
    return [];
  }
}
