import { readFile } from 'node:fs/promises';
import { Command } from 'commander';
import { connect } from '../../auth/connect.js';
import type { Session } from '../../auth/session.js';
import type { CallResult } from '../../calls/index.js';
import type { JobProgress } from '../../jobs/index.js';
import { action, baseUrlOf, type SetExit } from '../action.js';
import { withCredentials, withJson } from '../common-options.js';
import { apiKeyOf, authOf, type CredentialFlags, tokenStoreOf } from '../credentials.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { parseNumber } from '../numbers.js';
import type { Output } from '../output.js';
import { createProgressDisplay } from '../progress.js';

interface CallFlags extends CredentialFlags {
  readonly json?: boolean;
  readonly input?: string;
  readonly inputFile?: string;
  readonly wait: boolean;
  readonly waitSeconds: number;
}

async function inputOf(flags: CallFlags): Promise<unknown> {
  const text = flags.inputFile ? await readFile(flags.inputFile, 'utf8') : (flags.input ?? '{}');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw Object.assign(new Error(`--input is not valid JSON: ${(error as Error).message}`), {
      code: 'usage',
    });
  }
}

/** Opens a session offering just `operationId` (with exactly its scope, if it needs one). */
export async function sessionFor(
  url: string | undefined,
  operationId: string,
  flags: CredentialFlags,
): Promise<Session> {
  const baseUrl = baseUrlOf(url);
  const { auth, apiKey: storedKey } = await authOf(flags, baseUrl);
  const apiKey = apiKeyOf(flags) ?? storedKey;
  return connect({
    baseUrl,
    operations: { ids: [operationId] },
    tokenStore: tokenStoreOf(flags),
    ...(apiKey ? { apiKey } : {}),
    ...(auth ? { auth } : {}),
  });
}

/** Prints a call's result and says which exit code it earns: a job still running is not a success yet. */
export function report(output: Output, result: CallResult): ExitCode {
  output.data(result);
  if (result.status === 'processing') {
    output.line(
      `${output.colour.yellow('still running')}: ${result.operationId} request ${JSON.stringify(result.requestId)}`,
    );
    output.line(`resume with: gentk resume ${result.operationId} ${result.requestId}`);
    return EXIT.timeout;
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
 * Opens a session for `operationId`, runs `work` with a progress display on stderr, reports its
 * result, and closes the session whatever happens.
 */
async function runWithProgress(
  output: Output,
  url: string | undefined,
  operationId: string,
  flags: CredentialFlags,
  work: (session: Session, onProgress: (progress: JobProgress) => void) => Promise<CallResult>,
): Promise<ExitCode> {
  const session = await sessionFor(url, operationId, flags);
  const progress = createProgressDisplay(output, operationId);
  try {
    const result = await work(session, (event) => progress.update(event));
    progress.stop();
    return report(output, result);
  } finally {
    progress.stop();
    await session.close();
  }
}

export function callCommand(setExit: SetExit): Command {
  return withCredentials(withJson(new Command('call')))
    .description('Call one operation with checked input, waiting for its job with a progress display.')
    .argument('<operation>', 'the operation id (see gentk discover / gentk tools)')
    .argument('[url]', 'the service base URL (default: GENTK_BASE_URL)')
    .option('--input <json>', 'the input as JSON', '{}')
    .option('--input-file <path>', 'read the input JSON from a file')
    .option('--no-wait', 'return the job handle at once instead of waiting')
    .option(
      '--wait-seconds <n>',
      'longest wait for a job before returning its handle',
      parseNumber('--wait-seconds', { min: 0 }),
      600,
    )
    .action(
      action<CallFlags>(setExit, async (output, flags, operationId, url) => {
        const input = await inputOf(flags);
        return runWithProgress(output, url, operationId as string, flags, (session, onProgress) =>
          session.call(operationId as string, input, {
            wait: flags.wait ? flags.waitSeconds * 1000 : false,
            onProgress,
          }),
        );
      }),
    );
}

export function resumeCommand(setExit: SetExit): Command {
  return withCredentials(withJson(new Command('resume')))
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
