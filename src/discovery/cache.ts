import { nodeFiles } from '../runtime/node-files.js';
import { textHashHex } from '../runtime/text-hash.js';

/**
 * A document as discovery last downloaded it, with what is needed to revalidate it.
 *
 * @example
 * const cached = await new FileDiscoveryCache('./.discovery-cache').get('https://api.example.com/llms.txt');
 * if (cached) console.log(cached.etag, new Date(cached.storedAt + cached.maxAgeMs));
 */
export interface CachedDocument {
  readonly url: string;
  readonly text: string;
  readonly contentType: string;
  readonly etag?: string;
  readonly lastModified?: string;
  /** The response's Link field (pagination), kept so a cached page still knows its next page. */
  readonly link?: string;
  /** When it was stored (ms since the epoch). */
  readonly storedAt: number;
  /** How long it is fresh (Cache-Control max-age), in ms; 0 means revalidate every time. */
  readonly maxAgeMs: number;
}

/**
 * Where discovery keeps documents between runs, so that a warm start downloads nothing that has
 * not changed. Implementations: {@link MemoryDiscoveryCache}, {@link FileDiscoveryCache}, or your own.
 *
 * @example
 * // Documents kept in a store of your own (here a Map), revalidated with their ETag on the next run.
 * const documents = new Map<string, CachedDocument>();
 * const cache: DiscoveryCache = {
 *   get: async (url) => documents.get(url),
 *   set: async (document) => void documents.set(document.url, document),
 * };
 * const service = await discover('https://api.example.com', { cache });
 */
export interface DiscoveryCache {
  get(url: string): Promise<CachedDocument | undefined>;
  set(document: CachedDocument): Promise<void>;
}

/**
 * Keeps documents in memory for the life of the process.
 *
 * @example
 * const cache = new MemoryDiscoveryCache();
 * await discover(baseUrl, { cache });
 * await discover(baseUrl, { cache }); // revalidates with ETags: unchanged documents are not sent again
 */
export class MemoryDiscoveryCache implements DiscoveryCache {
  readonly #documents = new Map<string, CachedDocument>();

  async get(url: string): Promise<CachedDocument | undefined> {
    return this.#documents.get(url);
  }

  async set(document: CachedDocument): Promise<void> {
    this.#documents.set(document.url, document);
  }
}

/**
 * A stored entry: its fields but the text as one line of JSON, then the text as it is, so that a
 * read parses a few hundred bytes rather than unescaping megabytes (a warm start reads the parsed
 * description this way). A file of one JSON object (the earlier layout) is read too.
 */
function entryText(document: CachedDocument): string {
  const { text, ...fields } = document;
  return `${JSON.stringify(fields)}\n${text}`;
}

function entryFrom(file: string): CachedDocument {
  const end = file.indexOf('\n');
  if (end < 0) return JSON.parse(file) as CachedDocument;
  return { ...(JSON.parse(file.slice(0, end)) as Omit<CachedDocument, 'text'>), text: file.slice(end + 1) };
}

/**
 * Keeps documents in files in a folder, one per URL, written atomically. Needs a file system
 * (Node, Deno, Bun); Node's modules are loaded at the first read.
 */
export class FileDiscoveryCache implements DiscoveryCache {
  constructor(private readonly directory: string) {}

  async #path(url: string): Promise<string> {
    const { join } = await nodeFiles();
    // Not a digest of Web Crypto: its first use costs a fresh process tens of ms (issue 25); the
    // entry keeps its URL, and a read compares it, so two URLs of one name only miss.
    return join(this.directory, `${textHashHex(url)}.json`);
  }

  async get(url: string): Promise<CachedDocument | undefined> {
    try {
      const { readFile } = await nodeFiles();
      const stored = entryFrom(await readFile(await this.#path(url), 'utf8'));
      return stored.url === url && typeof stored.text === 'string' ? stored : undefined;
    } catch {
      // A missing or unreadable entry is a cache miss, never an error.
      return undefined;
    }
  }

  async set(document: CachedDocument): Promise<void> {
    const { mkdir, rename, writeFile } = await nodeFiles();
    await mkdir(this.directory, { recursive: true });
    const target = await this.#path(document.url);
    const temporary = `${target}.${crypto.randomUUID()}.tmp`;
    await writeFile(temporary, entryText(document), { mode: 0o600 });
    await rename(temporary, target);
  }
}

/** The max-age of a Cache-Control field in ms (0 when absent, no-cache or no-store). */
export function maxAgeOf(cacheControl: string | null): number {
  if (!cacheControl || /no-cache|no-store/i.test(cacheControl)) return 0;
  const seconds = /max-age\s*=\s*(\d+)/i.exec(cacheControl)?.[1];
  return seconds ? Math.min(Number(seconds), 86_400) * 1000 : 0;
}
