/**
 * One process of a fleet sharing an account's quota, for the cross-process test and the
 * `multi-process` benchmark. Run with `node --import tsx fleet-worker.ts`.
 *
 * Protocol, one JSON object per line (secrets come on stdin, never in argv):
 * 1. stdin  `FleetConfig`; the worker sets up its client, then writes `{"type":"ready"}`.
 * 2. stdin  `{"startAt": ms, "endAt": ms}` (epoch); from `startAt`, `concurrency` callers send a
 *    paid chat request back to back through one `HttpClient`; at `endAt` the waits are cut
 *    short (requests already on the wire finish).
 * 3. stdout a `FleetReport`, and the worker exits.
 */
import { createInterface } from 'node:readline';
import { createClient } from 'redis';
import {
  createUndiciTransport,
  HttpClient,
  type HttpRequest,
  MemoryRateLimitStore,
  type RateLimitStore,
  RedisRateLimitStore,
  type Transport,
} from '../../../src/http/index.js';
import type { FleetConfig, FleetReport } from './worker-protocol.js';

/** A paid, synchronous generation call (v7 chat): one request, one answer, one charge. */
const CHAT: HttpRequest = {
  method: 'POST',
  url: '/api/v7/llm/chat/completions',
  json: { model: 'llama-3.1-8b', messages: [{ role: 'user', content: 'Say hi.' }] },
  credential: { name: 'generationKey', placement: 'bearer' },
  idempotency: 'unsafe',
  operationId: 'v7_llm_chat_completions',
};

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
async function nextLine<T>(): Promise<T> {
  const line = await lines.next();
  if (line.done) throw new Error('stdin closed before the expected line');
  return JSON.parse(line.value) as T;
}
const send = (message: unknown) => process.stdout.write(`${JSON.stringify(message)}\n`);
const count = (into: Record<string, number>, key: string) => {
  into[key] = (into[key] ?? 0) + 1;
};

const config = await nextLine<FleetConfig>();
if (config.store === 'redis' && !config.redisUrl) throw new Error('store "redis" needs redisUrl');
const redis =
  config.redisUrl && config.store === 'redis'
    ? await createClient({ url: config.redisUrl }).connect()
    : undefined;
const store: RateLimitStore = redis
  ? new RedisRateLimitStore({ client: redis, ...(config.prefix ? { prefix: config.prefix } : {}) })
  : new MemoryRateLimitStore();

// Count what crosses the wire, and let a request already sent finish when the waits are cut short:
// the answer of a request the service received is always seen (and counted).
const wire: Record<string, number> = {};
const undici = createUndiciTransport();
const counting: Transport = async ({ signal: _cutShort, ...request }) => {
  const response = await undici.transport(request);
  if (request.url.pathname.startsWith('/api/')) count(wire, String(response.status));
  return response;
};

// The HTTP core alone (no discovery): these processes start fast, and the governor is what is tested.
const client = new HttpClient({
  baseUrl: config.baseUrl,
  credentials: { generationKey: config.apiKey },
  transport: counting,
  rateLimit: { store },
  totalTimeoutMs: 120_000,
});
// Ready means ready to send: undici loads at a transport's first request, and a process still
// loading it when the run starts holds grants the server has not seen yet. One request outside the
// quota (the catalogue) loads it and opens the connection before the start.
await undici.transport({
  method: 'GET',
  url: new URL('/.well-known/api-catalog', config.baseUrl),
  headers: {},
  timeoutMs: 10_000,
});
send({ type: 'ready' });

const { startAt, endAt } = await nextLine<{ startAt: number; endAt: number }>();
await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
const stop = AbortSignal.timeout(Math.max(1, endAt - Date.now()));
let succeeded = 0;
const errors: Record<string, number> = {};
await Promise.all(
  Array.from({ length: config.concurrency }, async () => {
    while (!stop.aborted) {
      try {
        await client.request({ ...CHAT, signal: stop });
        succeeded += 1;
      } catch (error) {
        count(errors, stop.aborted ? 'AbortError' : error instanceof Error ? error.name : 'unknown');
      }
    }
  }),
);
const report: FleetReport = { type: 'report', succeeded, wire, errors };
send(report);
await client.close();
await undici.close();
redis?.destroy();
lines.return?.();
process.stdin.destroy();
