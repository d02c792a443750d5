/**
 * Cold start (issue 25), for a function that starts per request: the wall time of a fresh Node
 * process that imports the root entry against one that imports `ai` alone (target: at most 1.5x),
 * and the time `connect()` takes in a fresh process from a saved description (no document is
 * fetched or parsed; target 20 ms or less) against connecting by discovery.
 *
 * Needs `npm run build` first (`npm run bench` does it). Node only for now: the per-runtime
 * figures are left to do (docs/runtimes.md).
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
import { importMsIn } from './imports/fresh-process.js';
import { type BenchSection, figure } from './section.js';
import { runDirectly } from './support/run-directly.js';
import { median } from './support/stats.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DIST_INDEX = join(ROOT, 'dist', 'index.js');
const CONNECT_SCRIPT = fileURLToPath(new URL('./cold-start/connect-script.mjs', import.meta.url));
const RUNS = 7;

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
    const snapshot = join(folder, 'service.json');
    await writeFile(snapshot, JSON.stringify(await discover(emulator.url)));
    const connectMs = async (...extra: string[]) => {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [CONNECT_SCRIPT, pathToFileURL(DIST_INDEX).href, emulator.url, ...extra],
        { env: { ...process.env, GENTK_API_KEY: account.apiKey } },
      );
      return (JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { ms: number }).ms;
    };
    const discovering = await medianOf(RUNS, () => connectMs());
    const saved = await medianOf(RUNS, () => connectMs(snapshot));
    return {
      id: 'cold-start',
      title: 'Cold start',
      figures: [
        figure({
          name: 'import the root entry (fresh node process)',
          value: root,
          unit: 'ms',
          baseline: { name: "import 'ai' alone", value: ai },
          note: 'target: at most 1.5x',
          pass: root <= ai * 1.5,
        }),
        figure({
          name: 'connect() from a saved description (fresh process)',
          value: saved,
          unit: 'ms',
          baseline: { name: 'connect() by discovery', value: discovering },
          note: 'no document fetched or parsed; target: 20 ms or less',
          pass: saved <= 20,
        }),
      ],
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
    await emulator.close();
  }
}

await runDirectly(import.meta.url, run);
