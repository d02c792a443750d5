import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { collectOutput, type ProcessOutput } from './process-output.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * How gentk is started: the build that `npm test` has just made (what users run, and a second
 * faster to start), or the sources through tsx when the tests run on their own.
 */
const ENTRY =
  process.env.GENTK_TEST_BUILT_CLI === '1'
    ? ['packages/cli/dist/main.js']
    : // tsx reads the root tsconfig.json, whose `paths` send the library and the emulator to their sources.
      ['--import', 'tsx', 'packages/cli/src/main.ts'];

/** How gentk is run with `args`: the program and its arguments, from {@link CLI_ROOT}. */
export function cliInvocation(args: readonly string[]): { command: string; args: string[] } {
  return { command: process.execPath, args: [...ENTRY, ...args] };
}

/** The folder gentk is started from (the repository's root). */
export const CLI_ROOT = ROOT;

/** The environment gentk runs with: the test's, without colours, plus `env`. */
export function cliEnvironment(env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, NO_COLOR: '1', ...env };
}

/** Starts gentk as a real process. */
export function spawnCli(args: readonly string[], env: Record<string, string> = {}): ChildProcess {
  const invocation = cliInvocation(args);
  return spawn(invocation.command, invocation.args, {
    cwd: ROOT,
    env: cliEnvironment(env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** util-linux `script`, which runs a command on a pseudo terminal, is installed. */
export const HAS_SCRIPT = spawnSync('script', ['--version']).status === 0;

const shellQuoted = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/**
 * Starts gentk on a pseudo terminal (through util-linux `script`), as a person at a terminal
 * would run it: stdout and stderr are TTYs and CI is unset, so progress is drawn live. What the
 * terminal shows comes out on the child's stdout, escapes and all.
 */
export function spawnCliOnTerminal(args: readonly string[], env: Record<string, string> = {}): ChildProcess {
  const { CI: _ci, ...inherited } = process.env;
  const command = [process.execPath, ...ENTRY, ...args].map(shellQuoted).join(' ');
  return spawn('script', ['--quiet', '--flush', '--return', '--command', command, '/dev/null'], {
    cwd: ROOT,
    env: { ...inherited, NO_COLOR: '1', ...env },
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
): Promise<ProcessOutput> {
  const child = spawnCli(args, options.env);
  const output = collectOutput(child, `gentk ${args.join(' ')}`, options.timeoutMs ?? 90_000);
  child.stdin?.end(options.input);
  return output;
}
