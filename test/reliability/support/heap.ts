/**
 * The heap in use after a full garbage collection, without starting Node with --expose-gc: the
 * flag is set at run time and `gc` is taken from a fresh context.
 * @module
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

function garbageCollector(): () => void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  return collect;
}

/** Bytes of heap in use once everything unreachable is collected (two passes: finalizers run between). */
export async function heapUsedAfterGc(): Promise<number> {
  const gc = garbageCollector();
  gc();
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  return process.memoryUsage().heapUsed;
}
