/**
 * One abort listener per signal, however many waiting jobs follow it: an application that
 * cancels a whole fleet with one signal would otherwise hold a listener (and its callback) per
 * job on that signal for as long as the jobs wait.
 * @module
 */

/** A job told when the signal it follows aborts. */
export interface AbortWatcher {
  aborted(): void;
}

const watchersBySignal = new WeakMap<AbortSignal, Set<AbortWatcher>>();

/** Tells `watcher` when `signal` aborts, until {@link unwatchAbort}. */
export function watchAbort(signal: AbortSignal, watcher: AbortWatcher): void {
  let watchers = watchersBySignal.get(signal);
  if (!watchers) {
    const created = new Set<AbortWatcher>();
    watchers = created;
    watchersBySignal.set(signal, created);
    signal.addEventListener(
      'abort',
      () => {
        for (const each of [...created]) each.aborted();
        created.clear();
      },
      { once: true },
    );
  }
  watchers.add(watcher);
}

export function unwatchAbort(signal: AbortSignal, watcher: AbortWatcher): void {
  watchersBySignal.get(signal)?.delete(watcher);
}
