import { exec } from 'node:child_process';
import { promisify } from 'node:util';
import { password as askPassword, input } from '@inquirer/prompts';
import { Command, Option } from 'commander';
import { type ClaimHandler, connect, type Session } from 'generation-agent-toolkit';
import { type StoredToken, tokenStoreKey } from 'generation-agent-toolkit/stores';
import { action, type SetExit } from '../action.js';
import { baseUrlOf } from '../base-url.js';
import { commandEnvironment } from '../command-environment.js';
import { list, timeoutOf, withJson, withTimeout } from '../common-options.js';
import { tokenStoreOf } from '../credentials.js';
import { usageError } from '../exit-codes.js';
import { maskSecret } from '../mask-secret.js';
import type { Output } from '../output.js';
import { printStorageWarning } from '../storage-warning.js';

interface RegisterFlags {
  readonly json?: boolean;
  readonly email: string;
  readonly name?: string;
  readonly ops?: string;
  readonly createKey?: string;
  readonly codeCommand?: string;
  readonly mailbox?: boolean;
  readonly tokenStore?: string;
  readonly timeout?: number;
}

const run = promisify(exec);

/** Where the e-mailed code comes from: a command's output, the emulator's mailbox, or a person at the terminal. */
function claimHandler(
  output: Output,
  flags: RegisterFlags,
  baseUrl: string,
  secrets: readonly string[],
): ClaimHandler {
  if (flags.codeCommand) {
    const command = flags.codeCommand;
    // The command gets no secret of the CLI's: only the address whose code it reads.
    const env = commandEnvironment(process.env, secrets);
    return async ({ email }) =>
      (await run(command, { env: { ...env, GENTK_CLAIM_EMAIL: email } })).stdout.trim();
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
    throw usageError(
      'Registering without a terminal needs --code-command or --mailbox to read the e-mailed code.',
    );
  }
  return ({ email, signal }) => input({ message: `The code e-mailed to ${email}:` }, { signal });
}

/** What `gentk register` made and where it keeps it: printed for people, or one JSON document. */
interface RegistrationReport {
  readonly email: string;
  /** A registration that returns has a verified account: the runbook's verify step passed, now or before. */
  readonly verified: true;
  /** Whether the e-mailed code was claimed in this run (false: the account existed, verified, and logged in). */
  readonly verifiedNow: boolean;
  readonly apiKey: {
    readonly name: string | null;
    readonly masked: string;
    readonly created: boolean;
  } | null;
  readonly token: { readonly scopes: readonly string[]; readonly expiresAt: string | null } | null;
  readonly scopes: Session['scopes'];
  readonly notices: readonly string[];
  readonly tokenStore: string;
}

function printReport(output: Output, report: RegistrationReport): void {
  output.data(report);
  output.line(
    `${output.colour.green('registered')} ${report.email}: ${report.verifiedNow ? 'verified with the e-mailed code' : 'already verified, logged in'}`,
  );
  if (report.apiKey) {
    const name = report.apiKey.name ? ` "${report.apiKey.name}"` : '';
    output.line(
      `  API key${name}: ${report.apiKey.masked} (${report.apiKey.created ? 'created now' : 'kept from before'})`,
    );
  } else output.line('  API key: none (pass --create-key NAME to create one)');
  if (report.token) {
    const scopes = report.token.scopes.join(' ') || '(none)';
    output.line(
      `  token: scopes ${scopes}; ${report.token.expiresAt ? `expires ${report.token.expiresAt}` : 'never expires'}`,
    );
  }
  for (const notice of report.notices) output.line(`  ${notice}`);
  output.line(`  stored in ${report.tokenStore}`);
}

export function registerCommand(setExit: SetExit): Command {
  return withTimeout(withJson(new Command('register')))
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
    .addOption(
      new Option('--mailbox', "read the code from the emulator's test mailbox").conflicts('codeCommand'),
    )
    .option(
      '--token-store <path>',
      'token store file (default: GENTK_TOKEN_STORE or ~/.config/gentk/tokens.json)',
    )
    .action(
      action<RegisterFlags>(setExit, async (output, flags, url) => {
        const baseUrl = baseUrlOf(url);
        const password =
          process.env.GENTK_PASSWORD ||
          (output.interactive
            ? await askPassword({ message: 'Password for the account:', mask: '*' })
            : undefined);
        if (!password) throw usageError('Set GENTK_PASSWORD (the password is never read from a flag).');
        const ids = flags.ops ? list(flags.ops) : undefined;
        const store = tokenStoreOf(flags);
        const readCode = claimHandler(output, flags, baseUrl, [password]);
        let verifiedNow = false;
        const session = await connect({
          baseUrl,
          tokenStore: store,
          discovery: timeoutOf(flags),
          http: { ...timeoutOf(flags), onWarning: printStorageWarning },
          ...(ids ? { operations: { ids } } : {}),
          auth: {
            register: {
              email: flags.email,
              password,
              ...(flags.name ? { name: flags.name } : {}),
              ...(flags.createKey ? { createKey: flags.createKey } : {}),
              claim: (request) => {
                verifiedNow = true;
                return readCode(request);
              },
            },
          },
        });
        // The session keeps its token in the store; it is not closed (that would revoke the token).
        await session.client.close();
        const stored: StoredToken | undefined = await store.load(
          tokenStoreKey(session.service.origin, flags.email),
        );
        const keyCreated = Boolean(flags.createKey) && verifiedNow;
        printReport(output, {
          email: flags.email,
          verified: true,
          verifiedNow,
          apiKey: stored?.apiKey
            ? {
                name: keyCreated ? (flags.createKey as string) : null,
                masked: maskSecret(stored.apiKey),
                created: verifiedNow,
              }
            : null,
          token: stored ? { scopes: stored.scopes, expiresAt: stored.expiresAt } : null,
          scopes: session.scopes,
          notices: session.notices,
          tokenStore: store.path,
        });
        return undefined;
      }),
    );
}
