/**
 * A time limit on one Redis command: a client that is reconnecting queues commands forever, and a
 * store must never hold a call or an MCP request that long. Shared by the budget store and the MCP
 * server's task and event stores, and the rate-limit store.
 * @module
 */

/** The error a command that outlived its limit rejects with (named as the platform's timeouts are). */
export class RedisTimeoutError extends Error {
  override readonly name = 'TimeoutError';
  constructor(timeoutMs: number) {
    super(`Redis did not answer within ${timeoutMs} ms`);
  }
}

/**
 * `command`'s answer, or a {@link RedisTimeoutError} after `timeoutMs`. The limit is checked once
 * more a turn of the event loop later: a process busy past the limit (a long computation, a
 * loaded machine) runs its expired timers before it reads its sockets, and a reply that arrived
 * meanwhile must win over the timer that only fired first.
 */
export function redisDeadline<T>(command: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timer = setTimeout(() => reject(new RedisTimeoutError(timeoutMs)), 0);
    }, timeoutMs);
  });
  return Promise.race([command, timeout]).finally(() => clearTimeout(timer));
}
