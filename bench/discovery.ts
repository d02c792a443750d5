/**
 * Discovery, against the emulator in its own process with 20 ms of latency on every answer (a
 * stand-in for the network):
 * - the fetch phase of a cold start against the slowest single document fetch (near 1 to 3: the
 *   documents are read concurrently, in as few round trips as their links allow) and against
 *   reading the documents one after another;
 * - the bytes and time of a warm start (fresh cache, then a cache past its freshness that is
 *   revalidated) against a cold start.
 *
 * Run: npx tsx bench/discovery.ts
 * @module
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { WELL_KNOWN } from '../src/discovery/index.js';
import { discover } from '../src/index.js';
import { MemoryDiscoveryCache } from '../src/stores.js';
import { type BenchSection, figure } from './section.js';
import { runDirectly } from './support/run-directly.js';
import { median } from './support/stats.js';

const RUNS = 5;
const LATENCY_MS = 20;
const ROOT = fileURLToPath(new URL('../', import.meta.url));

async function timeFetch(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return performance.now() - started;
}

/** The emulator through its CLI, in a process of its own so that it does not share our event loop. */
async function startEmulatorProcess(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'packages/cli/src/main.ts',
      'emulator',
      '--port',
      '0',
      '--latency',
      String(LATENCY_MS),
    ],
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

/** Every document a cold start reads, the model feed's later pages included. */
async function documentAddresses(url: string): Promise<string[]> {
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
  return addresses;
}

export async function run(): Promise<BenchSection> {
  const { url, child } = await startEmulatorProcess();
  try {
    const addresses = await documentAddresses(url);
    const slowest: number[] = [];
    const oneByOne: number[] = [];
    const cold: number[] = [];
    const fetchPhase: number[] = [];
    let coldBytes = 0;
    for (let round = 0; round < RUNS; round++) {
      const times: number[] = [];
      for (const address of addresses) times.push(await timeFetch(address));
      slowest.push(Math.max(...times));
      oneByOne.push(times.reduce((sum, time) => sum + time, 0));
      const description = await discover(url);
      cold.push(description.stats.durationMs);
      fetchPhase.push(description.stats.fetchMs);
      coldBytes = description.stats.downloadedBytes;
    }
    const fresh = { bytes: 0, ms: [] as number[] };
    const revalidated = { bytes: 0, ms: [] as number[] };
    for (let round = 0; round < RUNS; round++) {
      const cache = new MemoryDiscoveryCache();
      await discover(url, { cache, now: () => 0 });
      const fromCache = await discover(url, { cache, now: () => 1000 });
      fresh.bytes = fromCache.stats.downloadedBytes;
      fresh.ms.push(fromCache.stats.durationMs);
      // An hour on, past every document's freshness: each is revalidated with its validators.
      const checked = await discover(url, { cache, now: () => 3_600_000 });
      revalidated.bytes = checked.stats.downloadedBytes;
      revalidated.ms.push(checked.stats.durationMs);
    }
    const coldMs = median(cold);
    const coldStart = { name: 'cold start', value: coldMs };
    const coldDownload = { name: 'cold start', value: coldBytes };
    return {
      id: 'discovery',
      title: 'Discovery',
      figures: [
        figure({
          name: `cold start, fetch phase (${addresses.length} documents, ${LATENCY_MS} ms latency)`,
          value: median(fetchPhase),
          unit: 'ms',
          baseline: { name: 'slowest single document fetch', value: median(slowest) },
          note: 'round trips the links between documents force',
        }),
        figure({
          name: 'cold start, fetch phase',
          value: median(fetchPhase),
          unit: 'ms',
          baseline: { name: 'the documents read one by one', value: median(oneByOne) },
        }),
        figure({
          name: 'cold start, whole (fetch, parse, check, reconcile)',
          value: coldMs,
          unit: 'ms',
          baseline: { name: 'slowest single document fetch', value: median(slowest) },
        }),
        figure({
          name: 'warm start, fresh cache: bytes',
          value: fresh.bytes,
          unit: 'bytes',
          baseline: coldDownload,
        }),
        figure({
          name: 'warm start, fresh cache: time',
          value: median(fresh.ms),
          unit: 'ms',
          baseline: coldStart,
        }),
        figure({
          name: 'warm start, revalidated cache: bytes',
          value: revalidated.bytes,
          unit: 'bytes',
          baseline: coldDownload,
        }),
        figure({
          name: 'warm start, revalidated cache: time',
          value: median(revalidated.ms),
          unit: 'ms',
          baseline: coldStart,
        }),
      ],
    };
  } finally {
    child.kill('SIGTERM');
  }
}

await runDirectly(import.meta.url, run);
