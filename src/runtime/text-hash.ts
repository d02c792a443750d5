/**
 * A short, fast, non-cryptographic hash of a text, for names and keys (a cache file per URL):
 * synchronous and with nothing to load, where Web Crypto's first digest costs a fresh process tens
 * of milliseconds (Node initialises its crypto bindings then), which a cold start cannot spare.
 * Never for anything an attacker must not be able to collide: readers compare the full key.
 * @module
 */

/** Two 32-bit FNV-1a lanes over the UTF-16 code units, with different offsets: 16 hex digits. */
export function textHashHex(text: string): string {
  let first = 0x811c9dc5;
  let second = 0x01000193 ^ text.length;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    first = Math.imul(first ^ unit, 0x01000193);
    second = Math.imul(second ^ unit, 0x5bd1e995);
    second ^= second >>> 15;
  }
  return (first >>> 0).toString(16).padStart(8, '0') + (second >>> 0).toString(16).padStart(8, '0');
}
