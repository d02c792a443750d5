/**
 * Hashing through Web Crypto (`globalThis.crypto.subtle`), which Node, Deno, Bun, workerd and edge
 * runtimes all provide, instead of `node:crypto`.
 * @module
 */

/** The SHA-256 digest of `text` (UTF-8) as lower-case hex. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
