import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ConnectAuth } from '../auth/connect.js';
import { FileTokenStore, isUsable, tokenStoreKey } from '../auth/token-store.js';

/** Credential flags every command that calls the service accepts. Values are never printed. */
export interface CredentialFlags {
  readonly apiKey?: string;
  readonly token?: string;
  readonly email?: string;
  readonly tokenStore?: string;
}

/** The token store gentk uses: `--token-store`, `GENTK_TOKEN_STORE`, or ~/.config/gentk/tokens.json. */
export function tokenStoreOf(flags: CredentialFlags): FileTokenStore {
  const path =
    flags.tokenStore ??
    process.env.GENTK_TOKEN_STORE ??
    join(process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'gentk', 'tokens.json');
  return new FileTokenStore(path);
}

/** The generation key: the flag, else GENTK_API_KEY (connect() also falls back to the token store). */
export function apiKeyOf(flags: CredentialFlags): string | undefined {
  return flags.apiKey ?? process.env.GENTK_API_KEY;
}

/**
 * Control-plane authentication for connect(): a token (flag or GENTK_TOKEN); else an e-mail with
 * GENTK_PASSWORD (passwords are read from the environment only, never from a flag that would
 * land in the shell history); else the token (and key) `gentk register` stored for that e-mail.
 */
export async function authOf(
  flags: CredentialFlags,
  baseUrl: string,
): Promise<{ auth?: ConnectAuth; apiKey?: string }> {
  const token = flags.token ?? process.env.GENTK_TOKEN;
  if (token) return { auth: { token } };
  const email = flags.email ?? process.env.GENTK_EMAIL;
  const password = process.env.GENTK_PASSWORD;
  if (email && password) return { auth: { email, password } };
  if (email) {
    const stored = await tokenStoreOf(flags).load(tokenStoreKey(new URL(baseUrl).origin, email));
    if (stored) {
      return {
        ...(isUsable(stored, Date.now())
          ? { auth: { token: stored.accessToken, scopes: stored.scopes } }
          : {}),
        ...(stored.apiKey ? { apiKey: stored.apiKey } : {}),
      };
    }
  }
  return {};
}
