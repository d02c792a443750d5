/**
 * How much of the service's own words the toolkit passes on. A service's error message reaches
 * errors, their `toJSON()` and the tool results a model reads; unbounded, a hostile or broken
 * service could fill the model's context (megabytes) or bury the toolkit's guidance under its own.
 * @module
 */

/** Longest service message kept, in characters (the rest is cut, and the cut says so). */
export const MAX_SERVICE_MESSAGE_CHARS = 1_000;

/** Longest URL quoted in a message; the full (redacted) URL stays in the error's `url`. */
export const MAX_QUOTED_URL_CHARS = 300;

/**
 * `text` within `maxChars` characters: whole when it fits, else its start with a note of how much
 * was cut. Linear in the kept length; never splits a surrogate pair.
 *
 * @example
 * boundServiceText('x'.repeat(5_000)); // 'xxx…x … (4,0xx more characters cut)'
 */
export function boundServiceText(text: string, maxChars: number = MAX_SERVICE_MESSAGE_CHARS): string {
  if (text.length <= maxChars) return text;
  let end = Math.max(0, maxChars - 40);
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}… (${(text.length - end).toLocaleString('en-US')} more characters cut)`;
}
