import { Command, CommanderError } from 'commander';
import { callCommand, resumeCommand } from './commands/call-command.js';
import { demoCommand } from './commands/demo-command.js';
import { discoverCommand } from './commands/discover-command.js';
import { emulatorCommand } from './commands/emulator-command.js';
import { estimateCommand } from './commands/estimate-command.js';
import { mcpCommand } from './commands/mcp-command.js';
import { registerCommand } from './commands/register-command.js';
import { scopesCommand } from './commands/scopes-command.js';
import { toolsCommand } from './commands/tools-command.js';
import { EXIT, EXIT_CODES_TEXT } from './exit-codes.js';
import { VERSION } from './version.js';

/** Runs gentk with `argv` (without the node and script paths); resolves to the exit code. */
export async function runCli(argv: readonly string[]): Promise<number> {
  const program = new Command()
    .name('gentk')
    .description('generation-agent-toolkit: discover, call and emulate the generation service.')
    .version(VERSION)
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) })
    .addHelpText(
      'after',
      `
${EXIT_CODES_TEXT}
Environment: GENTK_BASE_URL, GENTK_API_KEY, GENTK_TOKEN, GENTK_EMAIL, GENTK_PASSWORD, GENTK_TOKEN_STORE, NO_COLOR.`,
    );
  let exitCode: number = EXIT.ok;
  const setExit = (code: number) => {
    exitCode = code;
  };
  const commands = [
    emulatorCommand(setExit),
    demoCommand(setExit),
    discoverCommand(setExit),
    scopesCommand(setExit),
    registerCommand(setExit),
    toolsCommand(setExit),
    callCommand(setExit),
    resumeCommand(setExit),
    estimateCommand(setExit),
    mcpCommand(setExit),
  ];
  for (const command of commands) {
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
