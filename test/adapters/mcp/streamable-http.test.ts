import { request as httpRequest } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  createMcpHttpHandler,
  createMcpServer,
  type McpHttpListener,
  serveMcpHttp,
} from '../../../src/adapters/mcp.js';
import { envelopeOf, startTestBed, type TestBed } from './support.js';

let bed: TestBed;
let listener: McpHttpListener;

beforeAll(async () => {
  bed = await startTestBed();
  listener = await serveMcpHttp(() => createMcpServer(bed.session, { mode: 'typed' }));
});
afterAll(async () => {
  await listener.close();
  await bed.close();
});

/** A client over real Streamable HTTP that accepts every elicitation, and the messages it saw. */
async function httpClient(): Promise<{
  client: Client;
  transport: StreamableHTTPClientTransport;
  asked: string[];
}> {
  const asked: string[] = [];
  const client = new Client({ name: 'http-test', version: '1.0.0' }, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    asked.push(request.params.message);
    return { action: 'accept' };
  });
  const transport = new StreamableHTTPClientTransport(new URL(listener.url));
  await client.connect(transport);
  return { client, transport, asked };
}

/** Status of a request with the Host header a DNS-rebinding page would send. */
function statusWithHost(host: string): Promise<number | undefined> {
  const url = new URL(listener.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode);
      },
    );
    request.once('error', reject);
    request.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }));
  });
}

describe('createMcpServer over Streamable HTTP', () => {
  it('lists tools and runs an image job with progress notifications', async () => {
    const { client } = await httpClient();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('v7_images_text_to_image');
    const progress: Progress[] = [];
    const result = await client.callTool(
      { name: 'v7_images_text_to_image', arguments: { model_id: 'flux-dev', prompt: 'a red kite' } },
      undefined,
      { onprogress: (event) => progress.push(event) },
    );
    expect(envelopeOf(result)).toMatchObject({ ok: true, outputs: [{ mediaType: 'image/png' }] });
    expect(progress.length).toBeGreaterThanOrEqual(2);
    await client.close();
  });

  it('asks for approval through elicitation within the session, and charges once', async () => {
    const before = bed.emulator.inspect(bed.account.email)?.balance as number;
    const { client, asked } = await httpClient();
    const result = await client.callTool({
      name: 'post_wallet_fund',
      arguments: { amount: 7, payment_method_id: 'pm_card_visa' },
    });
    expect(envelopeOf(result)).toMatchObject({ ok: true, operationId: 'post_wallet_fund' });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/post_wallet_fund.*\n.*moves money/);
    expect(bed.emulator.inspect(bed.account.email)?.balance).toBeCloseTo(before + 7, 6);
    await client.close();
  });

  it('keeps one server per session and ends it on DELETE', async () => {
    const open = listener.sessions;
    const { client, transport } = await httpClient();
    expect(transport.sessionId).toEqual(expect.any(String));
    expect(listener.sessions).toBe(open + 1);
    await transport.terminateSession();
    expect(listener.sessions).toBe(open);
    await client.close();
  });

  it('refuses a Host that is not loopback (DNS rebinding), and an unknown session', async () => {
    expect(await statusWithHost('evil.example')).toBe(403);
    const answer = await fetch(listener.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': 'no-such-session',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(answer.status).toBe(404);
  });

  it('answers a request without a session that does not initialize one with 400', async () => {
    const handler = createMcpHttpHandler(() => createMcpServer(bed.session));
    const answer = await handler.fetch(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      }),
    );
    expect(answer.status).toBe(400);
    expect(handler.sessions).toBe(0);
    await handler.close();
  });

  it('closes a session left idle, and turns new clients away past maxSessions', async () => {
    // Only Date is faked: the handler measures idleness with it, and a loaded CI machine must not
    // let the first session go idle before the second client is turned away.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const handler = createMcpHttpHandler(() => createMcpServer(bed.session, { mode: 'dynamic' }), {
      sessionIdleMs: 20,
      maxSessions: 1,
    });
    const connectTo = async () => {
      const client = new Client({ name: 'idle-test', version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), {
        fetch: (input, init) => handler.fetch(new Request(input, init)),
      });
      await client.connect(transport);
      return client;
    };
    const first = await connectTo();
    expect(handler.sessions).toBe(1);
    await expect(connectTo()).rejects.toThrow(/503|Too many/);
    vi.setSystemTime(Date.now() + 40);
    await expect(first.listTools()).rejects.toThrow(/404|Session not found/);
    expect(handler.sessions).toBe(0);
    const second = await connectTo();
    expect((await second.listTools()).tools.length).toBeGreaterThan(0);
    await first.close();
    await second.close();
    await handler.close();
    expect(handler.sessions).toBe(0);
  });

  it('refuses to listen beyond loopback unless told to', async () => {
    await expect(serveMcpHttp(() => createMcpServer(bed.session), { hostname: '0.0.0.0' })).rejects.toThrow(
      /allowNonLoopback/,
    );
  });
});
