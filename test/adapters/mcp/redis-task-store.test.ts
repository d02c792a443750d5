/**
 * The MCP server's jobs and tasks in Redis, against a real redis-server: the store's merge and
 * bounds, then server processes sharing it — a video task started on one process that is killed,
 * finished and fetched from a new one; and `resume_job` on another instance counting progress from
 * the job's submission.
 */
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createTaskSessionFromClient, resultFromTaskOutcome } from '@modelcontextprotocol/ext-tasks/client';
import { type Emulator, type ManualClock, startEmulator } from 'generation-agent-toolkit-emulator';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisMcpTaskStore } from '../../../src/adapters/mcp.js';
import { discover } from '../../../src/discovery/discover.js';
import { rawTaskDispatch } from '../../support/mcp-raw-dispatch.js';
import { type RedisServer, startRedisServer } from '../../support/redis-server.js';
import { useTemporaryFolder } from '../../support/temporary-folders.js';
import { startFleetInstance, stopFleetInstance } from './fleet-instance.js';

const VIDEO = 'v8_video_text_to_video';
const VERSION = '2026-07-28';
const TASKS = 'io.modelcontextprotocol/tasks';
const HOUR = 3_600_000;

const connectRedis = (url: string) => createClient({ url }).connect();
let redis: RedisServer;
let client: Awaited<ReturnType<typeof connectRedis>>;
let emulator: Emulator;
let namespaces = 0;
const freshPrefix = () => `gentk-test:mcp-tasks:${namespaces++}:`;
const folder = useTemporaryFolder('gentk-mcp-redis-');
const children = new Set<ChildProcess>();

beforeAll(async () => {
  redis = await startRedisServer();
  client = await connectRedis(redis.url);
  emulator = await startEmulator({ clock: 'manual', jobDurations: { image: 8, video: 120 } });
}, 30_000);

afterAll(async () => {
  await Promise.all([...children].map((child) => stop(child, 'SIGKILL')));
  client?.destroy();
  await emulator?.close();
  await redis?.stop();
});

function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  children.delete(child);
  return stopFleetInstance(child, signal);
}

const startInstance = (env: Record<string, string>) =>
  startFleetInstance(env, (child) => children.add(child));

async function fleetEnvironment(waitMs: number): Promise<Record<string, string>> {
  const account = emulator.createAccount({ password: 'canary-Pa55word', credits: 20 });
  const snapshot = join(folder.path, `service-${namespaces}.json`);
  writeFileSync(snapshot, JSON.stringify((await discover(emulator.url, { models: false })).toSnapshot()));
  return {
    GENTK_API_KEY: account.apiKey,
    GENTK_EMAIL: account.email,
    GENTK_PASSWORD: account.password,
    MCP_TEST_SNAPSHOT: snapshot,
    MCP_TEST_WAIT_MS: String(waitMs),
    MCP_TEST_REDIS_URL: redis.url,
    MCP_TEST_REDIS_PREFIX: freshPrefix(),
    // The client polls at the interval the task gives: every 50 ms here.
    MCP_TEST_TASK_POLL_MAX_MS: '50',
  };
}

describe('RedisMcpTaskStore', () => {
  it('merges: the earliest start, a task id once set, a cancellation never undone', async () => {
    const store = new RedisMcpTaskStore({ client, prefix: freshPrefix() });
    await store.put({ operationId: VIDEO, requestId: 'job-1', submittedAt: 2_000 }, HOUR);
    await store.put({ operationId: VIDEO, requestId: 'job-1', submittedAt: 1_000, taskId: 't1' }, HOUR);
    await store.put({ operationId: VIDEO, requestId: 'job-1', submittedAt: 3_000, cancelled: true }, HOUR);
    await store.put({ operationId: VIDEO, requestId: 'job-1', submittedAt: 4_000, taskId: 't2' }, HOUR);
    expect(await store.get(VIDEO, 'job-1')).toEqual({
      operationId: VIDEO,
      requestId: 'job-1',
      submittedAt: 1_000,
      taskId: 't1',
      cancelled: true,
    });
    // A number id is not the string of it.
    expect(await store.get(VIDEO, 1)).toBeUndefined();
    await store.put({ operationId: VIDEO, requestId: 1, submittedAt: 5_000 }, HOUR);
    expect(await store.get(VIDEO, 1)).toMatchObject({ requestId: 1, submittedAt: 5_000 });
  });

  it('lists tasks newest first, capped, and forgets jobs after their TTL', async () => {
    const store = new RedisMcpTaskStore({ client, prefix: freshPrefix(), maxListedTasks: 3 });
    for (let index = 0; index < 5; index += 1)
      await store.put(
        { operationId: VIDEO, requestId: `job-${index}`, submittedAt: index, taskId: `t${index}` },
        HOUR,
      );
    await store.put({ operationId: VIDEO, requestId: 'plain', submittedAt: 99 }, HOUR);
    const listed = await store.listTasks({ limit: 10 });
    expect(listed.map((task) => task.taskId)).toEqual(['t4', 't3', 't2']);
    expect((await store.listTasks({ limit: 10, before: 4 })).map((task) => task.taskId)).toEqual([
      't3',
      't2',
    ]);
    await store.put({ operationId: VIDEO, requestId: 'brief', submittedAt: 1 }, 30);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await store.get(VIDEO, 'brief')).toBeUndefined();
  });

  it('reads foreign or oversized data as absent, refuses ids that are not ids, and gives up on a silent Redis', async () => {
    const prefix = freshPrefix();
    const store = new RedisMcpTaskStore({ client, prefix });
    const key = `${prefix}{tasks}:job:${JSON.stringify([VIDEO, 'x'])}`;
    await client.set(key, 'not a hash');
    expect(await store.get(VIDEO, 'x')).toBeUndefined();
    await client.del(key);
    await client.hSet(key, { job: JSON.stringify([VIDEO, 'other']), submittedAt: '5' });
    expect(await store.get(VIDEO, 'x')).toBeUndefined();
    await client.hSet(key, { job: JSON.stringify([VIDEO, 'x']), submittedAt: 'soon' });
    expect(await store.get(VIDEO, 'x')).toBeUndefined();
    // Overwritten by a put: the key is the store's.
    await store.put({ operationId: VIDEO, requestId: 'x', submittedAt: 7 }, HOUR);
    expect(await store.get(VIDEO, 'x')).toMatchObject({ submittedAt: 7 });
    await store.put({ operationId: VIDEO, requestId: 'y'.repeat(100_000), submittedAt: 1 }, HOUR);
    expect(await client.keys(`${prefix}*y*`)).toEqual([]);

    const silent = new RedisMcpTaskStore({
      client: { sendCommand: () => new Promise(() => undefined) },
      timeoutMs: 20,
    });
    expect(await silent.get(VIDEO, 'x')).toBeUndefined();
    await expect(silent.put({ operationId: VIDEO, requestId: 'x', submittedAt: 1 }, HOUR)).rejects.toThrow(
      /did not answer within 20 ms/,
    );
  });
});

