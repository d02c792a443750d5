/**
 * Masking secrets in text that arrives in pieces (a chat's deltas): a secret split across two
 * pieces is in neither, so the end of what arrived is held back until it cannot be the start of
 * one, that is, as long as the longest secret minus one character.
 * @module
 */
import type { SecretMatcher } from './secret-matcher.js';

/** Masks the known secrets of a text given piece by piece; see {@link Redactor.streamMasker}. */
export class StreamMasker {
  readonly #matcher: () => SecretMatcher;
  readonly #replacement: string;
  /** What arrived and was not handed on yet. */
  #pending = '';

  /** @internal Made by `Redactor.streamMasker()`. */
  constructor(matcher: () => SecretMatcher, replacement: string) {
    this.#matcher = matcher;
    this.#replacement = replacement;
  }

  /** What of the text so far can be handed on, masked ('' while all of it may still begin a secret). */
  push(piece: string): string {
    this.#pending += piece;
    const matcher = this.#matcher();
    if (matcher.empty) return this.end();
    // An occurrence not complete yet is shorter than the longest secret and ends the text: the
    // cut never falls before its start. A complete one that the cut would split is kept whole.
    let cut = this.#pending.length - (matcher.longestLength - 1);
    const ranges = matcher.ranges(this.#pending);
    for (let index = 0; index < ranges.length; index += 2) {
      if (ranges[index]! < cut && cut < ranges[index + 1]!) cut = ranges[index]!;
    }
    if (cut <= 0) return '';
    const ready = this.#pending.slice(0, cut);
    this.#pending = this.#pending.slice(cut);
    return matcher.mask(ready, this.#replacement);
  }

  /** The rest, masked, once no more text will come. */
  end(): string {
    const rest = this.#pending;
    this.#pending = '';
    return this.#matcher().mask(rest, this.#replacement);
  }
}
