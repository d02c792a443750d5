import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { type Emulator, type ManualClock, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discover } from '../../../src/discovery/discover.js';
import { useTemporaryFolder } from '../../support/temporary-folders.js';
import { startFleetInstance } from './fleet-instance.js';

const VIDEO = 'v8_video_text_to_video';

let emulator: Emulator;
const folder = useTemporaryFolder('gentk-mcp-fleet-');
const instances: ChildProcess[] = [];
let proxy: Server | undefined;

/** Starts one instance of the fleet and resolves with its URL. */
const startInstance = async (env: Record<string, string>) =>
  (await startFleetInstance(env, (child) => instances.push(child))).url;

/** A round-robin HTTP proxy on loopback: each request goes to the next instance. */
async function roundRobin(targets: readonly string[]): Promise<{ url: string; served: number[] }> {
  const served = targets.map(() => 0);
  let next = 0;
  proxy = createServer((incoming, outgoing) => {
    const index = next;
    next = (next + 1) % targets.length;
    served[index] = (served[index] ?? 0) + 1;
    const target = new URL(targets[index] as string);
    const forwarded = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: incoming.method,
        headers: { ...incoming.headers, host: target.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.once('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy?.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/mcp`, served };
}

beforeAll(async () => {
  emulator = await startEmulator({ clock: 'manual', jobDurations: { image: 8, video: 120 } });
});
afterAll(async () => {
  for (const child of instances) child.kill('SIGTERM');
  await Promise.all(
    instances.map((child) =>
      child.exitCode !== null ? undefined : new Promise((resolve) => child.once('exit', resolve)),
    ),
  );
  await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
  await emulator.close();
});

describe('a fleet of two MCP server processes behind a round-robin load balancer', () => {
  it('serves one 2026-07-28 client through a whole two-minute video job', async () => {
    const account = emulator.createAccount({ password: 'canary-Pa55word', credits: 20 });
    const snapshot = join(folder.path, 'service.json');
    writeFileSync(snapshot, JSON.stringify((await discover(emulator.url, { models: false })).toSnapshot()));
    const env = {
      GENTK_API_KEY: account.apiKey,
      GENTK_EMAIL: account.email,
      GENTK_PASSWORD: account.password,
      MCP_TEST_SNAPSHOT: snapshot,
      MCP_TEST_WAIT_MS: '300',
    };
    const urls = await Promise.all([startInstance(env), startInstance(env)]);
    const balancer = await roundRobin(urls);

    const client = new Client(
      { name: 'fleet-test', version: '2.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(new StreamableHTTPClientTransport(new URL(balancer.url)));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain(VIDEO);

    const first = await client.callTool({
      name: VIDEO,
      arguments: { model_id: 'veo-3', prompt: 'a storm at sea' },
    });
    const pending = first.structuredContent as { status: string; requestId: string | number };
    expect(pending).toMatchObject({ ok: false, status: 'processing' });
    const resume = () =>
      client.callTool({ name: 'resume_job', arguments: { operation: VIDEO, request_id: pending.requestId } });
    // Still running: another instance answers, from the handle alone.
    expect((await resume()).structuredContent).toMatchObject({ status: 'processing' });
    (emulator.clock as ManualClock).advance(125_000);
    const done = await resume();
    expect(done.structuredContent).toMatchObject({
      ok: true,
      status: 'success',
      requestId: pending.requestId,
    });
    expect(done.content).toContainEqual(
      expect.objectContaining({ type: 'resource_link', mimeType: 'video/mp4' }),
    );
    // Both instances served the client, and the job was charged once.
    expect(balancer.served.every((count) => count > 0)).toBe(true);
    await client.close();
  }, 60_000);
});
