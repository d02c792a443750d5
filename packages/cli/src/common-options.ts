import { type Command, Option } from 'commander';
import { parseNumber } from './numbers.js';

/** `--json` on a command. */
export function withJson(command: Command): Command {
  return command.option('--json', 'print JSON for scripts instead of text for people');
}

/** How the tools are made, as `gentk tools` shows them and `gentk mcp` serves them: `--mode`, `--schema`, `--budget`, `--prefix`. */
export function withToolShape(command: Command): Command {
  return command
    .addOption(
      new Option('--mode <mode>', 'one tool per operation, three meta-tools, or typed within a budget')
        .choices(['typed', 'dynamic', 'auto'])
        .default('auto'),
    )
    .addOption(
      new Option('--schema <profile>', 'shape the input schemas for a model family')
        .choices(['default', 'openai-strict', 'gemini', 'anthropic'])
        .default('default'),
    )
    .option(
      '--budget <tokens>',
      'token budget of typed tools in auto mode',
      parseNumber('--budget', { min: 100, integer: true }),
      8000,
    )
    .option('--prefix <prefix>', 'prefix of every tool name');
}

/** `--timeout`: how long each request may wait for an answer (discovery and calls alike). */
export function withTimeout(command: Command): Command {
  return command.option(
    '--timeout <seconds>',
    'longest wait for an answer to each request (default: 10)',
    parseNumber('--timeout', { min: 0.001, max: 3600 }),
  );
}

/** The per-request time limit of `--timeout`, as the options of discover() and of the HTTP core take it. */
export function timeoutOf(flags: { readonly timeout?: number }): { readonly timeoutMs?: number } {
  return flags.timeout === undefined ? {} : { timeoutMs: Math.round(flags.timeout * 1000) };
}

/** The credential options of commands that call the service (passwords come from GENTK_PASSWORD only). */
export function withCredentials(command: Command): Command {
  return command
    .option(
      '--api-key <key>',
      'generation API key, or - to read it from standard input (default: GENTK_API_KEY, then the token store); a value here shows in ps',
    )
    .option('--api-key-file <path>', 'read the generation API key from a file')
    .addOption(
      new Option(
        '--token <token>',
        'control-plane token, or - to read it from standard input (default: GENTK_TOKEN); a value here shows in ps',
      ).conflicts('email'),
    )
    .addOption(
      new Option('--token-file <path>', 'read the control-plane token from a file').conflicts('email'),
    )
    .option(
      '--email <email>',
      'the account: log in with the password in GENTK_PASSWORD, or use its stored token and key (default: GENTK_EMAIL, else the only account in the token store)',
    )
    .option(
      '--token-store <path>',
      'token store file (default: GENTK_TOKEN_STORE or ~/.config/gentk/tokens.json)',
    );
}

/** Splits `a,b , c` into ['a', 'b', 'c']. */
export function list(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
