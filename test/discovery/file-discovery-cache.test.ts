/**
 * FileDiscoveryCache: an entry read back as it was stored, a text of many lines included; a file in
 * the earlier layout (one JSON object) still read; a missing or foreign entry a miss.
 */
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CachedDocument, FileDiscoveryCache } from '../../src/discovery/cache.js';
import { temporaryFolderForTest } from '../support/temporary-folders.js';

const document: CachedDocument = {
  url: 'https://api.example.com/auth.md',
  text: '# Auth\n\n{"not": "the fields"}\nline three\n',
  contentType: 'text/markdown',
  etag: '"abc"',
  storedAt: 1_000,
  maxAgeMs: 300_000,
};

describe('FileDiscoveryCache', () => {
  it('reads back what it stored, a text of many lines included, and misses what it never stored', async () => {
    const folder = await temporaryFolderForTest('gentk-file-cache-');
    const cache = new FileDiscoveryCache(folder);
    await cache.set(document);
    expect(await cache.get(document.url)).toEqual(document);
    expect(await cache.get('https://api.example.com/llms.txt')).toBeUndefined();
  });

  it('reads an entry stored as one JSON object, and treats a file of another URL as a miss', async () => {
    const folder = await temporaryFolderForTest('gentk-file-cache-');
    const cache = new FileDiscoveryCache(folder);
    await cache.set(document);
    const [file] = await readdir(folder);
    await writeFile(join(folder, file as string), JSON.stringify({ ...document, text: 'older layout' }));
    expect((await cache.get(document.url))?.text).toBe('older layout');
    await writeFile(join(folder, file as string), JSON.stringify({ ...document, url: 'https://elsewhere/' }));
    expect(await cache.get(document.url)).toBeUndefined();
  });
});
