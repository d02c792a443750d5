/**
 * The token counter every part shares: tool footprints count definitions with it, the spend
 * estimator counts the prompt of a chat.
 * @module
 */

/** Counts the tokens of a text. */
export type CountTokens = (text: string) => number;

let counter: Promise<CountTokens> | undefined;
let loaded: CountTokens | undefined;

/**
 * The o200k_base token counter of `gpt-tokenizer`, loaded on first use (its tables are a few
 * megabytes, which a program that never counts should not load).
 */
export function loadTokenCounter(): Promise<CountTokens> {
  counter ??= import('gpt-tokenizer/encoding/o200k_base').then((encoding) => {
    loaded = (text: string) => encoding.countTokens(text);
    return loaded;
  });
  return counter;
}

/** The counter when {@link loadTokenCounter} has loaded it already; undefined otherwise. */
export function tokenCounterIfLoaded(): CountTokens | undefined {
  return loaded;
}
