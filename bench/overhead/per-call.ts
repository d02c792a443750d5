/**
 * Per-call cost of the HTTP core against a raw undici request on loopback: the same server, the
 * same keep-alive pool, the same JSON parse; sequential calls in interleaved rounds, the median
 * round. Against a plain server in its own process (the worst case: the server costs nothing)
 * and against the emulator in this process (a server that does real work, as the service does).
 * @module
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startEmulator } from 'generation-agent-toolkit-emulator';
import { Agent } from 'undici';
import { createUndiciTransport, HttpClient } from '../../src/http/index.js';
import { median } from '../support/stats.js';

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

export interface PerCallCost {
  readonly target: string;
  /** A raw undici `request()` with its body read as JSON. */
  readonly rawMs: number;
  /** The HTTP core's own transport alone (undici `dispatch`), without anything above it. */
  readonly transportMs: number;
  /** `HttpClient.request`: credentials, governor, retries, fields, errors, versioning. */
  readonly clientMs: number;
}

interface Rounds {
  readonly rounds: number;
  readonly callsPerRound: number;
}

async function compare(
  target: string,
  baseUrl: string,
  path: string,
  key: string,
  { rounds, callsPerRound }: Rounds,
): Promise<PerCallCost> {
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
  const samples: Record<keyof typeof variants, number[]> = { raw: [], transport: [], client: [] };
  try {
    for (const call of Object.values(variants)) await meanOf(callsPerRound * 2, call); // warm up
    // Interleaved rounds, and the median round: a busy machine slows some rounds, not one variant.
    for (let round = 0; round < rounds; round += 1) {
      for (const [name, call] of Object.entries(variants) as [
        keyof typeof variants,
        () => Promise<unknown>,
      ][])
        samples[name].push(await meanOf(callsPerRound, call));
    }
  } finally {
    await client.close();
    await agent.close();
    await close();
  }
  return {
    target,
    rawMs: median(samples.raw),
    transportMs: median(samples.transport),
    clientMs: median(samples.client),
  };
}

/** Per-call cost against the plain server and against the emulator. */
export async function measurePerCallCost(): Promise<PerCallCost[]> {
  const plain = await startPlainServer();
  const emulator = await startEmulator({
    rateLimits: { generation: { limit: 1_000_000, windowSeconds: 60 } },
  });
  try {
    const key = emulator.createAccount().apiKey;
    return [
      await compare('plain server', plain.url, '/api/v7/models', 'gk_benchmarkbenchmarkbenchmark', {
        rounds: 21,
        callsPerRound: 100,
      }),
      await compare('emulator, GET /api/v7/models', emulator.url, '/api/v7/models', key, {
        rounds: 11,
        callsPerRound: 30,
      }),
    ];
  } finally {
    plain.stop();
    await emulator.close();
  }
}
