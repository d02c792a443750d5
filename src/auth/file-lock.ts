/**
 * A lock between processes on one machine, for a file that several of them rewrite (the token
 * store: twelve processes saving at once kept 17 to 23 of their 60 tokens). The lock is a file
 * created exclusively next to the guarded one, holding its owner's pid; a lock whose owner died
 * (its pid is gone, or it is older than any hold) is taken over, so a crash never locks anyone out.
 * A lock's age is how long this process has seen it unchanged, on its own monotonic clock: never
 * the file's modification time against the wall clock, which a clock that was set, a virtual
 * machine's or a network file system's own, can put years apart (every lock then looked stale).
 * @module
 */
import { type NodeFiles, nodeFiles } from '../runtime/node-files.js';

/** Longest a process holds the lock: a read, a merge and a rename of a small file. */
const STALE_AFTER_MS = 10_000;
/** Longest a process waits for the lock before it gives up. */
const WAIT_AT_MOST_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the process `pid` of this machine is alive. */
function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    globalThis.process?.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** When this process first saw each lock (by inode and modification time), on `performance.now()`. */
type Sightings = Map<string, number>;

/** How long this process has seen the lock `seen` unchanged. */
function ageOf(seen: { readonly ino: number; readonly mtimeMs: number }, sightings: Sightings): number {
  const key = `${seen.ino}:${seen.mtimeMs}`;
  const now = performance.now();
  const first = sightings.get(key);
  if (first === undefined) sightings.set(key, now);
  return now - (first ?? now);
}

/** Takes the lock at `lockPath` over when its owner is gone; true when it was (or is now) free. */
async function clearStale(lockPath: string, sightings: Sightings): Promise<boolean> {
  const { link, readFile, rename, stat, unlink } = await nodeFiles();
  let seen: Awaited<ReturnType<NodeFiles['stat']>>;
  let owner: number;
  try {
    seen = await stat(lockPath);
    owner = Number.parseInt(await readFile(lockPath, 'utf8'), 10);
  } catch {
    return true;
  }
  const old = ageOf(seen, sightings) > STALE_AFTER_MS;
  // An empty lock is one being written this instant: only its age can make it stale.
  if (!old && (Number.isNaN(owner) || alive(owner))) return false;
  // Moved aside under a name of our own, then checked to be the stale one we saw: of two
  // processes clearing it at once, one moves it; a fresh lock moved by mistake is put back.
  const aside = `${lockPath}.${crypto.randomUUID()}.stale`;
  try {
    await rename(lockPath, aside);
  } catch {
    return true;
  }
  const moved = await stat(aside).catch(() => undefined);
  if (moved && moved.ino !== seen.ino) {
    await link(aside, lockPath).catch(() => undefined);
  }
  await unlink(aside).catch(() => undefined);
  return true;
}

/**
 * Runs `work` holding the lock `<path>.lock`, waiting for it (with a random backoff) while another
 * process holds it.
 * @throws {Error} the lock stayed held by a live process for longer than 30 s
 */
export async function withFileLock<T>(path: string, work: () => Promise<T>): Promise<T> {
  const { open, unlink } = await nodeFiles();
  const lockPath = `${path}.lock`;
  const started = performance.now();
  const sightings: Sightings = new Map();
  for (let attempt = 0; ; attempt += 1) {
    let handle: Awaited<ReturnType<NodeFiles['open']>> | undefined;
    try {
      handle = await open(lockPath, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (handle) {
      try {
        await handle.writeFile(String(globalThis.process?.pid ?? 0));
      } finally {
        await handle.close();
      }
      try {
        return await work();
      } finally {
        await unlink(lockPath).catch(() => undefined);
      }
    }
    if (performance.now() - started > WAIT_AT_MOST_MS)
      throw new Error(`The lock ${lockPath} is held by another process; remove it if no gentk process runs.`);
    if (!(await clearStale(lockPath, sightings)))
      await sleep(Math.min(50, 2 + attempt) * (0.5 + Math.random()));
  }
}
