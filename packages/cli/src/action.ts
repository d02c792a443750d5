import { EXIT, type ExitCode, exitCodeOf } from './exit-codes.js';
import { inCliWords } from './library-phrases.js';
import { createOutput, type Output } from './output.js';

/** What every command shares: its exit code is set through this. */
export type SetExit = (code: number) => void;

/** A plain, secret-free description of a failure for --json output. */
function describeFailure(error: unknown): Record<string, unknown> {
  if (error && typeof error === 'object' && 'toJSON' in error && typeof error.toJSON === 'function') {
    return error.toJSON() as Record<string, unknown>;
  }
  const record = error as { name?: unknown; code?: unknown } | null;
  return {
    name: typeof record?.name === 'string' ? record.name : 'Error',
    ...(typeof record?.code === 'string' ? { code: record.code } : {}),
    message: messageOf(error),
  };
}

/** The message gentk prints for `error`: the error's own, in gentk's words. */
function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return inCliWords(typeof message === 'string' ? message : String(error));
}

/**
 * Runs a command body: failures become a message on stderr (or a JSON error document with
 * --json) and the exit code of their class. Messages come from the toolkit's errors, which mask
 * secrets; nothing else of the error is printed.
 */
export function action<T extends { json?: boolean }>(
  setExit: SetExit,
  body: (output: Output, options: T, ...rest: string[]) => Promise<ExitCode | undefined>,
) {
  return async (...args: unknown[]): Promise<void> => {
    // Commander passes the positional arguments, then the options, then the command.
    const options = args[args.length - 2] as T;
    const positional = args.slice(0, -2) as string[];
    const output = createOutput({ json: Boolean(options.json) });
    try {
      setExit((await body(output, options, ...positional)) ?? EXIT.ok);
    } catch (error) {
      const code = exitCodeOf(error);
      if (output.json)
        process.stdout.write(`${JSON.stringify({ error: describeFailure(error) }, null, 2)}\n`);
      else output.note(`${output.colour.red('error')} ${messageOf(error)}`);
      setExit(code);
    }
  };
}
