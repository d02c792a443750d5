/**
 * `Sunset` (RFC 8594): the HTTP-date after which a resource is expected to stop answering.
 * @module
 */
import { parseHttpDate } from './http-date.js';

/** The sunset moment, or undefined when the field is absent or not an HTTP-date. */
export function parseSunset(value: string | null | undefined): Date | undefined {
  const ms = parseHttpDate(value);
  return ms === undefined ? undefined : new Date(ms);
}
