/**
 * Cold start (issue 25), for a function that starts per request: the wall time of a fresh Node
 * process that imports the root entry against one that imports `ai` alone (target: at most 1.5x),
 * and the time `connect()` takes in a fresh process from a saved description and through a warm
 * discovery cache (no document is parsed; target 20 ms or less) against connecting by discovery.
 * Then the same per runtime (Node 22 and 24, Deno, Bun, workerd, edge-runtime), each installed
 * from npm by the runtime scenario's installer into a temporary folder (about a minute from npm's
 * cache); `GENTK_BENCH_RUNTIMES=skip` leaves them out, and a failed install is reported in the
 * section, not hidden.
 *
 * Needs `npm run build` first (`npm run bench` does it).
 * Run: npx tsx bench/cold-start.ts
 * @module
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { startEmulator } from 'generation-agent-toolkit-emulator';
import { prepareRuntimeFolder } from '../test/runtimes/runtime-folder.js';
import { runtimeColdStarts } from './cold-start/runtimes.js';
import { importMsIn } from './imports/fresh-process.js';
import { type BenchFigure, type BenchSection, figure } from './section.js';
import { runDirectly } from './support/run-directly.js';
import { median } from './support/stats.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DIST_INDEX = join(ROOT, 'dist', 'index.js');
const CONNECT_SCRIPT = fileURLToPath(new URL('./cold-start/connect-script.mjs', import.meta.url));
const RUNS = 7;
/** The fast starts are cheap: more runs, for a steadier median on a shared machine. */
const CONNECT_RUNS = 11;

interface Run {
  readonly ms: number;
  readonly cpuMs: number;
}
/** Fewer per runtime: six runtimes, three figures each. */
const RUNTIME_RUNS = 5;

async function medianOf(runs: number, measure: () => Promise<number>): Promise<number> {
  const values: number[] = [];
  for (let index = 0; index < runs; index += 1) values.push(await measure());
  return median(values);
}

