/**
 * gentk under a pseudo-terminal, for what it does only when a person is there (questions asked
 * on a TTY). util-linux's `script` provides the terminal; tests skip where it is missing.
 * @module
 */
import { spawn, spawnSync } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { CLI_ROOT, cliEnvironment, cliInvocation } from './cli.js';
import { collectOutput, type ProcessOutput } from './process-output.js';

/** Whether `script` (util-linux) can give gentk a terminal on this machine. */
export const canOpenTerminal =
  spawnSync('script', ['-qfec', 'true', '/dev/null'], { stdio: 'ignore' }).status === 0;

/** `value` as one POSIX shell word. */
function shellWord(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/**
 * Runs gentk with `args` on a pseudo-terminal: when what it printed (colours and cursor moves
 * stripped) matches `answer.when`, `answer.send` is typed. The output is the terminal's, with
 * stdout and stderr together, stripped the same way.
 */
export async function runCliInTerminal(
  args: readonly string[],
  options: { env?: Record<string, string>; answer: { when: RegExp; send: string }; timeoutMs?: number },
): Promise<ProcessOutput> {
  const invocation = cliInvocation(args);
  const commandLine = [invocation.command, ...invocation.args].map(shellWord).join(' ');
  const child = spawn('script', ['-qfec', commandLine, '/dev/null'], {
    cwd: CLI_ROOT,
    env: cliEnvironment(options.env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let seen = '';
  let answered = false;
  child.stdout?.on('data', (chunk: Buffer) => {
    seen += chunk.toString();
    if (!answered && options.answer.when.test(stripVTControlCharacters(seen))) {
      answered = true;
      child.stdin?.write(options.answer.send);
    }
  });
  const output = await collectOutput(
    child,
    `gentk ${args.join(' ')} (on a terminal)`,
    options.timeoutMs ?? 90_000,
  );
  child.stdin?.destroy();
  return {
    code: output.code,
    stdout: stripVTControlCharacters(output.stdout),
    stderr: stripVTControlCharacters(output.stderr),
  };
}
