/**
 * The words of a path, an id or a scope.
 * @module
 */

/**
 * The words of a path or id: split at every non-letter-or-digit and at camelCase humps, so that
 * `removebg_mask` and `watermark_remover` are not read as `remove`, and `purchaseCredits` is.
 */
export function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** The words of `texts`, with adjacent pairs joined too: `top-up` is `topup`, `api-keys` `apikeys`. */
export function wordsWithPairs(...texts: string[]): string[] {
  const words = texts.flatMap(wordsOf);
  const pairs = words.slice(1).map((word, index) => `${words[index]}${word}`);
  return [...words, ...pairs];
}
