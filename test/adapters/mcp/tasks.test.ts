import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  createTaskSessionFromClient,
  type RawClientDispatch,
  resultFromTaskOutcome,
} from '@modelcontextprotocol/ext-tasks/client';
import type { ManualClock } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMcpHttpHandler,
  createMcpServerFactory,
  type McpHttpHandler,
} from '../../../src/adapters/mcp.js';
import { startTestBed, type TestBed } from './support.js';

const VERSION = '2026-07-28';
const TASKS = 'io.modelcontextprotocol/tasks';
const CLIENT_INFO = { name: 'ext-tasks-test', version: '1.0.0' };
const CAPABILITIES = { extensions: { [TASKS]: {} } };

let bed: TestBed;
let handler: McpHttpHandler;

beforeAll(async () => {
  bed = await startTestBed();
  handler = createMcpHttpHandler(
    createMcpServerFactory(bed.session, {
      mode: 'typed',
      include: { ids: ['v8_video_text_to_video', 'v7_images_text_to_image'] },
      // The service's clock is the test's; the client's polling is not: ask every 50 ms.
      taskPollMaxMs: 50,
      // Service time: a job of up to ten seconds (an image) is answered as a plain result.
      taskWaitMs: 10_000,
    }),
  );
});
afterAll(async () => {
  await handler.close();
  await bed.close();
});

const endpoint = 'http://localhost/mcp';
const viaHandler = (input: string | URL | Request, init?: RequestInit) =>
  handler.fetch(new Request(input, init));

/** The last JSON-RPC message of an answer, whether JSON or an event stream. */
async function messageOf(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) return JSON.parse(text);
  const data = text
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => JSON.parse(line.slice(5)) as Record<string, unknown>);
  return data.filter((message) => 'result' in message || 'error' in message).at(-1) ?? {};
}

let rawIds = 0;

/** The host's raw request path the ext-tasks client needs for 2026-07-28 task traffic. */
const rawDispatch: RawClientDispatch = async (request, options) => {
  const message = request as { method: string; params?: { name?: string; taskId?: string } };
  const name = message.params?.name ?? message.params?.taskId;
  const response = await viaHandler(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': VERSION,
      'mcp-method': message.method,
      ...(name !== undefined ? { 'mcp-name': name } : {}),
    },
    // The coordinator frames the request: the client hands over method and params only.
    body: JSON.stringify({ jsonrpc: '2.0', id: `raw-${++rawIds}`, ...(request as object) }),
    ...(options?.signal ? { signal: options.signal } : {}),
  });
  const answer = await messageOf(response);
  return 'error' in answer
    ? { kind: 'error', error: answer.error as never }
    : { kind: 'result', result: answer.result as never };
};

async function taskSession() {
  const client = new Client(CLIENT_INFO, {
    versionNegotiation: { mode: { pin: VERSION } },
    capabilities: CAPABILITIES as never,
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(endpoint), { fetch: viaHandler }));
  const session = createTaskSessionFromClient(client, {
    endpointId: 'gentk-test',
    rawDispatch,
    v2RequestFraming: { protocolVersion: VERSION, clientInfo: CLIENT_INFO, clientCapabilities: CAPABILITIES },
  });
  return { client, session };
}

describe('MCP Tasks (io.modelcontextprotocol/tasks) for the official ext-tasks client', () => {
  it('runs a two-minute video as a task: created at once, polled, completed with the tool result', async () => {
    const { client, session } = await taskSession();
    const execution = await session.callTool('v8_video_text_to_video', {
      model_id: 'veo-3',
      prompt: 'a storm',
    });
    expect(execution.kind).toBe('task');
    // The job runs on the service's time; two minutes pass there.
    (bed.emulator.clock as ManualClock).advance(125_000);
    const { outcome } = await execution.settle();
    const result = resultFromTaskOutcome(outcome) as {
      structuredContent?: Record<string, unknown>;
      content?: Array<Record<string, unknown>>;
    };
    expect(result.structuredContent).toMatchObject({ ok: true, status: 'success' });
    expect(result.content).toContainEqual(
      expect.objectContaining({ type: 'resource_link', mimeType: 'video/mp4' }),
    );
    await session.close();
    await client.close();
  }, 30_000);

  it('answers a quick image job as a plain result, and cancels a task on request', async () => {
    const { client, session } = await taskSession();
    const image = await session.callTool('v7_images_text_to_image', {
      model_id: 'flux-dev',
      prompt: 'a kite',
    });
    expect(image.kind).toBe('immediate');
    const { outcome: imageOutcome } = await image.settle();
    expect(resultFromTaskOutcome(imageOutcome)).toMatchObject({ structuredContent: { ok: true } });
    const video = await session.callTool('v8_video_text_to_video', {
      model_id: 'veo-3',
      prompt: 'a calm sea',
    });
    expect(video.kind).toBe('task');
    await video.cancel();
    const { outcome } = await video.settle();
    expect(outcome.status).toBe('cancelled');
    await session.close();
    await client.close();
  }, 30_000);
});
