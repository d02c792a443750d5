import { afterAll, beforeAll } from 'vitest';
import { type Emulator, startEmulator } from '../../src/emulator.js';

/**
 * Starts one emulator for the test file, over real HTTP, and closes it after. Read `.current`
 * inside tests and hooks, once `beforeAll` has run.
 */
export function useEmulator(): { current: Emulator } {
  const holder = {} as { current: Emulator };
  beforeAll(async () => {
    holder.current = await startEmulator();
  });
  afterAll(async () => {
    await holder.current?.close();
  });
  return holder;
}

/** GETs a document of the emulator and returns the answer with its text. */
export async function getDocument(
  emulator: Emulator,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ response: Response; text: string }> {
  const response = await fetch(`${emulator.url}${path}`, { headers });
  return { response, text: await response.text() };
}
