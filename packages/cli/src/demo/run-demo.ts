import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { confirm } from '@inquirer/prompts';
import { generateText, isStepCount, type ModelMessage, type ToolApprovalResponse, type ToolSet } from 'ai';
import {
  approvalArguments,
  type ConnectAuth,
  connect,
  discover,
  type Session,
} from 'generation-agent-toolkit';
import { createAISDKTools, createToolApproval } from 'generation-agent-toolkit/ai-sdk';
import type { HttpEvent } from 'generation-agent-toolkit/http';
import { fetchResultFile } from 'generation-agent-toolkit/provider';
import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { discoverySummary } from '../discovery-summary.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import type { Output } from '../output.js';
import { createProgressBoard } from '../progress.js';
import { decideApproval } from './demo-approval.js';
import { DEMO_REQUEST, demoScript } from './demo-script.js';
import { scriptedModel } from './scripted-model.js';
import { describeAuth, describeClosing } from './session-words.js';

export interface DemoOptions {
  readonly output: Output;
  /** A real service instead of the embedded emulator; credentials then come from the environment. */
  readonly baseUrl?: string;
  readonly auth?: ConnectAuth;
  readonly apiKey?: string;
  /** Approve the wallet funding without asking. */
  readonly yes: boolean;
  readonly timeScale: number;
  readonly outputDir?: string;
  /** Largest result file saved. @default 104857600 (100 MiB) */
  readonly maxDownloadBytes?: number;
  /** Origins besides the service's own that may serve result files. */
  readonly downloadOrigins?: readonly string[];
}

/** The operations the demo agent uses, and so the only ones whose scopes its token carries. */
const DEMO_OPERATIONS = [
  'get_wallet_balance',
  'v7_images_text_to_image',
  'v8_video_text_to_video',
  'v8_audio_text_to_speech',
  'post_wallet_fund',
];

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'video/mp4': 'mp4',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
};

function toolNameOf(tools: ToolSet, operationId: string): string {
  for (const [name, candidate] of Object.entries(tools)) {
    const meta = (candidate as { metadata?: { generationAgentToolkit?: { operationId?: string } } }).metadata;
    if (meta?.generationAgentToolkit?.operationId === operationId) return name;
  }
  throw new Error(`The demo needs the operation ${operationId}, which the session does not offer.`);
}

/** One line per HTTP event worth showing a person: throttling, retries, deprecation warnings. */
function describeEvent(event: HttpEvent): string | undefined {
  if (event.type === 'throttle-wait') {
    return event.waitMs >= 1
      ? `waiting ${Math.round(event.waitMs)} ms for the rate limit (${event.reason})`
      : undefined;
  }
  if (event.type === 'retry')
    return `retrying ${event.operationId ?? event.url} after ${event.code} in ${event.delayMs} ms`;
  if (event.type === 'warning') return `service warning: ${event.warning.message}`;
  return undefined;
}

interface DemoFile {
  readonly url: string;
  readonly mediaType?: string;
  readonly tool: string;
}

/** The envelope a tool answered, whatever wrapper the SDK put around it. */
function envelopeOf(value: unknown): Record<string, unknown> | undefined {
  const inner = (value as { output?: unknown; value?: unknown } | undefined) ?? undefined;
  const candidate = inner && typeof inner === 'object' && 'output' in inner ? inner.output : value;
  const unwrapped = typeof candidate === 'string' ? safeJson(candidate) : candidate;
  return unwrapped && typeof unwrapped === 'object' ? (unwrapped as Record<string, unknown>) : undefined;
}

function printResult(output: Output, tool: string, value: unknown, files: DemoFile[]): void {
  const envelope = envelopeOf(value);
  if (envelope && Array.isArray(envelope.outputs)) {
    for (const file of envelope.outputs as { url: string; mediaType?: string }[])
      files.push({ ...file, tool });
  }
  const summary = JSON.stringify(envelope ?? value);
  output.line(
    `${output.colour.green('← result')}    ${summary.length > 300 ? `${summary.slice(0, 300)}…` : summary}`,
  );
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { text };
  }
}

