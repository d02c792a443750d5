import { type HttpClient, type HttpResponse, isRecord, ResponseFormatError } from '../http/index.js';
import type { StoredToken } from './token-store.js';

/** @inline */
export type TokenExpiry = '1_week' | '1_month' | '3_months' | 'never';

/** An answer of the control plane that lacks what the toolkit needs from it. Control-plane calls are POSTs. */
function malformed(response: HttpResponse, message: string): ResponseFormatError {
  return new ResponseFormatError({
    method: 'POST',
    url: response.url,
    httpStatus: response.status,
    ...(response.requestId ? { requestId: response.requestId } : {}),
    message,
  });
}

/** The `data` of a control-plane envelope, or the body itself when it is not one. */
export function dataOf(body: unknown): Record<string, unknown> {
  if (isRecord(body) && 'data' in body && isRecord(body.data)) return body.data;
  return isRecord(body) ? body : {};
}

/**
 * A token grant (login, verify-email, refresh, switch-account) as the toolkit keeps it. When the
 * answer does not list its scopes (production's login answer does not), the token carries
 * `assumedScopes`: what was asked for, which the spec says is exactly what is granted.
 */
export function readGrant(
  response: HttpResponse,
  ownedByToolkit: boolean,
  assumedScopes: readonly string[],
): StoredToken & { apiKey?: string } {
  const data = dataOf(response.body);
  const accessToken = data.access_token;
  if (typeof accessToken !== 'string' || accessToken === '') {
    throw malformed(response, 'The service answered a token exchange without an access_token.');
  }
  const user = isRecord(data.user) ? data.user : {};
  const scopes = Array.isArray(data.scopes)
    ? data.scopes.filter((scope): scope is string => typeof scope === 'string')
    : [...assumedScopes];
  return {
    accessToken,
    expiresAt: typeof data.expires_at === 'string' ? data.expires_at : null,
    tokenExpiry: typeof data.token_expiry === 'string' ? data.token_expiry : 'unknown',
    scopes,
    ownedByToolkit,
    ...(typeof user.email === 'string' ? { email: user.email } : {}),
    ...(typeof data.api_key === 'string' && data.api_key ? { apiKey: data.api_key } : {}),
  };
}

const bearer = (token: string) => ({ value: token, placement: 'bearer' as const });

/** The calls of the registration and token life, each with an explicit credential (never the session's own, which may be the one being replaced). */
export const controlPlane = {
  async login(
    client: HttpClient,
    url: string,
    input: {
      email: string;
      password: string;
      scopes?: readonly string[];
      tokenExpiry?: TokenExpiry;
      deviceName?: string;
    },
  ): Promise<StoredToken> {
    const response = await client.request({
      method: 'POST',
      url,
      json: {
        email: input.email,
        password: input.password,
        ...(input.scopes ? { scopes: input.scopes } : {}),
        ...(input.tokenExpiry ? { token_expiry: input.tokenExpiry } : {}),
        ...(input.deviceName ? { device_name: input.deviceName } : {}),
      },
      idempotency: 'safe',
      sensitive: true,
      operationId: 'login',
    });
    return readGrant(response, true, input.scopes ?? ['*']);
  },

  async signup(client: HttpClient, url: string, fields: Record<string, unknown>): Promise<void> {
    await client.request({
      method: 'POST',
      url,
      json: fields,
      idempotency: 'unsafe',
      sensitive: true,
      operationId: 'signup',
    });
  },

  async resendVerification(client: HttpClient, url: string, email: string): Promise<void> {
    await client.request({
      method: 'POST',
      url,
      json: { email },
      idempotency: 'safe',
      operationId: 'resend-verification',
    });
  },

  async verify(client: HttpClient, url: string, code: string): Promise<StoredToken & { apiKey?: string }> {
    const response = await client.request({
      method: 'POST',
      url,
      json: { verification_code: code },
      idempotency: 'unsafe',
      sensitive: true,
      operationId: 'verify-email',
    });
    // The claim token of the historical flow carries every scope; it is revoked once exchanged.
    return readGrant(response, true, ['*']);
  },

  async refresh(client: HttpClient, url: string, token: StoredToken): Promise<StoredToken> {
    const response = await client.request({
      method: 'POST',
      url,
      credential: bearer(token.accessToken),
      ...(token.tokenExpiry !== 'unknown' ? { json: { token_expiry: token.tokenExpiry } } : {}),
      // Rotation revokes the old token: a blind repeat would present a revoked token.
      idempotency: 'unsafe',
      operationId: 'refresh',
    });
    return {
      ...readGrant(response, token.ownedByToolkit, token.scopes),
      ...(token.email ? { email: token.email } : {}),
    };
  },

  async logout(client: HttpClient, url: string, token: string): Promise<void> {
    await client.request({
      method: 'POST',
      url,
      credential: bearer(token),
      idempotency: 'safe',
      operationId: 'logout',
    });
  },

  async createApiKey(client: HttpClient, url: string, token: string, name: string): Promise<string> {
    const response = await client.request({
      method: 'POST',
      url,
      credential: bearer(token),
      json: { name },
      idempotency: 'unsafe',
      operationId: 'create-api-key',
    });
    const key = dataOf(response.body).key;
    if (typeof key !== 'string')
      throw malformed(response, 'The service created an API key but did not return it.');
    return key;
  },

  async switchAccount(
    client: HttpClient,
    url: string,
    token: StoredToken,
    accountId: string,
    scopes?: readonly string[],
  ): Promise<StoredToken> {
    const response = await client.request({
      method: 'POST',
      url,
      credential: bearer(token.accessToken),
      json: { account_id: accountId, ...(scopes ? { scopes } : {}) },
      idempotency: 'unsafe',
      operationId: 'switch-account',
    });
    return readGrant(response, true, scopes ?? token.scopes);
  },
};
