import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createTaskSessionFromClient, resultFromTaskOutcome } from '@modelcontextprotocol/ext-tasks/client';
import type { ManualClock } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createMcpHttpHandler,
  createMcpServerFactory,
  type McpHttpHandler,
} from '../../../src/adapters/mcp.js';
import { rawTaskDispatch } from '../../support/mcp-raw-dispatch.js';
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

/** The host's raw request path the ext-tasks client needs for 2026-07-28 task traffic. */
const rawDispatch = rawTaskDispatch({ fetch: viaHandler, endpoint });

async function taskSession(dispatch = rawDispatch) {
  const client = new Client(CLIENT_INFO, {
    versionNegotiation: { mode: { pin: VERSION } },
    capabilities: CAPABILITIES as never,
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(endpoint), { fetch: viaHandler }));
  const session = createTaskSessionFromClient(client, {
    endpointId: 'gentk-test',
    rawDispatch: dispatch,
    v2RequestFraming: { protocolVersion: VERSION, clientInfo: CLIENT_INFO, clientCapabilities: CAPABILITIES },
  });
  return { client, session };
}

describe('MCP Tasks (io.modelcontextprotocol/tasks) for the official ext-tasks client', () => {
  it('runs a two-minute video as a task: created at once, polled, completed with the tool result', async () => {
    const { client, session } = await taskSession();
    // The extension has no per-tool field: the server decides per call.
    const { tools } = await client.listTools();
    expect(tools.filter((tool) => tool.execution !== undefined)).toEqual([]);
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

  it("carries the job's progress in each working task, as a processing tool result does", async () => {
    const working: Array<Record<string, unknown>> = [];
    const { client, session } = await taskSession(
      rawTaskDispatch({
        fetch: viaHandler,
        endpoint,
        mapResult: (result) => {
          if (result.status === 'working') working.push(result);
          return result;
        },
      }),
    );
    const clock = bed.emulator.clock as ManualClock;
    const execution = await session.callTool('v8_video_text_to_video', {
      model_id: 'veo-3',
      prompt: 'a fox',
    });
    expect(execution.kind).toBe('task');
    const settled = execution.settle();
    clock.advance(40_000);
    const jobOf = (task: Record<string, unknown>) =>
      (task._meta as Record<string, { elapsedMs: number; etaMs: number; requestId: unknown }> | undefined)?.[
        'io.github.generation-agent-toolkit/job'
      ];
    await vi.waitFor(() =>
      expect(working.some((task) => (jobOf(task)?.elapsedMs ?? 0) >= 40_000)).toBe(true),
    );
    const later = working.find((task) => (jobOf(task)?.elapsedMs ?? 0) >= 40_000) as Record<string, unknown>;
    const job = jobOf(later);
    expect(job?.requestId).toBeDefined();
    expect(job?.etaMs).toBeGreaterThan(0);
    expect(later.statusMessage).toMatch(/processing for 4\d s, about \d+ s left/);
    // The first answer (the task created) carries the figures too.
    expect(jobOf(working[0] as Record<string, unknown>)).toMatchObject({ elapsedMs: expect.any(Number) });
    clock.advance(90_000);
    const { outcome } = await settled;
    expect(resultFromTaskOutcome(outcome)).toMatchObject({ structuredContent: { ok: true } });
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
