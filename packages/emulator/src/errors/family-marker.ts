/**
 * How the emulator's errors are recognised by the toolkit's `isInstance` checks. The toolkit's
 * error classes identify each other by `Symbol.for('generation-agent-toolkit.error.<Name>')`
 * markers rather than `instanceof` (so that two copies of a package agree); the emulator sets the
 * same markers on its own errors, so that `UsageError.isInstance(error)` (and gentk's exit codes)
 * treat a wrong emulator option like a wrong library option, without the emulator importing the
 * library.
 * @module
 */

/** Marks `error` as a member of the toolkit's error family under each of `classNames`. */
export function markAsToolkitError(error: Error, classNames: readonly string[]): void {
  for (const name of ['GenerationToolkitError', ...classNames])
    Object.defineProperty(error, Symbol.for(`generation-agent-toolkit.error.${name}`), {
      value: true,
      enumerable: false,
    });
}
