import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { VERSION } from '../version.js';
import { demoCommand } from './demo-command.js';
import { emulatorCommand } from './emulator-command.js';

/** Exit codes of gentk; each failure class has its own so that scripts can tell them apart. */
export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
} as const;

export function parseNumber(name: string, { min = -Infinity, max = Infinity, integer = false } = {}) {
  return (raw: string): number => {
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
      throw new InvalidArgumentError(
        `${name} must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}.`,
      );
    }
    return value;
  };
}

/** Runs gentk with `argv` (without the node and script paths); resolves to the exit code. */
export async function runCli(argv: readonly string[]): Promise<number> {
  const program = new Command()
    .name('gentk')
    .description('generation-agent-toolkit: discover, call and emulate the generation service.')
    .version(VERSION)
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });
  let exitCode: number = EXIT.ok;
  const setExit = (code: number) => {
    exitCode = code;
  };
  for (const command of [emulatorCommand(setExit), demoCommand(setExit)]) {
    // addCommand() does not pass on exitOverride and the output settings: copy them explicitly.
    program.addCommand(command.copyInheritedSettings(program));
  }
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    throw error;
  }
  return exitCode;
}
