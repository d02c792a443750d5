/**
 * Per-call overhead of the HTTP core against a raw undici request on loopback: the same server,
 * the same keep-alive pool settings, the same JSON parse; sequential calls, mean of the middle
 * 80 %. Against a plain server in its own process (the worst case: the server costs nothing)
 * and against the emulator (a server that does real work, as the service does).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Agent } from 'undici';
import { startEmulator } from '../../src/emulator/index.js';
import { createUndiciTransport, HttpClient } from '../../src/http/index.js';

/** The plain server of `plain-server.mjs`, in a child process of its own. */
async function startPlainServer(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./plain-server.mjs', import.meta.url))], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('error', reject);
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.stdin.end() };
}

/** Mean milliseconds per call over `count` sequential calls. */
async function meanOf(count: number, call: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < count; index += 1) await call();
  return (performance.now() - started) / count;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export interface OverheadFigures {
  readonly target: string;
  /** A raw undici `request()` with its body read as JSON. */
  readonly rawMs: number;
  /** The HTTP core's own transport alone (undici `dispatch`), without anything above it. */
  readonly transportMs: number;
  /** `HttpClient.request`: credentials, governor, retries, fields, errors, versioning. */
  readonly clientMs: number;
  readonly ratio: number;
}

async function compare(target: string, baseUrl: string, path: string, key: string): Promise<OverheadFigures> {
  const agent = new Agent({ keepAliveTimeout: 10_000 });
  const client = new HttpClient({ baseUrl, credentials: { generationKey: key } });
  const { transport, close } = createUndiciTransport();
  const url = new URL(path, baseUrl);
  const headers = { accept: 'application/json', authorization: `Bearer ${key}` };
  const variants = {
    raw: async () => {
      const response = await agent.request({ origin: baseUrl, path, method: 'GET', headers });
      return response.body.json();
    },
    transport: async () =>
      JSON.parse((await transport({ method: 'GET', url, headers, timeoutMs: 30_000 })).body),
    client: () =>
      client.request({
        method: 'GET',
        url: path,
        credential: { name: 'generationKey', placement: 'bearer' },
        idempotency: 'safe',
      }),
  };
  const rounds: Record<keyof typeof variants, number[]> = { raw: [], transport: [], client: [] };
  for (const call of Object.values(variants)) await meanOf(300, call); // warm up
  // Interleaved rounds, and the median round: a busy machine slows some rounds, not one variant.
  for (let round = 0; round < 31; round += 1) {
    for (const [name, call] of Object.entries(variants) as [
      keyof typeof variants,
      () => Promise<unknown>,
    ][]) {
      rounds[name].push(await meanOf(120, call));
    }
  }
  await client.close();
  await agent.close();
  await close();
  const rawMs = median(rounds.raw);
  const clientMs = median(rounds.client);
  return { target, rawMs, transportMs: median(rounds.transport), clientMs, ratio: clientMs / rawMs };
}

export async function measureOverhead(): Promise<OverheadFigures[]> {
  const plain = await startPlainServer();
  const emulator = await startEmulator({
    rateLimits: { generation: { limit: 1_000_000, windowSeconds: 60 } },
  });
  const key = emulator.createAccount().apiKey;
  const figures = [
    await compare(
      'a plain server in its own process',
      plain.url,
      '/api/v7/models',
      'gk_benchmarkbenchmarkbenchmark',
    ),
    await compare('the emulator (GET /api/v7/models)', emulator.url, '/api/v7/models', key),
  ];
  plain.stop();
  await emulator.close();
  return figures;
}
