import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * How gentk is started: the build that `npm test` has just made (what users run, and a second
 * faster to start), or the sources through tsx when the tests run on their own.
 */
const ENTRY =
  process.env.GENTK_TEST_BUILT_CLI === '1' ? ['dist/cli/main.js'] : ['--import', 'tsx', 'src/cli/main.ts'];

/** Starts gentk as a real process. */
export function spawnCli(args: readonly string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [...ENTRY, ...args], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** Waits until the process prints a line matching `pattern` on stdout; resolves to the match. */
export function waitForLine(
  child: ChildProcess,
  pattern: RegExp,
  timeoutMs = 15_000,
): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms; saw:\n${seen}`)),
      timeoutMs,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = pattern.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before printing ${pattern}; saw:\n${seen}`));
    });
  });
}

/** Runs gentk to completion and collects its output and exit code. */
export function runCliProcess(
  args: readonly string[],
  options: { env?: Record<string, string>; input?: string; timeoutMs?: number } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawnCli(args, options.env);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`gentk ${args.join(' ')} did not finish; stdout:\n${stdout}\nstderr:\n${stderr}`));
    }, options.timeoutMs ?? 90_000);
    // 'close', not 'exit': output may still be in the pipes when the process has exited.
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    if (options.input !== undefined) child.stdin?.end(options.input);
    else child.stdin?.end();
  });
}
