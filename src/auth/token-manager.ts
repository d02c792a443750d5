import { GenerationToolkitError } from '../errors/index.js';
import { AuthenticationError, type HttpClient } from '../http/index.js';
import { controlPlane } from './control-plane-calls.js';
import { keyOnly, type StoredToken, type TokenStore } from './token-store.js';

export interface TokenManagerOptions {
  readonly client: HttpClient;
  readonly token: StoredToken;
  readonly store: TokenStore;
  readonly storeKey: string;
  /** The refresh endpoint; without it a token is used until it expires. */
  readonly refreshUrl?: string;
  readonly logoutUrl?: string;
  /**
   * Refresh this long before expiry, in ms.
   * @default 300000 (five minutes)
   */
  readonly refreshMarginMs?: number;
  /** A fresh login, when refreshing is impossible (the token already expired). */
  readonly relogin?: () => Promise<StoredToken>;
}

/**
 * Holds the session's control-plane token through its life: hands it out, refreshes it before it
 * expires (rotation: the service revokes the old one, and the store is updated), and revokes it
 * when the session owns it. One refresh at a time: callers arriving during a refresh wait for it.
 */
export class TokenManager {
  #token: StoredToken;
  #refreshing: Promise<StoredToken> | undefined;
  readonly #options: TokenManagerOptions;

  constructor(options: TokenManagerOptions) {
    this.#options = options;
    this.#token = options.token;
  }

  get token(): StoredToken {
    return this.#token;
  }

  #dueForRefresh(): boolean {
    if (this.#token.expiresAt === null) return false;
    const expiresAt = Date.parse(this.#token.expiresAt);
    if (!Number.isFinite(expiresAt)) return false;
    const left = expiresAt - this.#options.client.clock.now();
    return left <= (this.#options.refreshMarginMs ?? 300_000);
  }

  /** The current access token, refreshed first when it is close to expiry. */
  async accessToken(): Promise<string> {
    if (this.#refreshing) return (await this.#refreshing).accessToken;
    if (this.#dueForRefresh()) return (await this.refresh()).accessToken;
    return this.#token.accessToken;
  }

  /** Rotates the token now (or waits for the rotation already under way). */
  refresh(): Promise<StoredToken> {
    this.#refreshing ??= this.#rotate().finally(() => {
      this.#refreshing = undefined;
    });
    return this.#refreshing;
  }

  async #rotate(): Promise<StoredToken> {
    const { client, refreshUrl, relogin } = this.#options;
    const expired = this.#token.expiresAt !== null && Date.parse(this.#token.expiresAt) <= client.clock.now();
    let next: StoredToken;
    if (refreshUrl && !expired) {
      try {
        next = await controlPlane.refresh(client, refreshUrl, this.#token);
      } catch (error) {
        // A rotation whose answer was lost (a 5xx or a reset after the service acted) leaves the
        // session holding a revoked token, which no refresh can renew: only a fresh login can.
        if (!relogin || !AuthenticationError.isInstance(error)) throw error;
        next = await relogin();
      }
    } else if (relogin) {
      next = await relogin();
    } else {
      throw new GenerationToolkitError({
        code: 'reauthentication_required',
        message: expired
          ? 'The control-plane token expired and the session cannot log in again; connect again with credentials.'
          : 'The service publishes no refresh endpoint; connect again when the token expires.',
      });
    }
    await this.replace(next);
    return next;
  }

  /** Puts `token` in place (after a rotation, a step-up or a switch) and stores it. */
  async replace(token: StoredToken): Promise<void> {
    this.#token = token;
    this.#options.client.redactor.addSecret(token.accessToken);
    await this.#options.store.save(this.#options.storeKey, token);
  }

  /**
   * Revokes the token if the toolkit obtained it; a token the caller gave is left alone. The
   * agent's own generation key, when the store keeps one, stays there for the next run.
   */
  async close(): Promise<void> {
    const { client, logoutUrl, store, storeKey } = this.#options;
    if (!this.#token.ownedByToolkit) return;
    try {
      if (logoutUrl) await controlPlane.logout(client, logoutUrl, this.#token.accessToken);
    } catch (error) {
      // A token that is already revoked or expired is as closed as it gets.
      if (!AuthenticationError.isInstance(error)) throw error;
    }
    const { apiKey } = this.#token;
    if (apiKey) await store.save(storeKey, keyOnly({ ...this.#token, apiKey }));
    else await store.delete(storeKey);
  }
}
