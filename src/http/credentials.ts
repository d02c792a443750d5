/**
 * Credentials, and where each request wants its own: `Authorization: Bearer` (the control-plane
 * token; the generation key on endpoints that accept it) or the JSON body's `key` field (the
 * generation key, as most generation endpoints document). Values are read when a request is
 * made, never when the client is built, and only ever sent to a trusted origin.
 * @module
 */
import { UsageError } from '../errors/index.js';

/**
 * A secret, or a function that returns the current one (a token store, an environment variable).
 *
 * @example
 * new HttpClient({
 *   baseUrl,
 *   credentials: { generationKey: 'gk-…', controlToken: () => vault.read('token') },
 * });
 */
export type CredentialSource = string | (() => string | undefined | Promise<string | undefined>);

/**
 * Where a request carries its credential: `Authorization: Bearer`, the JSON body's `key`, or a
 * named header (`{ header: 'x-api-key' }`, as some documents declare an apiKey scheme).
 *
 * @example
 * const inBody: CredentialPlacement = 'body-key'; // the JSON body's `key` field
 * const asBearer: CredentialPlacement = 'bearer'; // Authorization: Bearer
 * const inHeader: CredentialPlacement = { header: 'x-api-key' };
 */
export type CredentialPlacement = 'bearer' | 'body-key' | { readonly header: string };

/**
 * Which credential a request needs: one of the client's named credentials, or a value of its own.
 *
 * @example
 * await client.request({
 *   method: 'GET',
 *   url: '/api/v1/me',
 *   credential: { name: 'controlToken', placement: 'bearer' },
 *   idempotency: 'safe',
 * });
 */
export type CredentialRef =
  | {
      readonly name: 'generationKey' | 'controlToken' | (string & {});
      readonly placement: CredentialPlacement;
    }
  | { readonly value: string; readonly placement: CredentialPlacement };

/** The secret `reference` names, or undefined when there is none. */
export async function resolveCredential(
  reference: CredentialRef,
  credentials: Readonly<Record<string, CredentialSource>>,
): Promise<string | undefined> {
  if ('value' in reference) return reference.value || undefined;
  const source = credentials[reference.name];
  const value = typeof source === 'function' ? await source() : source;
  return value || undefined;
}

/** The body with the credential in its `key` field; the caller's object is not changed. */
export function withBodyKey(json: unknown, secret: string): Record<string, unknown> {
  if (json === undefined || json === null) return { key: secret };
  if (typeof json !== 'object' || Array.isArray(json)) {
    throw new UsageError('a body-key credential needs a JSON object body');
  }
  return { ...(json as Record<string, unknown>), key: secret };
}

/** Normalizes origins (`https://api.example.com/` -> `https://api.example.com`). */
export function originsOf(values: readonly (string | URL)[]): Set<string> {
  return new Set(values.map((value) => new URL(value).origin));
}