/**
 * Saves the result files, each under the provider's download policy (the service's origin or one
 * trusted with --download-origin; no private address the service is not on; at most
 * `maxDownloadBytes`), streamed to disk: a result URL is the service's word, and a file is never
 * held whole in memory. A file refused or cut off is reported, and nothing of it is left.
 */
async function download(
  output: Output,
  files: readonly DemoFile[],
  directory: string,
  rules: {
    readonly serviceUrl: string;
    readonly maxBytes?: number;
    readonly trustedOrigins?: readonly string[];
  },
) {
  if (files.length === 0) return;
  await mkdir(directory, { recursive: true, mode: 0o700 });
  output.line(output.colour.bold('Generated files'));
  for (const [index, file] of files.entries()) {
    const path = join(directory, `${index + 1}-${file.tool}.${EXTENSIONS[file.mediaType ?? ''] ?? 'bin'}`);
    let bytes = 0;
    try {
      const opened = await fetchResultFile({
        url: file.url,
        serviceUrl: rules.serviceUrl,
        ...(rules.trustedOrigins ? { trustedOrigins: rules.trustedOrigins } : {}),
        ...(rules.maxBytes ? { maxBytes: rules.maxBytes } : {}),
      });
      try {
        const counted = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            bytes += chunk.byteLength;
            done(null, chunk);
          },
        });
        await pipeline(
          Readable.fromWeb(opened.body as never),
          counted,
          createWriteStream(path, { flags: 'wx', mode: 0o600 }),
        );
      } finally {
        await opened.close();
      }
    } catch (error) {
      await rm(path, { force: true });
      const why = error instanceof Error ? error.message : String(error);
      output.line(`  ${output.colour.red('not saved')}  ${file.url}: ${why}`);
      continue;
    }
    output.line(`  ${path}  (${file.mediaType ?? 'unknown type'}, ${bytes} bytes, from ${file.url})`);
  }
}

/**
 * The demo: an agent that registers itself, gets exactly the scopes it needs, and uses the
 * service's tools through the AI SDK, driven by a scripted model: a balance check, an image, a
 * video (a long job, polled with progress), speech, and a wallet funding that waits for approval.
 */
