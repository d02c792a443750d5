/**
 * Tasks in the 2025-11-25 form (the experimental tasks of that protocol), judged by the SDK 1.x
 * client's own task API: a video as a task-augmented tools/call, polled with tasks/get, fetched
 * with tasks/result; tasks/list and tasks/cancel.
 */
import {
  Client as Sdk2Client,
  StreamableHTTPClientTransport as Sdk2Transport,
} from '@modelcontextprotocol/client';
import {
  createTaskSessionFromClient,
  resultFromTaskOutcome,
  toolDeclarationFromMcpTool,
} from '@modelcontextprotocol/ext-tasks/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ManualClock } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpServerFactory, type McpHttpListener, serveMcpHttp } from '../../../src/adapters/mcp.js';
import { startTestBed, type TestBed } from './support.js';

const VIDEO = 'v8_video_text_to_video';
let bed: TestBed;
let listener: McpHttpListener;

beforeAll(async () => {
  bed = await startTestBed();
  listener = await serveMcpHttp(
    createMcpServerFactory(bed.session, {
      mode: 'typed',
      include: { ids: [VIDEO, 'v7_images_text_to_image'] },
      // The client waits the interval the task gives: 50 ms here.
      taskPollMaxMs: 50,
    }),
  );
});
afterAll(async () => {
  await listener.close();
  await bed.close();
});

async function taskClient() {
  const client = new Client({ name: 'sdk1-tasks', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(listener.url)));
  return client;
}

describe('2025-11-25 tasks for the SDK 1.x client', () => {
  it('declares the tasks capability and runs a video as a task to its result', async () => {
    const client = await taskClient();
    expect(client.getServerCapabilities()?.tasks?.requests?.tools?.call).toBeDefined();
    const kinds: string[] = [];
    let result: Record<string, unknown> | undefined;
    let taskId: string | undefined;
    for await (const message of client.experimental.tasks.callToolStream(
      { name: VIDEO, arguments: { model_id: 'veo-3', prompt: 'a kite over dunes' } },
      CallToolResultSchema,
      { task: {} },
    )) {
      kinds.push(message.type);
      if (message.type === 'taskCreated') {
        taskId = message.task.taskId;
        expect(message.task.status).toBe('working');
        // The job runs on the service's time; two minutes pass there.
        (bed.emulator.clock as ManualClock).advance(125_000);
      }
      if (message.type === 'result') result = message.result as Record<string, unknown>;
      if (message.type === 'error') throw message.error;
    }
    expect(kinds[0]).toBe('taskCreated');
    expect(kinds).toContain('taskStatus');
    expect(result?.structuredContent).toMatchObject({ ok: true, status: 'success' });
    expect(result?.content).toContainEqual(
      expect.objectContaining({ type: 'resource_link', mimeType: 'video/mp4' }),
    );
    const task = await client.experimental.tasks.getTask(taskId as string);
    expect(task).toMatchObject({ taskId, status: 'completed' });
    const listed = await client.experimental.tasks.listTasks();
    expect(listed.tasks.map((listedTask) => listedTask.taskId)).toContain(taskId);
    await client.close();
  });

  it('lists the tools that run jobs with taskSupport optional, so the client asks for a task itself', async () => {
    const client = await taskClient();
    const { tools } = await client.listTools();
    const video = tools.find((tool) => tool.name === VIDEO);
    expect(video?.execution).toEqual({ taskSupport: 'optional' });
    // Tools that answer at once say nothing: 'forbidden' by the spec.
    for (const tool of tools.filter((listed) =>
      ['search_operations', 'describe_operation'].includes(listed.name),
    ))
      expect(tool.execution).toBeUndefined();
    const kinds: string[] = [];
    let result: Record<string, unknown> | undefined;
    // No `task` option: the listing made the SDK's helper augment the call.
    for await (const message of client.experimental.tasks.callToolStream(
      { name: VIDEO, arguments: { model_id: 'veo-3', prompt: 'a lighthouse' } },
      CallToolResultSchema,
    )) {
      kinds.push(message.type);
      if (message.type === 'taskCreated') (bed.emulator.clock as ManualClock).advance(125_000);
      if (message.type === 'result') result = message.result as Record<string, unknown>;
      if (message.type === 'error') throw message.error;
    }
    expect(kinds[0]).toBe('taskCreated');
    expect(result?.structuredContent).toMatchObject({ ok: true, status: 'success' });
    await client.close();
  });

  it('the ext-tasks client on 2025-11-25 runs a tool declared task-capable as a task when it prefers one', async () => {
    // An SDK 2.x client without negotiation speaks 2025-11-25: ext-tasks' V1 generation.
    const client = new Sdk2Client({ name: 'ext-tasks-v1', version: '1.0.0' });
    await client.connect(new Sdk2Transport(new URL(listener.url)));
    const session = createTaskSessionFromClient(client, { endpointId: 'gentk-v1' });
    const { tools } = await client.listTools();
    const video = tools.find((tool) => tool.name === VIDEO);
    expect(video).toBeDefined();
    const declaration = toolDeclarationFromMcpTool(video as NonNullable<typeof video>);
    expect(declaration.taskSupport).toBe('optional');
    const execution = await session.callTool(
      VIDEO,
      { model_id: 'veo-3', prompt: 'a harbour at dawn' },
      { declaration, task: { preference: 'prefer' } },
    );
    expect(execution.kind).toBe('task');
    (bed.emulator.clock as ManualClock).advance(125_000);
    const { outcome } = await execution.settle();
    expect(resultFromTaskOutcome(outcome)).toMatchObject({
      structuredContent: { ok: true, status: 'success' },
    });
    await session.close();
    await client.close();
  });

  it('cancels a task, which every later tasks/get reports', async () => {
    const client = await taskClient();
    const stream = client.experimental.tasks.callToolStream(
      { name: VIDEO, arguments: { model_id: 'veo-3', prompt: 'a calm sea' } },
      CallToolResultSchema,
      { task: {} },
    );
    const first = await stream.next();
    const created = first.value as { type: string; task: { taskId: string } };
    expect(created.type).toBe('taskCreated');
    await stream.return(undefined);
    // tasks/get carries the job's progress as a processing tool result does, for a host's viewer.
    (bed.emulator.clock as ManualClock).advance(20_000);
    const working = await client.experimental.tasks.getTask(created.task.taskId);
    expect(working.status).toBe('working');
    expect(working.statusMessage).toMatch(/processing for 2\d s, about \d+ s left/);
    expect(working._meta?.['io.github.generation-agent-toolkit/job']).toMatchObject({
      elapsedMs: expect.any(Number),
      etaMs: expect.any(Number),
    });
    const cancelled = await client.experimental.tasks.cancelTask(created.task.taskId);
    expect(cancelled).toMatchObject({ status: 'cancelled' });
    expect(await client.experimental.tasks.getTask(created.task.taskId)).toMatchObject({
      status: 'cancelled',
    });
    await expect(client.experimental.tasks.getTask('gentk1.not-ours')).rejects.toThrow(/Unknown task/);
    await client.close();
  });
});
