import type { Command } from 'commander';

/** `--json` on a command. */
export function withJson(command: Command): Command {
  return command.option('--json', 'print JSON for scripts instead of text for people');
}

/** The credential options of commands that call the service (passwords come from GENTK_PASSWORD only). */
export function withCredentials(command: Command): Command {
  return command
    .option('--api-key <key>', 'generation API key (default: GENTK_API_KEY, then the token store)')
    .option('--token <token>', 'control-plane token (default: GENTK_TOKEN)')
    .option('--email <email>', 'log in as this account, with the password in GENTK_PASSWORD')
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
