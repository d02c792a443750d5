/**
 * The watch every reliability file keeps, from before its first hook to after its last: promise
 * rejections nobody handled, and everything the console prints, which `collector` checks for
 * secrets.
 * @module
 */
import { afterAll, beforeAll } from 'vitest';
import type { SecretCollector } from './secret-collector.js';
import { type RejectionWatch, watchUnhandledRejections } from './unhandled-rejections.js';

/** Call at the top of a test file, before its own hooks; read `escaped` in its last test. */
export function watchFile(collector: SecretCollector): { readonly escaped: readonly string[] } {
  let watch: RejectionWatch | undefined;
  const seen = { escaped: [] as readonly string[] };
  beforeAll(() => {
    watch = watchUnhandledRejections();
    seen.escaped = watch.escaped;
    collector.watchConsole();
  });
  afterAll(() => {
    collector.stopWatchingConsole();
    watch?.stop();
  });
  return seen;
}
