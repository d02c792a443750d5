/**
 * The official MCP clients, each running an image and a video job through the toolkit's
 * Streamable HTTP endpoint: the SDK 1.x client (2025-11-25), the SDK 2.x client pinned to
 * 2026-07-28, and the Inspector's CLI (`@modelcontextprotocol/inspector --cli`, a process of its
 * own). The emulator runs on virtual time: the 90 s video costs no wall time. (The ext-tasks client
 * is in tasks.test.ts; the frameworks' clients in framework-clients.test.ts.)
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from '@modelcontextprotocol/client';
import { createTaskSessionFromClient, resultFromTaskOutcome } from '@modelcontextprotocol/ext-tasks/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ManualClock } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpHttpListener } from '../../../src/adapters/mcp.js';
import { rawTaskDispatch } from '../../support/mcp-raw-dispatch.js';
import { collectOutput } from '../../support/process-output.js';
import { useTemporaryFolder } from '../../support/temporary-folders.js';
import { type ClientsBed, IMAGE_CALL, startClientsBed, type TestBed, VIDEO_CALL } from './support.js';

const IMAGE = IMAGE_CALL;
const VIDEO = VIDEO_CALL;
const EXPECTED = [
  { call: IMAGE, mimeType: 'image/png' },
  { call: VIDEO, mimeType: 'video/mp4' },
];

/** The Inspector's launcher, run by this Node (22 or later, as the Inspector requires). */
const INSPECTOR = join(
  dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector/package.json')),
  'clients/launcher/build/index.js',
);

let clients: ClientsBed;
let bed: TestBed;
let listener: McpHttpListener;
const home = useTemporaryFolder('gentk-inspector-home-');

beforeAll(async () => {
  clients = await startClientsBed();
  ({ bed, listener } = clients);
});
afterAll(() => clients.close());

function expectMedia(result: unknown, mimeType: string): void {
  const { structuredContent, content } = result as {
    structuredContent: unknown;
    content: Array<Record<string, unknown>>;
  };
  expect(structuredContent).toMatchObject({
    ok: true,
    status: 'success',
    outputs: [{ mediaType: mimeType }],
  });
  expect(content).toContainEqual(expect.objectContaining({ type: 'resource_link', mimeType }));
}

/** Runs the Inspector's CLI against the endpoint; its settings and catalog stay in a temporary home. */
async function inspector(
  ...args: string[]
): Promise<{ code: number | null; json: unknown; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    [INSPECTOR, '--cli', listener.url, '--transport', 'http', '--format', 'json', '--quiet', ...args],
    {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: home.path,
        MCP_CATALOG_PATH: join(home.path, 'mcp.json'),
        MCP_CLIENT_CONFIG_PATH: join(home.path, 'client.json'),
        NO_COLOR: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output = await collectOutput(child, 'the Inspector CLI', 30_000);
  let json: unknown;
  try {
    json = JSON.parse(output.stdout);
  } catch {
    json = undefined;
  }
  return { code: output.code, json, stdout: output.stdout, stderr: output.stderr };
}

describe('the official MCP clients run an image and a video job', () => {
  it('the SDK 1.x client (2025-11-25)', async () => {
    const client = new Client({ name: 'sdk1-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(listener.url)));
    try {
      for (const { call, mimeType } of EXPECTED) expectMedia(await client.callTool(call), mimeType);
    } finally {
      await client.close();
    }
  });

  it('the SDK 2.x client pinned to 2026-07-28', async () => {
    const client = new ModernClient(
      { name: 'sdk2-test', version: '2.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(new ModernTransport(new URL(listener.url)));
    try {
      for (const { call, mimeType } of EXPECTED) expectMedia(await client.callTool(call), mimeType);
    } finally {
      await client.close();
    }
  });

  it('the ext-tasks client, each job as a task', async () => {
    const version = '2026-07-28';
    const clientInfo = { name: 'ext-tasks-test', version: '1.0.0' };
    const capabilities = { extensions: { 'io.modelcontextprotocol/tasks': {} } };
    const client = new ModernClient(clientInfo, {
      versionNegotiation: { mode: { pin: version } },
      capabilities: capabilities as never,
    });
    await client.connect(new ModernTransport(new URL(listener.url)));
    const session = createTaskSessionFromClient(client, {
      endpointId: 'gentk-official-clients',
      rawDispatch: rawTaskDispatch({ fetch: (input, init) => fetch(input, init), endpoint: listener.url }),
      v2RequestFraming: { protocolVersion: version, clientInfo, clientCapabilities: capabilities },
    });
    try {
      for (const { call, mimeType } of EXPECTED) {
        const execution = await session.callTool(call.name, call.arguments);
        expect(execution.kind, call.name).toBe('task');
        // The job runs on the service's time: the video's 90 s pass there, not here.
        (bed.emulator.clock as ManualClock).advance(95_000);
        const { outcome } = await execution.settle();
        expectMedia(resultFromTaskOutcome(outcome), mimeType);
      }
    } finally {
      await session.close();
      await client.close();
    }
  });

  it("the Inspector's CLI, which also finds the media viewer on the tools", async () => {
    for (const { call, mimeType } of EXPECTED) {
      const run = await inspector(
        '--method',
        'tools/call',
        '--tool-name',
        call.name,
        '--tool-args-json',
        JSON.stringify(call.arguments),
      );
      expect(run.code, run.stderr).toBe(0);
      // --format json prints one object: the tool result under `result`.
      expectMedia((run.json as { result: unknown }).result, mimeType);
    }
    const app = await inspector(
      '--method',
      'tools/call',
      '--tool-name',
      VIDEO.name,
      '--app-info',
      '--advertise-apps',
    );
    expect(app.code, app.stderr).toBe(0);
    expect(app.json).toEqual({
      appInfo: expect.objectContaining({
        hasApp: true,
        resourceUri: 'ui://generation-agent-toolkit/media-viewer.html',
        resourceMimeType: 'text/html;profile=mcp-app',
        csp: { resourceDomains: [new URL(bed.emulator.url).origin] },
      }),
    });
  }, 60_000);
});
