import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ConnectAuth } from 'generation-agent-toolkit';
import { FileTokenStore } from 'generation-agent-toolkit/node';
import { accountsIn, isUsable, type StoredToken, tokenStoreKey } from 'generation-agent-toolkit/stores';
import { usageError } from './exit-codes.js';
import { readSecretFlags } from './secret-sources.js';

/** Credential flags every command that calls the service accepts. Values are never printed. */
export interface CredentialFlags {
  /** The key, or `-` to read it from standard input. */
  readonly apiKey?: string;
  readonly apiKeyFile?: string;
  /** The token, or `-` to read it from standard input. */
  readonly token?: string;
  readonly tokenFile?: string;
  readonly email?: string;
  readonly tokenStore?: string;
}

/** Which credentials a command will use: it looks in the token store only for those still missing. */
export interface CredentialNeeds {
  /** A control-plane token (or a login that gets one). */
  readonly token: boolean;
  /** The generation API key. */
  readonly apiKey: boolean;
}

/** What was found, and whose stored credentials they are when they came from the token store. */
export interface FoundCredentials {
  readonly auth?: ConnectAuth;
  readonly apiKey?: string;
  /** The account of the token store whose token or key is used. */
  readonly storedAccount?: string;
}

/** An environment variable, with an empty value counted as unset (`GENTK_API_KEY= gentk ...`). */
function environment(name: string): string | undefined {
  return process.env[name] || undefined;
}

/** The token store gentk uses: `--token-store`, `GENTK_TOKEN_STORE`, or ~/.config/gentk/tokens.json. */
export function tokenStoreOf(flags: Pick<CredentialFlags, 'tokenStore'>): FileTokenStore {
  const path =
    flags.tokenStore ??
    environment('GENTK_TOKEN_STORE') ??
    join(environment('XDG_CONFIG_HOME') ?? join(homedir(), '.config'), 'gentk', 'tokens.json');
  return new FileTokenStore(path);
}

/**
 * The account whose stored credentials to use: the one named, else the only one the store holds
 * for `origin`. Several and none named is a usage error that lists them.
 */
async function storedAccountOf(
  store: FileTokenStore,
  origin: string,
  email: string | undefined,
): Promise<string | undefined> {
  if (email) return email;
  const accounts = accountsIn(await store.keys(), origin);
  if (accounts.length <= 1) return accounts[0];
  throw usageError(
    `The token store ${store.path} holds ${accounts.length} accounts for ${origin} (${accounts.join(', ')}): pass --email to choose one.`,
  );
}

/**
 * The credentials of a command that calls the service at `origin`. A token comes from --token
 * (`-`: standard input), --token-file or GENTK_TOKEN; else a login, with --email or GENTK_EMAIL and GENTK_PASSWORD (passwords are read
 * from the environment only, never from a flag that would land in the shell history). The key
 * comes from --api-key (`-`: standard input), --api-key-file or GENTK_API_KEY. What `needs` asks for and is still missing is taken from
 * the token store: the account named by --email or GENTK_EMAIL, else the store's only account for
 * `origin` (`gentk register` put it there).
 */
export async function credentialsFor(
  flags: CredentialFlags,
  origin: string,
  needs: CredentialNeeds,
): Promise<FoundCredentials> {
  const [flagKey, flagToken] = await readSecretFlags([
    { flag: '--api-key', value: flags.apiKey, file: flags.apiKeyFile },
    { flag: '--token', value: flags.token, file: flags.tokenFile },
  ]);
  const token = flagToken ?? environment('GENTK_TOKEN');
  const email = flags.email ?? environment('GENTK_EMAIL');
  const password = environment('GENTK_PASSWORD');
  const apiKey = flagKey ?? environment('GENTK_API_KEY');
  const auth: ConnectAuth | undefined = token
    ? { token }
    : email && password
      ? { email, password }
      : undefined;
  const given = { ...(auth ? { auth } : {}), ...(apiKey ? { apiKey } : {}) };
  if ((!needs.token || auth) && (!needs.apiKey || apiKey)) return given;

  const store = tokenStoreOf(flags);
  const account = await storedAccountOf(store, origin, email);
  const stored = account ? await store.load(tokenStoreKey(origin, account)) : undefined;
  if (!account || !stored) return given;
  const found = { auth: auth ?? storedAuth(stored, account, password), apiKey: apiKey ?? stored.apiKey };
  return {
    ...(found.auth ? { auth: found.auth } : {}),
    ...(found.apiKey ? { apiKey: found.apiKey } : {}),
    storedAccount: account,
  };
}

/** The stored token while it lasts; once expired, a fresh login when GENTK_PASSWORD is set. */
function storedAuth(
  stored: StoredToken,
  account: string,
  password: string | undefined,
): ConnectAuth | undefined {
  if (isUsable(stored, Date.now())) return { token: stored.accessToken, scopes: stored.scopes };
  return password ? { email: account, password } : undefined;
}
