import { Command, Option } from 'commander';
import { type CallResult, connect, discover, type JobProgress, type Session } from 'generation-agent-toolkit';
import { action, type SetExit } from '../action.js';
import { baseUrlOf } from '../base-url.js';
import { callInputOf, type InputFlags } from '../call-input.js';
import { timeoutOf, withCredentials, withJson, withTimeout } from '../common-options.js';
import { confirmCall } from '../confirm-call.js';
import { confirmCost } from '../confirm-cost.js';
import { type CredentialFlags, credentialsFor, tokenStoreOf } from '../credentials.js';
import { estimateLine } from '../estimate-line.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { parseNumber } from '../numbers.js';
import type { Output } from '../output.js';
import { createProgressDisplay } from '../progress.js';
import { printStorageWarning } from '../storage-warning.js';
import { withheldError } from '../withheld-message.js';

interface SessionFlags extends CredentialFlags {
  readonly timeout?: number;
}

interface CallFlags extends SessionFlags, InputFlags {
  readonly json?: boolean;
  readonly wait: boolean;
  readonly waitSeconds: number;
  readonly yes?: boolean;
  readonly confirmAbove?: number;
}

/**
 * Opens a session offering just `operationId` (with exactly its scope, if it needs one). The
 * operation is looked up first, so that a typo is a usage error with suggestions before any
 * credential is looked for; then only the credential it takes is required, and a missing one is
 * said with gentk's flags.
 */
export async function sessionFor(
  url: string | undefined,
  operationId: string,
  flags: SessionFlags,
): Promise<Session> {
  const baseUrl = baseUrlOf(url);
  const service = await discover(baseUrl, timeoutOf(flags));
  const operation = service.requireOperation(operationId);
  const { auth, apiKey } = await credentialsFor(flags, service.origin, {
    token: operation.credential.kind === 'token',
    apiKey: operation.credential.kind === 'api-key',
  });
  const session = await connect({
    service,
    operations: { ids: [operationId] },
    tokenStore: tokenStoreOf(flags),
    ...(apiKey ? { apiKey } : {}),
    ...(auth ? { auth } : {}),
    http: { ...timeoutOf(flags), onWarning: printStorageWarning },
  });
  const withheld = session.withheld.find((entry) => entry.operationId === operationId);
  if (withheld) {
    await session.close();
    throw withheldError(withheld, service);
  }
  return session;
}

/** Prints a call's result and says which exit code it earns: a job still running is not a success yet. */
export function report(output: Output, result: CallResult): ExitCode {
  output.data(result);
  if (result.status === 'processing') {
    // --no-wait asked for the handle: getting it is the success; a wait that ran out is not.
    const asked = result.reason === 'not-waited';
    output.line(
      `${asked ? output.colour.green('queued') : output.colour.yellow('still running')}: ${result.operationId} request ${JSON.stringify(result.requestId)}`,
    );
    output.line(`resume with: gentk resume ${result.operationId} ${result.requestId}`);
    return asked ? EXIT.ok : EXIT.timeout;
  }
  output.line(
    `${output.colour.green('done')}: ${result.operationId}${result.requestId !== undefined ? ` (request ${result.requestId})` : ''}`,
  );
  for (const file of result.outputs)
    output.line(
      `  ${file.url}${file.mediaType ? `  ${file.mediaType}` : ''}${file.expiresAt ? `  until ${file.expiresAt}` : ''}`,
    );
  if (result.outputs.length === 0) output.line(JSON.stringify(result.body, null, 2));
  return EXIT.ok;
}

/**
 * Opens a session for `operationId`, lets `before` check what it must (a confirmation), runs
 * `work` with a progress display on stderr, reports its result, and closes the session whatever
 * happens.
 */
async function runWithProgress(
  output: Output,
  url: string | undefined,
  operationId: string,
  flags: SessionFlags,
  work: (session: Session, onProgress: (progress: JobProgress) => void) => Promise<CallResult>,
  before: (session: Session) => Promise<void> = async () => undefined,
): Promise<ExitCode> {
  const session = await sessionFor(url, operationId, flags);
  try {
    await before(session);
    const progress = createProgressDisplay(output, operationId);
    try {
      const result = await work(session, (event) => progress.update(event));
      progress.stop();
      return report(output, result);
    } finally {
      progress.stop();
    }
  } finally {
    await session.close();
  }
}

export function callCommand(setExit: SetExit): Command {
  return withTimeout(withCredentials(withJson(new Command('call'))))
    .description('Call one operation with checked input, waiting for its job with a progress display.')
    .argument('<operation>', 'the operation id (see gentk discover / gentk tools)')
    .argument('[url]', 'the service base URL (default: GENTK_BASE_URL)')
    .option('--input <json>', 'the input as JSON (default: {})')
    .addOption(new Option('--input-file <path>', 'read the input JSON from a file').conflicts('input'))
    .option('--no-wait', 'return the job handle at once instead of waiting')
    .addOption(
      new Option('--wait-seconds <n>', 'longest wait for a job before returning its handle')
        .argParser(parseNumber('--wait-seconds', { min: 0 }))
        .default(600)
        .conflicts('wait'),
    )
    .option('--yes', 'go ahead with a call that moves money or deletes something, without asking')
    .option(
      '--confirm-above <amount>',
      'ask before a call estimated above this amount, or of unknown cost (refused off a terminal without --yes)',
      parseNumber('--confirm-above', { min: 0 }),
    )
    .action(
      action<CallFlags>(setExit, async (output, flags, operationId, url) => {
        const id = operationId as string;
        const input = await callInputOf(flags);
        return runWithProgress(
          output,
          url,
          id,
          flags,
          (session, onProgress) =>
            session.call(id, input, { wait: flags.wait ? flags.waitSeconds * 1000 : false, onProgress }),
          async (session) => {
            // What a generation costs is shown before anything is sent, and may need a person's
            // yes; a money operation's amount is its own argument, which its confirmation shows.
            const estimate = await session.estimate(id, input);
            const free = estimate.kind === 'priced' && estimate.amount === 0 && !estimate.covered;
            if (session.operation(id).effect !== 'money') {
              if (!free) output.note(`estimate: ${estimateLine(estimate)}`);
              await confirmCost({
                operationId: id,
                estimate,
                above: flags.confirmAbove,
                yes: Boolean(flags.yes),
                interactive: Boolean(process.stdin.isTTY),
              });
            }
            await confirmCall({
              operation: session.operation(id),
              input: session.client.redactor.redactValue(session.checkInput(id, input)) as Record<
                string,
                unknown
              >,
              yes: Boolean(flags.yes),
              interactive: Boolean(process.stdin.isTTY),
            });
          },
        );
      }),
    );
}

export function resumeCommand(setExit: SetExit): Command {
  return withTimeout(withCredentials(withJson(new Command('resume'))))
    .description('Keep waiting for a job that a call handed back still running.')
    .argument('<operation>', 'the operation that queued the job')
    .argument('<request-id>', 'the request id it gave')
    .argument('[url]', 'the service base URL (default: GENTK_BASE_URL)')
    .option(
      '--wait-seconds <n>',
      'longest wait before returning the handle again',
      parseNumber('--wait-seconds', { min: 0 }),
      600,
    )
    .action(
      action<CallFlags>(setExit, async (output, flags, operationId, requestId, url) => {
        const id = /^\d+$/.test(requestId as string) ? Number(requestId) : (requestId as string);
        return runWithProgress(output, url, operationId as string, flags, (session, onProgress) =>
          session.resumeById(operationId as string, id, { wait: flags.waitSeconds * 1000, onProgress }),
        );
      }),
    );
}
