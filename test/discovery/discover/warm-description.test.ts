/**
 * A warm start parses nothing (issue 25): with a cache, discovery keeps the parsed description
 * beside the documents and reuses it while they are unchanged — fresh, or answered 304 — and reads
 * everything anew when one has changed or options that shape the result differ.
 */
import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CachedDocument, DiscoveryCache } from '../../../src/discovery/cache.js';
import { discover } from '../../../src/discovery/discover.js';
import { UsageError } from '../../../src/errors/index.js';

let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());

/** A cache in a Map, so that a test can see and change what it holds. */
function mapCache(): DiscoveryCache & { readonly entries: Map<string, CachedDocument> } {
  const entries = new Map<string, CachedDocument>();
  return {
    entries,
    get: async (url) => entries.get(url),
    set: async (document) => void entries.set(document.url, document),
  };
}

const descriptionEntries = (cache: ReturnType<typeof mapCache>) =>
  [...cache.entries.keys()].filter((url) => url.includes('#generation-agent-toolkit-description-'));

describe('a warm start from the discovery cache', () => {
  it('reuses the parsed description while the documents are fresh, and after they are revalidated unchanged', async () => {
    const cache = mapCache();
    let now = 0;
    const cold = await discover(emulator.url, { cache, now: () => now });
    expect(descriptionEntries(cache)).toHaveLength(1);
    const fresh = await discover(emulator.url, { cache, now: () => (now = 1_000) });
    expect(fresh.toSnapshot().operations).toEqual(cold.toSnapshot().operations);
    expect(fresh.stats).toMatchObject({ downloadedBytes: 0, documents: cold.stats.documents });
    expect(fresh.stats.fromCache).toBe(fresh.stats.documents);
    expect(fresh.minimumScopes(['get_wallet_balance'])).toEqual(['wallet:read']);
    // Past max-age: every document is revalidated (304), the description is reused, and fresh again.
    now = 3_600_000;
    const revalidated = await discover(emulator.url, { cache, now: () => now });
    expect(revalidated.stats).toMatchObject({ downloadedBytes: 0, fromCache: cold.stats.documents });
    expect(revalidated.operations).toHaveLength(cold.operations.length);
    const entry = cache.entries.get(descriptionEntries(cache)[0] as string);
    expect(entry?.storedAt).toBe(now);
    expect(entry?.maxAgeMs).toBeGreaterThan(0);
  });

  it('reads and parses anew when a document changed, and keeps the new description', async () => {
    const cache = mapCache();
    const cold = await discover(emulator.url, { cache, now: () => 0 });
    const openapi = [...cache.entries.keys()].find((url) => url.endsWith('/openapi.json')) as string;
    // As if the service published a new document (what the cache kept no longer matches), seen
    // once max-age has passed: the revalidation gets a whole document, not a 304.
    cache.entries.delete(openapi);
    const again = await discover(emulator.url, { cache, now: () => 3_600_000 });
    expect(again.stats.downloadedBytes).toBeGreaterThan(10_000);
    expect(again.operations).toHaveLength(cold.operations.length);
    expect(cache.entries.has(openapi)).toBe(true);
  });

  it('keeps a description per set of shaping options, and ignores an entry it cannot read', async () => {
    const cache = mapCache();
    await discover(emulator.url, { cache, now: () => 0 });
    const withoutModels = await discover(emulator.url, { cache, now: () => 1_000, models: false });
    expect(withoutModels.models).toEqual([]);
    expect(descriptionEntries(cache)).toHaveLength(2);
    for (const url of descriptionEntries(cache)) {
      const entry = cache.entries.get(url) as CachedDocument;
      cache.entries.set(url, { ...entry, text: '{"entryVersion":1,"library":"0.0.0-other"' });
    }
    const read = await discover(emulator.url, { cache, now: () => 2_000 });
    expect(read.models.length).toBeGreaterThan(0);
    expect(read.stats.documents).toBeGreaterThan(0);
    // An entry whose description lines were cut short is read anew too, never an error.
    for (const url of descriptionEntries(cache)) {
      const entry = cache.entries.get(url) as CachedDocument;
      cache.entries.set(url, { ...entry, text: entry.text.split('\n').slice(0, 5).join('\n') });
    }
    const again = await discover(emulator.url, { cache, now: () => 3_000 });
    expect(again.operations.length).toBe(read.operations.length);
    // Parsed from the documents again, and kept whole for the next start.
    const kept = cache.entries.get(descriptionEntries(cache)[0] as string) as CachedDocument;
    expect(kept.text.split('\n').length).toBeGreaterThan(again.operations.length);
  });

  it('decodes a reused operation at its first use, and a tampered one is a typed error there', async () => {
    const cache = mapCache();
    const cold = await discover(emulator.url, { cache, now: () => 0 });
    const address = descriptionEntries(cache)[0] as string;
    const stored = cache.entries.get(address) as CachedDocument;
    // The entry: its own line, then the description's text form (its name, its header, then one
    // line per operation).
    const lines = stored.text.split('\n');
    const id = JSON.parse(lines[2] as string).operations[0] as string;
    // The reused description equals the parsed one, operation by operation.
    const warm = await discover(emulator.url, { cache, now: () => 1_000 });
    expect(warm.requireOperation(id)).toEqual(cold.requireOperation(id));
    // An entry edited so that one operation's text is no longer an operation: the rest still
    // serves, and that one says what is wrong when it is used, never a crash.
    lines[3] = `${lines[3]}]`;
    cache.entries.set(address, { ...stored, text: lines.join('\n') });
    const reused = await discover(emulator.url, { cache, now: () => 2_000 });
    expect(reused.stats.downloadedBytes).toBe(0);
    expect(descriptionEntries(cache)).toEqual([address]);
    expect(reused.operations[1]).toEqual(cold.operations[1]);
    expect(() => reused.requireOperation(id).input).toThrow(UsageError);
    expect(() => reused.requireOperation(id).input).toThrow(/damaged.*empty the cache/);
  });
});
