/**
 * A Redis command's answer, or a rejection after `timeoutMs`: a client that is reconnecting
 * queues commands forever, and a store must never hold an MCP request that long.
 */
export function redisDeadline<T>(command: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([command, timeout]).finally(() => clearTimeout(timer));
}
