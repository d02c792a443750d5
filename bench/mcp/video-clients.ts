/**
 * One video job through the MCP server, as each kind of client lives it: a client without Tasks
 * (a model that calls the tool, then `resume_job` until the result, with a request timeout), and
 * the official ext-tasks client (one task-augmented call, then `tasks/get` at the server's
 * interval). Service time runs on a {@link ScaledClock}; the clients' own timers (a request
 * timeout, a poll interval) are scaled the same way, as a host living in service time would be.
 * @module
 */
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from '@modelcontextprotocol/client';
import { createTaskSessionFromClient, resultFromTaskOutcome } from '@modelcontextprotocol/ext-tasks/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { PROGRESS_RESETS_TIMEOUT } from '../../src/adapters/mcp.js';
import { rawTaskDispatch } from '../../test/support/mcp-raw-dispatch.js';
import type { ScaledClock } from './scaled-clock.js';

export const TOOL = 'v8_video_text_to_video';
const ARGUMENTS = { model_id: 'veo-3', prompt: 'a harbour at dusk' };
const VERSION = '2026-07-28';
const TASKS = 'io.modelcontextprotocol/tasks';

/** What one video cost a client, until its result. */
export interface VideoRun {
  /** tools/call requests (resume_job included; for ext-tasks, the one that created the task). */
  readonly toolCalls: number;
  /** tasks/get requests (ext-tasks only). */
  readonly taskPolls: number;
  readonly progressNotifications: number;
  /** Calls the client gave up on at its request timeout. */
  readonly timeouts: number;
  /** Service seconds from the first call to the result. */
  readonly serviceSeconds: number;
  /** Whether the result was the video. */
  readonly succeeded: boolean;
}

interface Envelope {
  readonly status?: string;
  readonly requestId?: string | number;
}

/** The longest a model keeps resuming: far more calls than any client should need. */
const MAX_CALLS = 20;

/**
 * A client without Tasks, driven as a model drives it: call, and while the answer is
 * "processing", call `resume_job` with its request id at once (a model cannot sleep). A call cut
 * off by the request timeout is resumed with the job id its progress messages carried.
 */
async function withoutTasks(
  call: (
    name: string,
    args: Record<string, unknown>,
    onProgress: (meta: unknown) => void,
  ) => Promise<unknown>,
  clock: ScaledClock,
): Promise<VideoRun> {
  const started = clock.now();
  let toolCalls = 0;
  let progressNotifications = 0;
  let timeouts = 0;
  let requestId: string | number | undefined;
  let name = TOOL;
  let args: Record<string, unknown> = ARGUMENTS;
  const ended = (succeeded: boolean): VideoRun => ({
    toolCalls,
    taskPolls: 0,
    progressNotifications,
    timeouts,
    serviceSeconds: (clock.now() - started) / 1000,
    succeeded,
  });
  while (toolCalls < MAX_CALLS) {
    toolCalls += 1;
    let envelope: Envelope | undefined;
    try {
      const result = (await call(name, args, (meta) => {
        progressNotifications += 1;
        const job = (meta as Record<string, { requestId?: string | number }> | undefined)?.[
          'io.github.generation-agent-toolkit/job'
        ];
        if (job?.requestId !== undefined) requestId = job.requestId;
      })) as { structuredContent?: Envelope };
      envelope = result.structuredContent;
    } catch {
      timeouts += 1;
      if (requestId === undefined) break;
    }
    if (envelope?.requestId !== undefined) requestId = envelope.requestId;
    if (envelope && envelope.status !== 'processing') return ended(envelope.status === 'success');
    name = 'resume_job';
    args = { operation: TOOL, request_id: requestId };
  }
  return ended(false);
}

