/**
 * A temporary folder for a test file (token stores, inputs), made before its tests and removed
 * after them, so that no run leaves `gentk-*` folders behind or touches the user's own files.
 * @module
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** Makes the folder in beforeAll and removes it in afterAll; call the result for its path. */
export function useTemporaryFolder(prefix: string): () => string {
  let folder: string | undefined;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });
  return () => {
    if (!folder) throw new Error('the temporary folder is made in beforeAll: use it inside a test');
    return folder;
  };
}
