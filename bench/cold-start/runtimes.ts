/**
 * Cold start per runtime (issue 25): in the runtime scenario's folder (the packed package and each
 * runtime from npm, test/runtimes/runtime-folder.ts), the import of the root entry against `ai`
 * imported alone on the same runtime, and the first `connect()` of a fresh program from a saved
 * description's text (parsing it included, reading the file not). Node, Deno and Bun run scripts
 * in fresh processes; the edge runtime evaluates the bundled script in a new EdgeRuntime; workerd's
 * import is timed from Miniflare's start to the first answer (its start included on both sides),
 * and its connect by the host: workerd stops its clocks while code runs, so the host times a
 * request that connects against one that does not, in a Worker loaded by a first request.
 * @module
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { NODE_22, type RuntimeFolder } from '../../test/runtimes/runtime-folder.js';
import { type BenchFigure, figure } from '../section.js';
import { median } from '../support/stats.js';

const run = promisify(execFile);

interface Runtime {
  readonly name: string;
  /** The command that runs a script of the folder, fresh each time. */
  readonly script?: (runtimes: RuntimeFolder, script: string) => [string, string[]];
  /** Commands for the bundled runtimes: `import` of a bundle, `connect`. */
  readonly bundled?: {
    readonly import: (runtimes: RuntimeFolder, entry: 'root' | 'ai') => [string, string[]];
    readonly connect?: (runtimes: RuntimeFolder) => [string, string[]];
  };
}

const DENO_FLAGS = ['run', '--allow-env', '--allow-net', '--allow-read', '--allow-sys=hostname,homedir'];

const RUNTIMES: readonly Runtime[] = [
  { name: 'Node 22', script: (_, script) => [NODE_22, [script]] },
  { name: 'Node 24', script: (runtimes, script) => [runtimes.bin('node'), [script]] },
  { name: 'Deno 2', script: (runtimes, script) => [runtimes.bin('deno'), [...DENO_FLAGS, script]] },
  { name: 'Bun', script: (runtimes, script) => [runtimes.bin('bun'), [script]] },
  {
    name: 'workerd (Miniflare)',
    bundled: {
      import: (_, entry) => [NODE_22, ['workerd-cold.mjs', 'import', `import-${entry}.worker.js`]],
      connect: () => [NODE_22, ['workerd-cold.mjs', 'connect', 'connect.worker.js']],
    },
  },
  {
    name: 'edge-runtime',
    bundled: {
      import: (_, entry) => [NODE_22, ['edge-cold.mjs', 'import', `import-${entry}.edge.js`]],
      connect: () => [NODE_22, ['edge-cold.mjs', 'connect', 'edge.bundle.js']],
    },
  },
];

export interface RuntimeColdStartOptions {
  readonly runtimes: RuntimeFolder;
  readonly baseUrl: string;
  readonly apiKey: string;
  /** A saved description (its text form, `saveText()`). */
  readonly snapshot: string;
  readonly runs: number;
}

/** The wall milliseconds of a fresh process running `command`. */
async function wallMs(command: [string, string[]], cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now();
  await run(command[0], command[1], { cwd, env, maxBuffer: 16 * 1024 * 1024, timeout: 60_000 });
  return performance.now() - started;
}

/** The figures a process prints on its `COLD {...}` line. */
async function printed(
  command: [string, string[]],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<Record<string, number>> {
  const { stdout } = await run(command[0], command[1], {
    cwd,
    env,
    maxBuffer: 16 * 1024 * 1024,
    timeout: 60_000,
  });
  const line = stdout.split('\n').find((text) => text.startsWith('COLD '));
  if (!line) throw new Error(`${command.join(' ')} printed no figures:\n${stdout}`);
  return JSON.parse(line.slice('COLD '.length)) as Record<string, number>;
}

async function medianOf(runs: number, measure: () => Promise<number>): Promise<number> {
  const values: number[] = [];
  for (let index = 0; index < runs; index += 1) values.push(await measure());
  return median(values);
}

/** Import and connect figures for each runtime, in one run. */
export async function runtimeColdStarts(options: RuntimeColdStartOptions): Promise<BenchFigure[]> {
  const { runtimes } = options;
  const cwd = runtimes.folder;
  await writeFile(join(cwd, 'service.gentk'), options.snapshot);
  const env = {
    ...process.env,
    NO_COLOR: '1',
    GENTK_BASE_URL: options.baseUrl,
    GENTK_API_KEY: options.apiKey,
  };
  const figures: BenchFigure[] = [];
  for (const runtime of RUNTIMES) {
    try {
      figures.push(...(await figuresOf(runtime, options, env)));
    } catch (error) {
      // One runtime that fails to run is reported, and the others are still measured.
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      figures.push(
        figure({
          name: `${runtime.name}: not measured`,
          value: 0,
          unit: 'runs',
          note: (message ?? '').slice(0, 200),
        }),
      );
    }
  }
  return figures;
}

async function figuresOf(
  runtime: Runtime,
  options: RuntimeColdStartOptions,
  env: NodeJS.ProcessEnv,
): Promise<BenchFigure[]> {
  const { runtimes, runs } = options;
  const cwd = runtimes.folder;
  const figures: BenchFigure[] = [];
  {
    let root: number;
    let ai: number;
    let connectMs: number | undefined;
    if (runtime.script) {
      const script = runtime.script;
      ai = await medianOf(runs, () => wallMs(script(runtimes, 'import-ai.mjs'), cwd, env));
      root = await medianOf(runs, () => wallMs(script(runtimes, 'import-root.mjs'), cwd, env));
      connectMs = await medianOf(
        runs,
        async () => (await printed(script(runtimes, 'connect-saved.mjs'), cwd, env)).connectMs ?? Number.NaN,
      );
    } else {
      const bundled = runtime.bundled as NonNullable<Runtime['bundled']>;
      const importOf = (entry: 'root' | 'ai') =>
        medianOf(
          runs,
          async () => (await printed(bundled.import(runtimes, entry), cwd, env)).importMs ?? Number.NaN,
        );
      ai = await importOf('ai');
      root = await importOf('root');
      const connect = bundled.connect;
      if (connect)
        connectMs = await medianOf(
          runs,
          async () => (await printed(connect(runtimes), cwd, env)).connectMs ?? Number.NaN,
        );
    }
    figures.push(
      figure({
        name: `${runtime.name}: import the root entry`,
        value: root,
        unit: 'ms',
        baseline: { name: `import 'ai' alone on ${runtime.name}`, value: ai },
        note: runtime.script
          ? 'fresh process; target: at most 1.5x'
          : runtime.name.startsWith('workerd')
            ? "Miniflare's start to the first answer; target: at most 1.5x"
            : 'evaluating the bundled script; target: at most 1.5x',
        pass: root <= ai * 1.5,
      }),
    );
    if (connectMs !== undefined)
      figures.push(
        figure({
          name: `${runtime.name}: connect() from a saved description's text (file read excluded)`,
          value: connectMs,
          unit: 'ms',
          note: runtime.name.startsWith('workerd')
            ? "timed by the host: the Worker's first request that parses the text and connects, less one that reads the same text and does not; target: 20 ms or less"
            : "first connect of a fresh program, fromSnapshot(text) included, on the runtime's clock; target: 20 ms or less",
          pass: connectMs <= 20,
        }),
      );
  }
  return figures;
}
