/**
 * Discovery benchmark, against the emulator in its own process with 20 ms of latency per answer
 * (a stand-in for the network):
 * - the fetch phase of a cold discovery against the slowest single document fetch (near 1 to 3:
 *   the documents are read concurrently, in as few round trips as their links allow) and against
 *   reading the documents one after another;
 * - the bytes a warm start downloads against a cold one, and its time.
 *
 * Run: npx tsx bench/discovery.ts
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { discover, MemoryDiscoveryCache, WELL_KNOWN } from '../src/index.js';

const RUNS = 5;
const LATENCY_MS = 20;
const ROOT = fileURLToPath(new URL('../', import.meta.url));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

async function timeFetch(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return performance.now() - started;
}

async function startEmulatorProcess(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/cli/main.ts', 'emulator', '--port', '0', '--latency', String(LATENCY_MS)],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(seen);
      if (match) resolve(match[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`the emulator exited with ${code}`)));
  });
  return { url, child };
}

export async function benchDiscovery(): Promise<Record<string, number>> {
  const { url, child } = await startEmulatorProcess();
  try {
    const addresses = [
      WELL_KNOWN.catalog,
      ...WELL_KNOWN.openapi,
      WELL_KNOWN.oauth,
      WELL_KNOWN.mcp,
      WELL_KNOWN.serverCard,
      WELL_KNOWN.runbook,
      WELL_KNOWN.llmsTxt,
      WELL_KNOWN.modelsFeed,
      WELL_KNOWN.deprecationPolicy,
    ].map((path) => `${url}/${path}`);
    const warmUp = await discover(url);
    const pages = Math.ceil(warmUp.models.length / 25);
    for (let page = 2; page <= pages; page++)
      addresses.push(`${url}/${WELL_KNOWN.modelsFeed}?page=${page}&per_page=25`);
    const slowest: number[] = [];
    const sequential: number[] = [];
    const cold: number[] = [];
    const fetchPhase: number[] = [];
    let coldBytes = 0;
    for (let run = 0; run < RUNS; run++) {
      const times: number[] = [];
      for (const address of addresses) times.push(await timeFetch(address));
      slowest.push(Math.max(...times));
      sequential.push(times.reduce((sum, time) => sum + time, 0));
      const description = await discover(url);
      cold.push(description.stats.durationMs);
      fetchPhase.push(description.stats.fetchMs);
      coldBytes = description.stats.downloadedBytes;
    }
    const cache = new MemoryDiscoveryCache();
    await discover(url, { cache, now: () => 0 });
    const fresh = await discover(url, { cache, now: () => 1000 });
    const revalidated = await discover(url, { cache, now: () => 3_600_000 });
    return {
      documents: addresses.length,
      latencyMs: LATENCY_MS,
      coldMs: median(cold),
      coldFetchPhaseMs: median(fetchPhase),
      slowestSingleFetchMs: median(slowest),
      oneByOneFetchesMs: median(sequential),
      fetchPhaseOverSlowestFetch: median(fetchPhase) / median(slowest),
      fetchPhaseOverOneByOne: median(fetchPhase) / median(sequential),
      coldBytes,
      warmFreshBytes: fresh.stats.downloadedBytes,
      warmFreshMs: fresh.stats.durationMs,
      warmRevalidatedBytes: revalidated.stats.downloadedBytes,
      warmRevalidatedMs: revalidated.stats.durationMs,
    };
  } finally {
    child.kill('SIGTERM');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchDiscovery();
  console.table(
    Object.entries(figures).map(([figure, value]) => ({
      figure,
      value: Number(value.toFixed(value < 10 ? 3 : 0)),
    })),
  );
}
