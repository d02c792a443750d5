/**
 * The check that every options object of the emulator makes of its keys.
 * @module
 */
import { editDistance } from '../control-plane/close-matches.js';
import { UnknownOptionError } from './unknown-option-error.js';

/** Every key of every member of a union: `{ token } | { email, password }` gives the three. */
type KeysOfUnion<T> = T extends unknown ? keyof T : never;

/**
 * The keys an options type `T` knows, each mapped to `true` or to the other names a person may
 * write for it (`log: ['logger']`), which are suggested before any close spelling. Typed so that
 * the list cannot miss a key of `T` or name one `T` does not have.
 */
export type OptionKeys<T> = { readonly [K in KeysOfUnion<T> & string]-?: true | readonly string[] };

/**
 * The known key a person most probably meant by `given`: the same key in another case, the key
 * one of whose other names it is, else the key a few edits away (two, or a third of its length);
 * undefined when none is that close.
 */
function closestKey<T>(given: string, known: OptionKeys<T>): string | undefined {
  const lowered = given.toLowerCase();
  const entries = Object.entries(known) as [string, true | readonly string[]][];
  const named = entries.find(
    ([key, aliases]) =>
      key.toLowerCase() === lowered ||
      (aliases !== true && aliases.some((alias) => alias.toLowerCase() === lowered)),
  );
  if (named) return named[0];
  const scored = entries.map(([key]) => ({ key, edits: editDistance(lowered, key.toLowerCase()) }));
  const best = scored.reduce<(typeof scored)[number] | undefined>(
    (closest, candidate) => (closest && closest.edits <= candidate.edits ? closest : candidate),
    undefined,
  );
  return best && best.edits <= Math.max(2, Math.ceil(given.length / 3)) ? best.key : undefined;
}

/**
 * Throws {@link UnknownOptionError} for the first key of `options` that `known` does not list and
 * whose value is not undefined: JavaScript callers have no type checker to catch a misspelt
 * option. Not an object (undefined, a number) is left alone: the caller checks the kind of value.
 */
export function rejectUnknownOptions<T>(options: T | undefined, known: OptionKeys<T>, where: string): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return;
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined || Object.hasOwn(known, key)) continue;
    throw new UnknownOptionError({
      option: key,
      where,
      suggestion: closestKey(key, known),
      knownOptions: Object.keys(known),
    });
  }
}
