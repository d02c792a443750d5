/**
 * The built-in transport a test file runs on: undici's by default, the platform's `fetch` when
 * `GENTK_TEST_TRANSPORT=fetch` (vitest.config.ts runs the HTTP core's files a second time so), so
 * that byte limits, timeouts, redirects and the governor are shown to behave the same on the
 * transport Bun, workerd and edge runtimes get.
 */
import { createFetchTransport, createUndiciTransport, type Transport } from '../../src/http/index.js';

export type TestTransportKind = 'undici' | 'fetch';

export function testTransportKind(): TestTransportKind {
  return process.env.GENTK_TEST_TRANSPORT === 'fetch' ? 'fetch' : 'undici';
}

/** The transport of this run, and a `close()` for it. */
export function createTestTransport(): { transport: Transport; close(): Promise<void> } {
  if (testTransportKind() === 'fetch')
    return {
      transport: createFetchTransport((input, init) => globalThis.fetch(input, init)),
      close: async () => {},
    };
  return createUndiciTransport();
}
