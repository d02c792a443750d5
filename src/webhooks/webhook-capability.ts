/**
 * The secrets of a webhook: a random track id and a random per-job capability, both in the
 * callback URL. The service's signing is not published, so the URL itself is the secret: it is
 * never the API key, the store keeps only the capability's digest, and a check compares digests
 * in constant time.
 * @module
 */
import { CAPABILITY_PREFIX } from '../http/index.js';

/** 128 random bits: an id nobody can guess, short enough for `track_id`. */
const TRACK_ID_BYTES = 16;
/** 256 random bits: the capability that proves a delivery came through the URL we gave out. */
const CAPABILITY_BYTES = 32;

export const TRACK_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/**
 * `gwh_` and 256 bits: the prefix lets the session's redactor mask every capability by its shape,
 * however many jobs ago it was made. The bare form of earlier versions is still accepted.
 */
export const CAPABILITY_PATTERN = /^(?:gwh_)?[A-Za-z0-9_-]{43}$/;

function randomToken(bytes: number): string {
  const buffer = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...buffer))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export function newTrackId(): string {
  return randomToken(TRACK_ID_BYTES);
}

export function newCapability(): string {
  return `${CAPABILITY_PREFIX}${randomToken(CAPABILITY_BYTES)}`;
}

/** SHA-256 of the capability, hex. */
export async function capabilityDigest(capability: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(capability));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether two digests are equal, in time that does not depend on where they differ. Digests of
 * a fixed length are compared, so the length itself tells nothing either.
 */
export function sameDigest(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}
