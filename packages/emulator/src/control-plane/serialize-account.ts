import { toDollars } from '../money.js';
import type { Account, ApiKeyRecord, GrantedScopes, TokenRecord, UsageRecord } from '../state/records.js';
import { iso, isoOrNull } from './time.js';

/** Scopes as published: `*` becomes `['*']`. */
export function publishedScopes(scopes: GrantedScopes): string[] {
  return scopes === '*' ? ['*'] : [...scopes];
}

/** The User record: who the token belongs to. */
export function serializeUser(account: Account): Record<string, unknown> {
  return {
    id: account.id,
    name: account.name,
    email: account.email,
    username: account.username,
    verified: account.verified,
  };
}

/** The Profile record: the user with preferences and social links. */
export function serializeProfile(account: Account): Record<string, unknown> {
  return {
    ...serializeUser(account),
    created_at: iso(account.createdAt),
    preferences: { ...account.preferences },
    socials: { ...account.socials },
  };
}

/** The TokenGrant record; `secret` is the token itself, shown this once. */
export function serializeTokenGrant(options: {
  secret: string;
  token: TokenRecord;
  user: Account;
  apiKey?: string | null;
}): Record<string, unknown> {
  const { secret, token, user } = options;
  return {
    access_token: secret,
    token_type: 'Bearer',
    token_expiry: token.expiry,
    expires_at: isoOrNull(token.expiresAt),
    scopes: publishedScopes(token.scopes),
    user: serializeUser(user),
    api_key: options.apiKey ?? null,
  };
}

/** The AccessToken record of the token list: never the token itself. */
export function serializeAccessToken(token: TokenRecord, current: TokenRecord): Record<string, unknown> {
  return {
    id: token.id,
    name: token.deviceName,
    scopes: publishedScopes(token.scopes),
    created_at: iso(token.createdAt),
    expires_at: isoOrNull(token.expiresAt),
    last_used_at: isoOrNull(token.lastUsedAt),
    current: token.id === current.id,
    account_id: token.contextAccountId,
  };
}

/** The ApiKey record: its prefix only. */
export function serializeApiKey(key: ApiKeyRecord): Record<string, unknown> {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    created_at: iso(key.createdAt),
    last_used_at: isoOrNull(key.lastUsedAt),
  };
}

/** One request of the usage history. */
export function serializeUsageRecord(record: UsageRecord): Record<string, unknown> {
  return {
    id: record.id,
    operation_id: record.operationId,
    category: record.category,
    status: record.status,
    credits: toDollars(record.credits),
    created_at: iso(record.createdAt),
  };
}
