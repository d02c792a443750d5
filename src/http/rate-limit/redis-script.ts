/**
 * A Lua script run the usual way: `EVALSHA` by its SHA-1 (only the digest crosses the wire), and
 * `EVAL` with the full text when the server does not have it cached (`NOSCRIPT`: after a restart,
 * a failover or `SCRIPT FLUSH`), which caches it again.
 * @module
 */

/**
 * The one thing the Redis store needs from a client: send a command, get its reply. A connected
 * node-redis client fits as is; wrap others (see `RedisRateLimitStoreOptions.client`).
 */
export interface RedisCommandClient {
  /** Sends `args` (`['GET', key]`) and resolves with the reply; rejects with the server's error. */
  sendCommand(args: string[]): Promise<unknown>;
}

/** Whether `error` is the server's reply starting with `code` (`NOSCRIPT`, `WRONGTYPE`). */
export function isRedisReplyError(error: unknown, code: string): boolean {
  return error instanceof Error && error.message.startsWith(`${code} `);
}

async function sha1Hex(text: string): Promise<string | undefined> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return undefined;
  const digest = await subtle.digest('SHA-1', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export class RedisScript {
  /** The script's SHA-1 once computed; until then, undefined. */
  #sha: string | undefined;
  #digesting = false;

  constructor(readonly source: string) {}

  /**
   * Runs the script with `keys` and `args` on `client`. Until the digest is known, the command
   * goes out at once as `EVAL` (which caches the script) while the digest is computed aside:
   * nothing but the command itself is awaited, so a caller that holds time still while its
   * commands are on the wire (a fleet on virtual time) never sees a gap. Before, the first
   * command awaited WebCrypto's digest, which resolves on the thread pool, outside the command:
   * a virtual clock took the process for idle there and jumped to the next waiter's deadline.
   */
  async run(client: RedisCommandClient, keys: readonly string[], args: readonly string[]): Promise<unknown> {
    const rest = [String(keys.length), ...keys, ...args];
    const sha = this.#sha;
    if (sha === undefined) {
      this.#digest();
      return client.sendCommand(['EVAL', this.source, ...rest]);
    }
    try {
      return await client.sendCommand(['EVALSHA', sha, ...rest]);
    } catch (error) {
      if (!isRedisReplyError(error, 'NOSCRIPT')) throw error;
    }
    return client.sendCommand(['EVAL', this.source, ...rest]);
  }

  #digest(): void {
    if (this.#digesting) return;
    this.#digesting = true;
    sha1Hex(this.source).then(
      (sha) => {
        this.#sha = sha;
      },
      // No digest on this runtime: every run sends the text, as EVAL.
      () => undefined,
    );
  }
}