/** An SDK 1.x client: the 2025-11-25 protocol, no Tasks, the usual 60 s request timeout. */
export async function legacyClientRun(url: string, clock: ScaledClock): Promise<VideoRun> {
  const client = new LegacyClient({ name: 'bench-sdk1', version: '1.0.0' });
  await client.connect(new LegacyTransport(new URL(url)));
  try {
    return await withoutTasks(
      (name, args, onProgress) =>
        client.callTool({ name, arguments: args }, undefined, {
          timeout: clock.realMs(60_000),
          onprogress: (event) => onProgress((event as { _meta?: unknown })._meta),
        }),
      clock,
    );
  } finally {
    await client.close();
  }
}

/**
 * An SDK 1.x client that resets its 60 s timeout on every progress notification and says so on
 * each call (`_meta`), so the server waits for the job within one call.
 */
export async function resettingClientRun(url: string, clock: ScaledClock): Promise<VideoRun> {
  const client = new LegacyClient({ name: 'bench-sdk1-resetting', version: '1.0.0' });
  await client.connect(new LegacyTransport(new URL(url)));
  try {
    return await withoutTasks(
      (name, args, onProgress) =>
        client.callTool({ name, arguments: args, _meta: { [PROGRESS_RESETS_TIMEOUT]: true } }, undefined, {
          timeout: clock.realMs(60_000),
          resetTimeoutOnProgress: true,
          onprogress: (event) => onProgress((event as { _meta?: unknown })._meta),
        }),
      clock,
    );
  } finally {
    await client.close();
  }
}

/** An SDK 2.x client pinned to 2026-07-28, without Tasks, with the same 60 s request timeout. */
export async function modernClientRun(url: string, clock: ScaledClock): Promise<VideoRun> {
  const client = new ModernClient(
    { name: 'bench-sdk2', version: '2.0.0' },
    { versionNegotiation: { mode: { pin: VERSION } } },
  );
  await client.connect(new ModernTransport(new URL(url)));
  try {
    return await withoutTasks(
      (name, args, onProgress) =>
        client.callTool(
          { name, arguments: args },
          {
            timeout: clock.realMs(60_000),
            onprogress: (event) => onProgress((event as { _meta?: unknown })._meta),
          },
        ),
      clock,
    );
  } finally {
    await client.close();
  }
}

/** The official ext-tasks client: one task-augmented call, then tasks/get until it completes. */
export async function tasksClientRun(url: string, clock: ScaledClock): Promise<VideoRun> {
  const clientInfo = { name: 'bench-ext-tasks', version: '1.0.0' };
  const capabilities = { extensions: { [TASKS]: {} } };
  const counts = { toolCalls: 0, taskPolls: 0 };
  const rawDispatch = rawTaskDispatch({
    fetch: (input, init) => fetch(input, init),
    endpoint: url,
    onRequest: (method) => {
      if (method === 'tools/call') counts.toolCalls += 1;
      if (method === 'tasks/get') counts.taskPolls += 1;
    },
    // The host lives in service time: the server's interval, in service ms, is waited scaled.
    mapResult: (result) =>
      typeof result.pollIntervalMs === 'number'
        ? { ...result, pollIntervalMs: Math.max(10, clock.realMs(result.pollIntervalMs)) }
        : result,
  });
  const client = new ModernClient(clientInfo, {
    versionNegotiation: { mode: { pin: VERSION } },
    capabilities: capabilities as never,
  });
  await client.connect(new ModernTransport(new URL(url)));
  const session = createTaskSessionFromClient(client, {
    endpointId: 'gentk-bench',
    rawDispatch,
    v2RequestFraming: { protocolVersion: VERSION, clientInfo, clientCapabilities: capabilities },
  });
  const started = clock.now();
  try {
    const execution = await session.callTool(TOOL, ARGUMENTS);
    const { outcome } = await execution.settle();
    const result = resultFromTaskOutcome(outcome) as { structuredContent?: Envelope };
    return {
      ...counts,
      progressNotifications: 0,
      timeouts: 0,
      serviceSeconds: (clock.now() - started) / 1000,
      succeeded: result.structuredContent?.status === 'success',
    };
  } finally {
    await session.close();
    await client.close();
  }
}
