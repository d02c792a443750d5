/**
 * Notices when the process that started this one is gone. `npx gentk emulator` runs gentk under
 * npm (and a shell); a program that stops it by the pid it knows, npx's, ends npm but not gentk,
 * which would go on holding its port. An orphan is adopted by init (or a subreaper): its parent
 * pid changes, which is what is watched, with a timer that keeps no process alive.
 * @module
 */

/** How often the parent pid is read. */
const DEFAULT_INTERVAL_MS = 500;

/**
 * Calls `onGone` once when this process's parent changes; returns a function that stops watching.
 * Started with init as the parent (a container's first process), there is no parent to lose.
 */
export function watchParent(onGone: () => void, intervalMs = DEFAULT_INTERVAL_MS): () => void {
  const parent = process.ppid;
  if (parent <= 1) return () => undefined;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onGone();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
