import { randomUUID } from 'node:crypto';
import { lstat, mkdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { GenerationToolkitError } from '../errors/index.js';
import { withFileLock } from './file-lock.js';

/**
 * A control-plane token as the toolkit keeps it. Never a password, never a verification code.
 *
 * @example
 * const store = new FileTokenStore('./agent-tokens.json');
 * const stored = await store.load(tokenStoreKey('https://api.example.com', 'agent@example.com'));
 * if (stored && isUsable(stored, Date.now())) console.log('valid until', stored.expiresAt, stored.scopes);
 */
export interface StoredToken {
  readonly accessToken: string;
  /** ISO time the token expires, or null when it never does. */
  readonly expiresAt: string | null;
  readonly tokenExpiry: string;
  /** The scopes the service granted (`['*']` for all). */
  readonly scopes: readonly string[];
  /** The account it belongs to, for people reading the store. */
  readonly email?: string;
  /** true when the toolkit obtained it (and so may revoke it on close); false when it was given. */
  readonly ownedByToolkit: boolean;
  /** A generation API key the toolkit created for the agent, kept beside its token. */
  readonly apiKey?: string;
}

/**
 * What stays in the store once the session revoked its token: the agent's own generation key,
 * which outlives any token, beside a token that can no longer be used (empty, expired, with no
 * scopes, not the toolkit's to revoke). The next `connect()` logs in again and keeps the key.
 */
export function keyOnly(token: StoredToken & { readonly apiKey: string }): StoredToken {
  return {
    accessToken: '',
    expiresAt: new Date(0).toISOString(),
    tokenExpiry: token.tokenExpiry,
    scopes: [],
    ...(token.email ? { email: token.email } : {}),
    ownedByToolkit: false,
    apiKey: token.apiKey,
  };
}

/**
 * Whether a stored token can still be sent: present and not expired at `now` (epoch ms).
 *
 * @example
 * const token = await new FileTokenStore().load(tokenStoreKey(service.origin, 'me@example.com'));
 * if (token && isUsable(token, Date.now())) useBearer(token.accessToken);
 */
export function isUsable(token: StoredToken, now: number): boolean {
  return token.accessToken !== '' && (token.expiresAt === null || Date.parse(token.expiresAt) > now);
}

/**
 * Where tokens are kept between runs, keyed by service and account. Implementations must write
 * atomically: a reader never sees half a token. Plug a keychain or a KV store behind this.
 *
 * @example
 * // A store over any key-value service (a keychain, a KV namespace): write the token whole.
 * const kv = new Map<string, string>();
 * const tokenStore: TokenStore = {
 *   load: async (key) => (kv.has(key) ? (JSON.parse(kv.get(key) ?? '') as StoredToken) : undefined),
 *   save: async (key, token) => void kv.set(key, JSON.stringify(token)),
 *   delete: async (key) => void kv.delete(key),
 * };
 * await connect({ baseUrl, auth: { email, password }, tokenStore });
 */
export interface TokenStore {
  load(key: string): Promise<StoredToken | undefined>;
  save(key: string, token: StoredToken): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * What is unsafe about how the store keeps its secrets (a file others can read), in sentences
   * for a person; `connect()` reports each through the session's warnings. Optional.
   */
  audit?(): Promise<readonly string[]>;
}

/**
 * Keeps tokens in memory for the life of the process. The default.
 *
 * @example
 * const tokenStore = new MemoryTokenStore();
 * await connect({ baseUrl, auth: { email, password }, tokenStore });
 * console.log(await tokenStore.keys()); // ['https://api.example.com|agent@example.com']
 */
export class MemoryTokenStore implements TokenStore {
  readonly #tokens = new Map<string, StoredToken>();

  async load(key: string): Promise<StoredToken | undefined> {
    return this.#tokens.get(key);
  }

  async save(key: string, token: StoredToken): Promise<void> {
    this.#tokens.set(key, token);
  }

  async delete(key: string): Promise<void> {
    this.#tokens.delete(key);
  }

  /** The keys tokens are kept under (`<origin>|<account>`, the account in lower case). */
  async keys(): Promise<string[]> {
    return [...this.#tokens.keys()];
  }
}

function isStoredToken(value: unknown): value is StoredToken {
  const token = value as StoredToken | null;
  return (
    typeof token?.accessToken === 'string' &&
    (token.expiresAt === null || typeof token.expiresAt === 'string') &&
    Array.isArray(token.scopes)
  );
}

/**
 * Keeps tokens in one JSON file readable by its owner only (mode 0600), replaced atomically by
 * a rename so that a crash mid-write leaves the previous file intact. Processes that share the
 * file take turns (a lock file beside it, `<path>.lock`, taken over when its owner died): each
 * save reads, merges and writes under the lock, so none loses another's token.
 */
export class FileTokenStore implements TokenStore {
  #queue: Promise<unknown> = Promise.resolve();

  constructor(readonly path: string) {}

  async #read(): Promise<Record<string, StoredToken>> {
    try {
      const parsed = JSON.parse(await readFile(this.path, 'utf8')) as Record<string, unknown>;
      const tokens: Record<string, StoredToken> = {};
      for (const [key, value] of Object.entries(parsed)) if (isStoredToken(value)) tokens[key] = value;
      return tokens;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw new GenerationToolkitError({
        code: 'token_store_unreadable',
        message: `The token store ${this.path} could not be read; move it aside to start afresh.`,
        cause: error,
      });
    }
  }

  async #write(tokens: Record<string, StoredToken>): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
    // A name no one can guess, created only if nothing is there ('wx'): a file or symlink planted
    // in the folder beforehand can neither receive the tokens nor redirect them elsewhere.
    const temporary = `${this.path}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, `${JSON.stringify(tokens, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
      await rename(temporary, this.path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  /**
   * Whether other users can read or write the file (any group or other permission bit): the
   * store is still used, since refusing would lock the user out, but this says so. The next save
   * replaces it by a file of mode 0600. Nothing to say on Windows, which has no such bits.
   */
  async audit(): Promise<readonly string[]> {
    if (process.platform === 'win32') return [];
    return [...(await this.#fileProblems()), ...(await this.#folderProblems())];
  }

  async #fileProblems(): Promise<string[]> {
    try {
      const mode = (await stat(this.path)).mode & 0o777;
      if ((mode & 0o077) === 0) return [];
      return [
        `The token store ${this.path} can be read or written by other users (mode ${mode.toString(8).padStart(4, '0')}); it holds tokens and keys. Restrict it with: chmod 600 ${this.path}`,
      ];
    } catch {
      return [];
    }
  }

  /**
   * The folder the file lives in: one that every user may write to (`/tmp`) lets another user
   * plant the lock or replace the folder's entries; one reached through a symbolic link puts the
   * tokens wherever the link's owner points it.
   */
  async #folderProblems(): Promise<string[]> {
    const folder = dirname(resolve(this.path));
    const problems: string[] = [];
    try {
      const mode = (await stat(folder)).mode & 0o7777;
      if ((mode & 0o002) !== 0)
        problems.push(
          `The token store ${this.path} is in a folder every user may write to (${folder}, mode ${mode.toString(8).padStart(4, '0')}); another user could plant or replace files beside it. Keep it in a folder of your own, e.g. ~/.config/gentk.`,
        );
      const real = await realpath(folder);
      if (real !== folder || (await lstat(folder)).isSymbolicLink())
        problems.push(
          `The token store ${this.path} is reached through a symbolic link (${folder} leads to ${real}); the tokens go wherever the link points. Give the store's real path, in a folder of your own.`,
        );
    } catch {
      // A folder not made yet is made by the first save, owner-only.
    }
    return problems;
  }

  /**
   * Writes go one at a time: those of this process in a queue, and those of every process
   * sharing the file under its lock, so two saves never lose each other's entry.
   */
  #serially<T>(work: () => Promise<T>): Promise<T> {
    const locked = async () => {
      await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
      return withFileLock(this.path, work);
    };
    const next = this.#queue.then(locked, locked);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async load(key: string): Promise<StoredToken | undefined> {
    return (await this.#read())[key];
  }

  /**
   * The keys tokens are kept under (`<origin>|<account>`, the account in lower case): which accounts of which services
   * the file holds.
   *
   * @example
   * const store = new FileTokenStore('./agent-tokens.json');
   * accountsIn(await store.keys(), 'http://127.0.0.1:8787'); // ['agent-7@example.com']
   */
  async keys(): Promise<string[]> {
    return Object.keys(await this.#read());
  }

  save(key: string, token: StoredToken): Promise<void> {
    return this.#serially(async () => this.#write({ ...(await this.#read()), [key]: token }));
  }

  delete(key: string): Promise<void> {
    return this.#serially(async () => {
      const tokens = await this.#read();
      if (!(key in tokens)) return;
      delete tokens[key];
      if (Object.keys(tokens).length === 0) await rm(this.path, { force: true });
      else await this.#write(tokens);
    });
  }
}

/**
 * The key a session's token is kept under in a {@link TokenStore}: the service's origin and the
 * account (case-insensitive).
 *
 * @example
 * tokenStoreKey('https://api.example.com', 'Me@Example.com'); // 'https://api.example.com|me@example.com'
 */
export function tokenStoreKey(origin: string, account: string): string {
  return `${origin}|${account.toLowerCase()}`;
}

/**
 * The accounts that `keys` (a store's, `<origin>|<account>`) hold tokens of at `origin`.
 *
 * @example
 * accountsIn(await new FileTokenStore().keys(), service.origin); // ['me@example.com']
 */
export function accountsIn(keys: readonly string[], origin: string): string[] {
  const prefix = `${origin}|`;
  return keys.filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
}
