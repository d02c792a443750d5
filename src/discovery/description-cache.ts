/**
 * The parsed description kept in the discovery cache beside the documents it was read from, so
 * that a warm start whose documents have not changed parses nothing (issue 25, cold start): it
 * loads neither the OpenAPI nor the Markdown parsers, and sends nothing while the documents are
 * fresh.
 * @module
 */
import { textHashHex } from '../runtime/text-hash.js';
import { VERSION } from '../version.js';
import type { DiscoveryCache } from './cache.js';
import type { DocumentKind } from './fetch-document.js';
import { savedFromText } from './saved-description-text.js';
import { ServiceDescription } from './service-description.js';

/** One address discovery asked for: its kind, and whether it was read (a failure is part of the result too). */
export interface DocumentReading {
  readonly url: string;
  readonly kind: DocumentKind;
  readonly read: boolean;
}

/**
 * What the cache entry's first line holds; the description follows on the next lines, in the text
 * form of a saved description (`saveText()`), so that a warm start parses a small header and
 * decodes only the operations it uses.
 */
interface DescriptionEntry {
  /** 3: this layout; an entry of another version is read again from the documents. */
  readonly entryVersion: 3;
  /** The library that parsed it: another version may read the same documents differently. */
  readonly library: string;
  /** The shaping options, compared in full: the address names only their hash. */
  readonly shaping: string;
  readonly documents: readonly DocumentReading[];
}

const CONTENT_TYPE = 'application/vnd.generation-agent-toolkit.description+json';

/**
 * The entry's address: the base URL with a fragment no document address has, naming a hash of the
 * options that shape the result (limits, model feed, catalogue walk, required surfaces), so that
 * a discovery with other options never gets this one's description.
 */
export function descriptionAddress(base: URL, shaping: unknown): { address: string; shaping: string } {
  const address = new URL(base.href);
  const text = JSON.stringify(shaping ?? null);
  address.hash = `generation-agent-toolkit-description-${textHashHex(text)}`;
  return { address: address.href, shaping: text };
}

function entryOf(
  text: string,
  shaping: string,
): { entry: DescriptionEntry; description: string } | undefined {
  const end = text.indexOf('\n');
  if (end < 0) return undefined;
  try {
    const entry = JSON.parse(text.slice(0, end)) as Partial<DescriptionEntry> | null;
    if (
      entry?.entryVersion !== 3 ||
      entry.library !== VERSION ||
      entry.shaping !== shaping ||
      !Array.isArray(entry.documents)
    )
      return undefined;
    return { entry: entry as DescriptionEntry, description: text.slice(end + 1) };
  } catch {
    return undefined;
  }
}

/** How long every read document stays fresh in the cache from now (0 when one must be revalidated). */
async function freshFor(cache: DiscoveryCache, documents: readonly DocumentReading[], now: number) {
  let until = Number.POSITIVE_INFINITY;
  for (const document of documents) {
    if (!document.read) return 0;
    const cached = await cache.get(document.url);
    if (!cached) return 0;
    until = Math.min(until, cached.storedAt + cached.maxAgeMs);
  }
  return Number.isFinite(until) ? Math.max(0, until - now) : 0;
}

export interface ReuseOptions {
  readonly cache: DiscoveryCache;
  readonly address: string;
  readonly shaping: string;
  readonly now: () => number;
  /**
   * Reads every address again through the cache (fresh documents are not sent for, the others are
   * revalidated with their ETag or date): true when each is as it was — read from the cache, or
   * failing again where it failed.
   */
  readonly unchanged: (documents: readonly DocumentReading[]) => Promise<boolean>;
}

/**
 * The description the cache keeps for these options, when every document it was read from is
 * unchanged; undefined otherwise (then discovery reads and parses as usual). A broken or foreign
 * entry is ignored, never an error.
 */
export async function reuseDescription(options: ReuseOptions): Promise<ServiceDescription | undefined> {
  const started = performance.now();
  const stored = await options.cache.get(options.address);
  const found = stored ? entryOf(stored.text, options.shaping) : undefined;
  if (!stored || !found) return undefined;
  const { entry } = found;
  if (options.now() - stored.storedAt >= stored.maxAgeMs) {
    if (!(await options.unchanged(entry.documents))) return undefined;
    const now = options.now();
    await options.cache.set({
      ...stored,
      storedAt: now,
      maxAgeMs: await freshFor(options.cache, entry.documents, now),
    });
  }
  const saved = savedFromText(found.description);
  if (!saved) return undefined;
  const read = entry.documents.filter((document) => document.read).length;
  return ServiceDescription.fromSnapshot({
    ...saved,
    stats: {
      documents: read,
      fromCache: read,
      downloadedBytes: 0,
      fetchMs: 0,
      durationMs: performance.now() - started,
    },
  });
}

/** Keeps `description` for the next start, with the documents it was read from. */
export async function keepDescription(
  cache: DiscoveryCache,
  { address, shaping }: { readonly address: string; readonly shaping: string },
  description: ServiceDescription,
  documents: readonly DocumentReading[],
  now: number,
): Promise<void> {
  const entry: DescriptionEntry = { entryVersion: 3, library: VERSION, shaping, documents };
  await cache.set({
    url: address,
    text: `${JSON.stringify(entry)}\n${description.saveText()}`,
    contentType: CONTENT_TYPE,
    storedAt: now,
    maxAgeMs: await freshFor(cache, documents, now),
  });
}
