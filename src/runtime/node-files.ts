/**
 * Node's file-system and path modules, loaded when a file store is first used rather than when
 * the toolkit is imported: the core entries import no Node module, so that they load on workerd
 * and edge runtimes, where a file store cannot work anyway (Deno and Bun provide these modules).
 * @module
 */
import type * as FileSystem from 'node:fs/promises';
import type * as Path from 'node:path';

export type NodeFiles = typeof FileSystem & Pick<typeof Path, 'dirname' | 'join' | 'resolve'>;

let loading: Promise<NodeFiles> | undefined;

/** `node:fs/promises` with `dirname`, `join` and `resolve`; rejects, saying why, where there is no file system. */
export function nodeFiles(): Promise<NodeFiles> {
  loading ??= Promise.all([import('node:fs/promises'), import('node:path')]).then(
    ([files, path]) => ({ ...files, dirname: path.dirname, join: path.join, resolve: path.resolve }),
    (error: unknown) => {
      loading = undefined;
      throw new Error(
        'This store keeps its data in files, and this runtime has no file system (node:fs): use the in-memory store, or a Redis one',
        { cause: error },
      );
    },
  );
  return loading;
}