describe('MCP server processes sharing a RedisMcpTaskStore', () => {
  it('finishes and fetches a video task from a new process after the one that started it was killed', async () => {
    const env = await fleetEnvironment(300);
    const first = await startInstance(env);
    const clientInfo = { name: 'restart-test', version: '1.0.0' };
    const capabilities = { extensions: { [TASKS]: {} } };
    // The host's endpoint moves to the new process (a load balancer's view of a restart).
    let endpoint = first.url;
    const viaEndpoint = (input: string | URL | Request, init?: RequestInit) =>
      fetch(input instanceof Request ? input : endpoint, init);
    // A poll caught by the kill is sent again to the live instance, as a load balancer retries an
    // idempotent request whose backend died.
    const balanced = async (_: string, init: RequestInit): Promise<Response> => {
      const target = endpoint;
      try {
        return await fetch(target, init);
      } catch (error) {
        if (target === endpoint) throw error;
        return fetch(endpoint, init);
      }
    };
    const mcp = new Client(clientInfo, {
      versionNegotiation: { mode: { pin: VERSION } },
      capabilities: capabilities as never,
    });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(endpoint), { fetch: viaEndpoint }));
    const session = createTaskSessionFromClient(mcp, {
      endpointId: 'restart-test',
      rawDispatch: rawTaskDispatch({ fetch: balanced, endpoint }),
      v2RequestFraming: { protocolVersion: VERSION, clientInfo, clientCapabilities: capabilities },
    });
    const execution = await session.callTool(VIDEO, { model_id: 'veo-3', prompt: 'a lighthouse' });
    expect(execution.kind).toBe('task');

    // The new process comes up, the balancer moves to it, and the first one is killed: nothing of
    // the task is left but its id with the client and what the shared store holds.
    const second = await startInstance(env);
    endpoint = second.url;
    await new Promise((resolve) => setTimeout(resolve, 200));
    await stop(first.child, 'SIGKILL');
    (emulator.clock as ManualClock).advance(125_000);
    const { outcome } = await execution.settle();
    const result = resultFromTaskOutcome(outcome) as {
      structuredContent?: Record<string, unknown>;
      content?: Array<Record<string, unknown>>;
    };
    expect(result.structuredContent).toMatchObject({ ok: true, status: 'success' });
    expect(result.content).toContainEqual(
      expect.objectContaining({ type: 'resource_link', mimeType: 'video/mp4' }),
    );
    // The task is in the shared store, with the start the first process gave it.
    const prefix = env.MCP_TEST_REDIS_PREFIX as string;
    const listed = await new RedisMcpTaskStore({ client, prefix }).listTasks({ limit: 5 });
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ operationId: VIDEO });
    await session.close();
    await mcp.close();
    await stop(second.child);
  }, 60_000);

  it('counts resume_job progress on another instance from the job submission, not from the resume', async () => {
    const waitMs = 1_500;
    const env = await fleetEnvironment(waitMs);
    const [first, second] = await Promise.all([startInstance(env), startInstance(env)]);
    const connectTo = async (url: string) => {
      const mcp = new Client(
        { name: 'elapsed-test', version: '2.0.0' },
        { versionNegotiation: { mode: { pin: VERSION } } },
      );
      await mcp.connect(new StreamableHTTPClientTransport(new URL(url)));
      return mcp;
    };
    const [onFirst, onSecond] = await Promise.all([connectTo(first.url), connectTo(second.url)]);
    const pending = (
      await onFirst.callTool({ name: VIDEO, arguments: { model_id: 'veo-3', prompt: 'a tide' } })
    ).structuredContent as { status: string; requestId: string | number };
    expect(pending.status).toBe('processing');
    const progress: number[] = [];
    const resumed = await onSecond.callTool(
      { name: 'resume_job', arguments: { operation: VIDEO, request_id: pending.requestId } },
      { onprogress: (event) => progress.push(event.progress) },
    );
    expect(resumed.structuredContent).toMatchObject({ status: 'processing' });
    // The second instance never saw the submission: without the store, its first figure is ~0 s.
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0]).toBeGreaterThanOrEqual(waitMs / 1000);
    await Promise.all([onFirst.close(), onSecond.close()]);
    await Promise.all([stop(first.child), stop(second.child)]);
  }, 60_000);
});