export async function runDemo(options: DemoOptions): Promise<ExitCode> {
  const progress = createProgressBoard(options.output);
  // Transcript lines print above the jobs' live progress lines, never over them.
  const output: Output = {
    ...options.output,
    line: (text) => progress.aside(() => options.output.line(text)),
  };
  const section = (title: string) => output.line(`\n${output.colour.bold(`== ${title}`)}`);
  let emulator: Emulator | undefined;
  let session: Session | undefined;
  let auth = options.auth;
  try {
    let baseUrl = options.baseUrl;
    if (!baseUrl) {
      // A small generation quota, so that the transcript shows the governor pacing calls and polls.
      emulator = await startEmulator({
        timeScale: options.timeScale,
        jobDurations: { video: 60 },
        rateLimits: { generation: { limit: 2, windowSeconds: 60 } },
      });
      baseUrl = emulator.url;
      output.line(
        `Emulator of the service listening on ${baseUrl} (time runs ${Math.round(1 / options.timeScale)}x faster)`,
      );
    } else {
      output.line(`Using the service at ${baseUrl}: what the agent does there is done on your account.`);
    }

    section('Discovery');
    const service = await discover(baseUrl);
    output.line(discoverySummary(service));

    section('Registration and least privilege');
    if (emulator) {
      const inbox = emulator;
      const email = `demo-agent-${randomBytes(4).toString('hex')}@example.test`;
      auth = {
        register: {
          email,
          password: randomBytes(18).toString('base64url'),
          claim: ({ email: address }) => {
            const message = inbox
              .mailbox(address)
              .filter((mail) => mail.kind === 'verification')
              .at(-1);
            if (!message) throw new Error('no verification e-mail arrived');
            output.line(`  claim: a ${message.code.length}-digit code arrived at ${address}`);
            return message.code;
          },
        },
      };
      output.line(`${describeAuth(auth)} The claim code is read from the emulator's mailbox.`);
    } else {
      output.line(describeAuth(auth));
    }
    session = await connect({
      service,
      operations: { ids: DEMO_OPERATIONS },
      ...(auth ? { auth } : {}),
      ...(options.apiKey ? { apiKey: options.apiKey } : {}),
      http: {
        onEvent: (event) => {
          const line = describeEvent(event);
          if (line) output.line(output.colour.dim(`  · ${line}`));
        },
      },
    });
    for (const notice of session.notices) output.line(`  ${notice}`);
    output.line(`  scopes requested: ${session.scopes.requested?.join(' ') ?? '(none)'}`);
    output.line(
      `  scopes granted:   ${Array.isArray(session.scopes.granted) ? session.scopes.granted.join(' ') : String(session.scopes.granted)}`,
    );
    output.line(`  operations offered: ${session.operations.map((operation) => operation.id).join(', ')}`);
    for (const withheld of session.withheld)
      output.line(output.colour.yellow(`  withheld ${withheld.operationId}: ${withheld.message}`));

    section('Agent');
    const tools = createAISDKTools(session, {
      mode: 'typed',
      // One line per job: the two images run at once, each with its own request id.
      onProgress: (job) =>
        progress.report(
          {
            key: `${job.operationId} ${String(job.requestId)}`,
            label:
              job.requestId === undefined ? job.tool : `${job.tool} ${String(job.requestId).slice(0, 8)}`,
          },
          job,
        ),
    });
    const name = (operationId: string) => toolNameOf(tools, operationId);
    const model = scriptedModel(demoScript(name));
    const messages: ModelMessage[] = [{ role: 'user', content: DEMO_REQUEST }];
    output.line(`user: ${DEMO_REQUEST}`);
    const files: DemoFile[] = [];
    const step = async () => {
      const result = await generateText({
        model,
        tools,
        toolApproval: createToolApproval(tools),
        stopWhen: isStepCount(10),
        messages,
        onToolExecutionStart: ({ toolCall }) =>
          output.line(
            `${output.colour.bold('→ tool call')} ${toolCall.toolName} ${JSON.stringify(toolCall.input)}`,
          ),
        onToolExecutionEnd: ({ toolCall, toolOutput }) =>
          printResult(output, toolCall.toolName, toolOutput, files),
      });
      messages.push(...result.responseMessages);
      return result;
    };
    let result = await step();
    const requests = result.content.filter((part) => part.type === 'tool-approval-request');
    if (requests.length > 0) {
      const responses: ToolApprovalResponse[] = [];
      for (const request of requests) {
        // What the person approves is shown as every approval question shows it: amounts first, whole.
        output.line(
          `${output.colour.yellow('! approval needed')} ${request.toolCall.toolName} ${approvalArguments(request.toolCall.input)}${request.reason ? ` (${request.reason})` : ''}`,
        );
        const { approved, reason } = await decideApproval(
          { yes: options.yes, interactive: output.interactive, embedded: emulator !== undefined },
          () => confirm({ message: 'Approve this call?', default: false }),
        );
        output.line(`  ${approved ? 'approved' : 'denied'}, because ${reason}`);
        // The reason of a denial reaches the model in its tool result, so it can say why.
        responses.push({
          type: 'tool-approval-response',
          approvalId: request.approvalId,
          approved,
          ...(approved ? {} : { reason }),
        });
      }
      messages.push({ role: 'tool', content: responses });
      result = await step();
    }
    output.line(`assistant: ${result.text}`);

    section('Where the files are');
    await download(output, files, options.outputDir ?? join(tmpdir(), `gentk-demo-${Date.now()}`), {
      serviceUrl: baseUrl,
      ...(options.maxDownloadBytes ? { maxBytes: options.maxDownloadBytes } : {}),
      ...(options.downloadOrigins ? { trustedOrigins: options.downloadOrigins } : {}),
    });
    if (emulator && session) {
      const account = emulator.inspect(session.notices.join(' ').match(/\S+@example\.test/)?.[0] ?? '');
      if (account)
        output.line(
          `\nWallet balance now $${account.balance.toFixed(2)} (${account.payments.length} ${account.payments.length === 1 ? 'payment' : 'payments'}, ${account.usage.length} generation requests billed).`,
        );
    }
    return EXIT.ok;
  } finally {
    progress.stop();
    await session?.close();
    if (session) output.line(output.colour.dim(`\n${describeClosing(auth)}`));
    await emulator?.close();
  }
}
