/**
 * Masking secrets in text that arrives in pieces (a chat's deltas): a secret split across two
 * pieces is in neither, so the end of what arrived is held back until it cannot be the start of
 * one, that is, as long as the longest secret minus one character; and webhook capabilities,
 * masked by their shape, are held back from where one may begin (at most a capability's length).
 * @module
 */
import { capabilitySafeCut, maskCapabilities } from './capability-shape.js';
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
    // An occurrence not complete yet is shorter than the longest secret and ends the text: the
    // cut never falls before its start. A complete one that the cut would split is kept whole.
    let cut = matcher.empty ? this.#pending.length : this.#pending.length - (matcher.longestLength - 1);
    if (!matcher.empty) {
      const ranges = matcher.ranges(this.#pending);
      for (let index = 0; index < ranges.length; index += 2) {
        if (ranges[index]! < cut && cut < ranges[index + 1]!) cut = ranges[index]!;
      }
    }
    // Webhook capabilities are masked by their shape: a text that ends in what may begin one
    // (`gw`, `gwh_Ab…`) is held back from there, at most a capability's length.
    cut = capabilitySafeCut(this.#pending, cut);
    if (cut <= 0) return '';
    const ready = this.#pending.slice(0, cut);
    this.#pending = this.#pending.slice(cut);
    return this.#mask(ready);
  }

  /** The rest, masked, once no more text will come. */
  end(): string {
    const rest = this.#pending;
    this.#pending = '';
    return this.#mask(rest);
  }

  #mask(text: string): string {
    const matcher = this.#matcher();
    return maskCapabilities(matcher.empty ? text : matcher.mask(text, this.#replacement), this.#replacement);
  }
}
