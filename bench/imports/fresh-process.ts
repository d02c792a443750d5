/**
 * Loading an entry point in a fresh node process: how long the whole process takes, and which
 * packages end up in its module graph.
 * @module
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const RECORDER = fileURLToPath(new URL('./record-packages.mjs', import.meta.url));

interface Finished {
  readonly ms: number;
  readonly stdout: string;
}

function runNode(args: readonly string[], cwd?: string): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], cwd });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve({ ms: performance.now() - started, stdout });
      else reject(new Error(`node ${args.join(' ')} exited with ${code}`));
    });
  });
}

/** The ES-module script that imports `file` (or nothing). */
const importScript = (file: string | undefined) =>
  file === undefined ? '' : `await import(${JSON.stringify(new URL(`file://${file}`).href)});`;

/** Wall milliseconds of a fresh `node` that imports `file` and exits; nothing imported when undefined. */
export async function processMs(file: string | undefined): Promise<number> {
  return (await runNode(['--input-type=module', '-e', importScript(file)])).ms;
}

/** The packages (from `node_modules`) a fresh process loads when it imports `file`. */
export async function loadedPackages(file: string): Promise<string[]> {
  const { stdout } = await runNode(['--import', RECORDER, '--input-type=module', '-e', importScript(file)]);
  const line = stdout.trim().split('\n').at(-1) ?? '[]';
  return JSON.parse(line) as string[];
}

/**
 * Wall milliseconds of a fresh `node` started in `project` that imports the bare `specifiers` as
 * that project's code would, and exits; an empty process when there are none.
 */
export async function importMsIn(project: string, specifiers: readonly string[]): Promise<number> {
  const script = specifiers.map((specifier) => `await import(${JSON.stringify(specifier)});`).join('');
  return (await runNode(['--input-type=module', '-e', script], project)).ms;
}

/** What a fresh `node` started in `project` prints when it runs `script` as ESM or CommonJS. */
export async function outputIn(
  project: string,
  script: string,
  inputType: 'module' | 'commonjs',
): Promise<string> {
  return (await runNode([`--input-type=${inputType}`, '-e', script], project)).stdout.trim();
}