export async function run(): Promise<BenchSection> {
  // Both by name from the package root, as a user's code imports them (the root resolves to dist/).
  const ai = await medianOf(RUNS, () => importMsIn(ROOT, ['ai']));
  const root = await medianOf(RUNS, () => importMsIn(ROOT, ['generation-agent-toolkit']));
  const emulator = await startEmulator({ timeScale: 0.02 });
  const folder = await mkdtemp(join(tmpdir(), 'gentk-cold-start-'));
  try {
    const account = emulator.createAccount({ credits: 5 });
    const { discover } = await import(pathToFileURL(DIST_INDEX).href);
    const service = await discover(emulator.url);
    // The text form (saveText(): loading parses a small header), and the JSON of save(), which
    // JSON.parse reads whole; both against the whole snapshot of format 1.
    const snapshot = join(folder, 'service.gentk');
    const saved = service.saveText();
    await writeFile(snapshot, saved);
    const json = join(folder, 'service.json');
    const savedJson = JSON.stringify(service);
    await writeFile(json, savedJson);
    const wholeBytes = JSON.stringify(service.toSnapshot()).length;
    // Only what the application calls (the connect script's operation), and its fetch operation.
    const subset = join(folder, 'subset.gentk');
    const savedSubset = service.saveText({ operations: ['v7_images_text_to_image'] });
    await writeFile(subset, savedSubset);
    const cache = join(folder, 'cache');
    const connectRun = async (...extra: string[]) => {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [CONNECT_SCRIPT, pathToFileURL(DIST_INDEX).href, emulator.url, ...extra],
        { env: { ...process.env, GENTK_API_KEY: account.apiKey } },
      );
      return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { ms: number; cpuMs: number };
    };
    const discovering = await medianOf(RUNS, async () => (await connectRun()).ms);
    // The first connect through the cache fills it (documents and the parsed description).
    await connectRun('cache', cache);
    // The fast starts in turns, so that a burst of load on the machine falls on each alike.
    const modes = {
      saved: ['saved', snapshot],
      json: ['saved', json],
      subset: ['saved', subset],
      cache: ['cache', cache],
    };
    const runs = { saved: [] as Run[], json: [] as Run[], subset: [] as Run[], cache: [] as Run[] };
    for (let index = 0; index < CONNECT_RUNS; index += 1)
      for (const mode of ['saved', 'json', 'subset', 'cache'] as const)
        runs[mode].push(await connectRun(...modes[mode]));
    const fromSaved = median(runs.saved.map((run) => run.ms));
    const fromJson = median(runs.json.map((run) => run.ms));
    const fromSubset = median(runs.subset.map((run) => run.ms));
    const fromCache = median(runs.cache.map((run) => run.ms));
    const cpu = (mode: keyof typeof runs) =>
      `CPU ${median(runs[mode].map((run) => run.cpuMs)).toFixed(1)} ms (median of ${CONNECT_RUNS})`;
    const figures: BenchFigure[] = [
      figure({
        name: 'import the root entry (fresh node process)',
        value: root,
        unit: 'ms',
        baseline: { name: "import 'ai' alone", value: ai },
        note: 'target: at most 1.5x',
        pass: root <= ai * 1.5,
      }),
      figure({
        name: 'connect() from a saved description: whole service, saveText() (fresh process)',
        value: fromSaved,
        unit: 'ms',
        baseline: { name: 'connect() by discovery', value: discovering },
        note: `reading the file included; no document fetched or parsed; ${cpu('saved')}; target: 20 ms or less`,
        pass: fromSaved <= 20,
      }),
      figure({
        name: 'connect() from a saved description: whole service, JSON of save() (fresh process)',
        value: fromJson,
        unit: 'ms',
        baseline: { name: 'connect() by discovery', value: discovering },
        note: `fromSnapshot(JSON.parse(file)); reading the file included; ${cpu('json')}; target: 20 ms or less`,
        pass: fromJson <= 20,
      }),
      figure({
        name: 'connect() from a saved subset: one operation and its fetch (fresh process)',
        value: fromSubset,
        unit: 'ms',
        baseline: { name: 'connect() by discovery', value: discovering },
        note: `saveText({ operations }); reading the file included; ${cpu('subset')}; target: 20 ms or less`,
        pass: fromSubset <= 20,
      }),
      figure({
        name: 'saved description size: whole service, saveText()',
        value: saved.length,
        unit: 'bytes',
        baseline: { name: 'toSnapshot() (format 1, every operation whole)', value: wholeBytes },
        note: `each operation as text decoded at its first use, each distinct schema once; the JSON of save(): ${savedJson.length} bytes`,
      }),
      figure({
        name: 'saved description size: one operation and its fetch',
        value: savedSubset.length,
        unit: 'bytes',
        baseline: { name: 'toSnapshot() (format 1, every operation whole)', value: wholeBytes },
        note: "saveText({ operations: ['v7_images_text_to_image'] })",
      }),
      figure({
        name: 'connect() through a warm discovery cache (fresh process)',
        value: fromCache,
        unit: 'ms',
        baseline: { name: 'connect() by discovery', value: discovering },
        note: `FileDiscoveryCache, documents fresh: nothing fetched or parsed; ${cpu('cache')}; target: 20 ms or less`,
        pass: fromCache <= 20,
      }),
    ];
    return {
      id: 'cold-start',
      title: 'Cold start',
      figures: [...figures, ...(await perRuntime(saved, emulator.url, account.apiKey))],
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
    await emulator.close();
  }
}

/** The per-runtime figures, or one figure saying why there are none. */
async function perRuntime(snapshot: string, baseUrl: string, apiKey: string): Promise<BenchFigure[]> {
  const unavailable = (reason: string) => [
    figure({ name: 'other runtimes: not measured', value: 0, unit: 'runtimes', note: reason }),
  ];
  if (process.env.GENTK_BENCH_RUNTIMES === 'skip')
    return unavailable('GENTK_BENCH_RUNTIMES=skip: only Node was measured');
  let runtimes: Awaited<ReturnType<typeof prepareRuntimeFolder>>;
  try {
    runtimes = await prepareRuntimeFolder();
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return unavailable(`the runtimes could not be installed from npm (${message})`);
  }
  try {
    return await runtimeColdStarts({ runtimes, baseUrl, apiKey, snapshot, runs: RUNTIME_RUNS });
  } finally {
    await runtimes.remove();
  }
}

await runDirectly(import.meta.url, run);
