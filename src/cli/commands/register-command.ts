import { exec } from 'node:child_process';
import { promisify } from 'node:util';
import { password as askPassword, input } from '@inquirer/prompts';
import { Command } from 'commander';
import { connect } from '../../auth/connect.js';
import type { ClaimHandler } from '../../auth/registration.js';
import { action, baseUrlOf, type SetExit } from '../action.js';
import { list, withJson } from '../common-options.js';
import { tokenStoreOf } from '../credentials.js';
import type { Output } from '../output.js';

interface RegisterFlags {
  readonly json?: boolean;
  readonly email: string;
  readonly name?: string;
  readonly ops?: string;
  readonly createKey?: string;
  readonly codeCommand?: string;
  readonly mailbox?: boolean;
  readonly tokenStore?: string;
}

const run = promisify(exec);

/** Where the e-mailed code comes from: a command's output, the emulator's mailbox, or a person at the terminal. */
function claimHandler(output: Output, flags: RegisterFlags, baseUrl: string): ClaimHandler {
  if (flags.codeCommand) {
    const command = flags.codeCommand;
    return async ({ email }) =>
      (await run(command, { env: { ...process.env, GENTK_CLAIM_EMAIL: email } })).stdout.trim();
  }
  if (flags.mailbox) {
    return async ({ email }) => {
      const response = await fetch(new URL(`/_emulator/mailbox?email=${encodeURIComponent(email)}`, baseUrl));
      const { messages } = (await response.json()) as { messages: { kind: string; code: string }[] };
      const code = messages.filter((message) => message.kind === 'verification').at(-1)?.code;
      if (!code) throw new Error('no verification e-mail in the emulator mailbox');
      return code;
    };
  }
  if (!output.interactive) {
    throw Object.assign(
      new Error(
        'Registering without a terminal needs --code-command or --mailbox to read the e-mailed code.',
      ),
      { code: 'usage' },
    );
  }
  return ({ email, signal }) => input({ message: `The code e-mailed to ${email}:` }, { signal });
}

export function registerCommand(setExit: SetExit): Command {
  return withJson(new Command('register'))
    .description(
      "Register an agent account by the service's runbook (auth.md), claim it, and store a token with the minimum scopes.",
    )
    .argument('[url]', 'the service base URL (default: GENTK_BASE_URL)')
    .requiredOption('--email <email>', "the account's e-mail address")
    .option('--name <name>', "the account's display name")
    .option('--ops <list>', 'operation ids the agent will use; the token gets their minimum scopes')
    .option('--create-key <name>', "create a generation API key of the agent's own")
    .option(
      '--code-command <command>',
      'a command that prints the e-mailed code (GENTK_CLAIM_EMAIL names the address)',
    )
    .option('--mailbox', "read the code from the emulator's test mailbox")
    .option(
      '--token-store <path>',
      'token store file (default: GENTK_TOKEN_STORE or ~/.config/gentk/tokens.json)',
    )
    .action(
      action<RegisterFlags>(setExit, async (output, flags, url) => {
        const baseUrl = baseUrlOf(url);
        const password =
          process.env.GENTK_PASSWORD ??
          (output.interactive
            ? await askPassword({ message: 'Password for the account:', mask: '*' })
            : undefined);
        if (!password)
          throw Object.assign(new Error('Set GENTK_PASSWORD (the password is never read from a flag).'), {
            code: 'usage',
          });
        const ids = flags.ops ? list(flags.ops) : undefined;
        const session = await connect({
          baseUrl,
          tokenStore: tokenStoreOf(flags),
          ...(ids ? { operations: { ids } } : {}),
          auth: {
            register: {
              email: flags.email,
              password,
              ...(flags.name ? { name: flags.name } : {}),
              ...(flags.createKey ? { createKey: flags.createKey } : {}),
              claim: claimHandler(output, flags, baseUrl),
            },
          },
        });
        // The session keeps its token in the store; it is not closed (that would revoke the token).
        await session.client.close();
        const summary = {
          email: flags.email,
          scopes: session.scopes,
          notices: session.notices,
          tokenStore: tokenStoreOf(flags).path,
        };
        output.data(summary);
        output.line(`${output.colour.green('registered')} ${flags.email}`);
        for (const notice of session.notices) output.line(`  ${notice}`);
        output.line(
          `  scopes: ${Array.isArray(session.scopes.granted) ? session.scopes.granted.join(' ') || '(none)' : session.scopes.granted}`,
        );
        output.line(`  token kept in ${summary.tokenStore}`);
        return undefined;
      }),
    );
}
