import { request as httpRequest } from 'node:http';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  createMcpHttpHandler,
  createMcpServer,
  createMcpServerFactory,
  type McpHttpListener,
  serveMcpHttp,
} from '../../../src/adapters/mcp.js';
import { envelopeOf, startTestBed, type TestBed } from './support.js';

let bed: TestBed;
let listener: McpHttpListener;
let withSessions: McpHttpListener;

beforeAll(async () => {
  bed = await startTestBed();
  const factory = createMcpServerFactory(bed.session, { mode: 'typed' });
  listener = await serveMcpHttp(factory);
  withSessions = await serveMcpHttp(factory, { legacy: 'sessions' });
});
afterAll(async () => {
  await listener.close();
  await withSessions.close();
  await bed.close();
});

/** An SDK 2.x client pinned to the 2026-07-28 protocol, answering every elicitation with `answer`. */
async function modernClient(
  url: string,
  answer?: 'accept' | 'decline',
): Promise<{ client: ModernClient; asked: string[]; addresses: string[] }> {
  const asked: string[] = [];
  const addresses: string[] = [];
  const client = new ModernClient(
    { name: 'modern-test', version: '2.0.0' },
    {
      versionNegotiation: { mode: { pin: '2026-07-28' } },
      ...(answer ? { capabilities: { elicitation: { form: {}, url: {} } } } : {}),
    },
  );
  if (answer)
    client.setRequestHandler('elicitation/create', (request) => {
      asked.push(request.params.message);
      if (request.params.mode === 'url') addresses.push(request.params.url);
      return { action: answer };
    });
  await client.connect(new ModernTransport(new URL(url)));
  return { client, asked, addresses };
}

/** An SDK 1.x client over real Streamable HTTP that accepts every elicitation, and the messages it saw. */
async function httpClient(url = listener.url): Promise<{
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
  const transport = new StreamableHTTPClientTransport(new URL(url));
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

describe('createMcpHttpHandler: both protocol versions on one endpoint', () => {
  it('serves an SDK 2.x client pinned to 2026-07-28: lists the tools and runs an image job with progress', async () => {
    const { client } = await modernClient(listener.url);
    expect(client.getNegotiatedProtocolVersion?.() ?? '2026-07-28').toBe('2026-07-28');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('v7_images_text_to_image');
    const progress: Array<{ message?: string | undefined }> = [];
    const result = await client.callTool(
      { name: 'v7_images_text_to_image', arguments: { model_id: 'flux-dev', prompt: 'a red kite' } },
      { onprogress: (event) => void progress.push(event) },
    );
    expect(result.structuredContent).toMatchObject({ ok: true, outputs: [{ mediaType: 'image/png' }] });
    expect(result.content).toContainEqual(
      expect.objectContaining({ type: 'resource_link', mimeType: 'image/png', uri: expect.any(String) }),
    );
    expect(progress.length).toBeGreaterThanOrEqual(1);
    await client.close();
  });

  it('answers a raw 2026-07-28 request: no initialize, version and capabilities in _meta, standard headers', async () => {
    const answer = await fetch(listener.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/list',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
    });
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(text).toContain('v7_images_text_to_image');
  });

  it('asks a 2026-07-28 client for approval through an input_required round, and charges once', async () => {
    const before = bed.emulator.inspect(bed.account.email)?.balance as number;
    const { client, asked } = await modernClient(listener.url, 'accept');
    const result = await client.callTool({
      name: 'post_wallet_fund',
      arguments: { amount: 6, payment_method_id: 'pm_card_visa' },
    });
    expect(result.structuredContent).toMatchObject({ ok: true, operationId: 'post_wallet_fund' });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/post_wallet_fund.*\n.*moves money/);
    expect(bed.emulator.inspect(bed.account.email)?.balance).toBeCloseTo(before + 6, 6);
    await client.close();
  });

  it('never reports a payment waiting for 3-D Secure as a success: the person gets the address, the model is told it waits', async () => {
    const { client, asked, addresses } = await modernClient(listener.url, 'accept');
    const result = await client.callTool({
      name: 'post_wallet_fund',
      arguments: { amount: 6, payment_method_id: 'pm_card_threeDSecureRequired' },
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ ok: false, code: 'payment_requires_action' });
    expect(result.structuredContent).not.toHaveProperty('actionUrl');
    // Approved once, then the address went to the person, and the payment was made once.
    expect(asked).toHaveLength(2);
    expect(addresses).toEqual([expect.stringMatching(/^http/)]);
    const payments = bed.emulator.inspect(bed.account.email)?.payments ?? [];
    expect(payments.filter((payment) => payment.status === 'requires_action')).toHaveLength(1);
    await client.close();
  });

  it('does nothing when a 2026-07-28 client declines', async () => {
    const before = bed.emulator.inspect(bed.account.email)?.balance as number;
    const { client, asked } = await modernClient(listener.url, 'decline');
    const result = await client.callTool({
      name: 'post_wallet_fund',
      arguments: { amount: 6, payment_method_id: 'pm_card_visa' },
    });
    expect(result.structuredContent).toMatchObject({ ok: false, code: 'approval_declined' });
    expect(asked).toHaveLength(1);
    expect(bed.emulator.inspect(bed.account.email)?.balance).toBeCloseTo(before, 6);
    await client.close();
  });

  it('serves an SDK 1.x client (2025-11-25) statelessly: lists tools and runs an image job with progress', async () => {
    const { client, transport } = await httpClient();
    expect(transport.sessionId).toBeUndefined();
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

  it('refuses a money call to a stateless 2025-11-25 client, which cannot be asked, unless approve decides', async () => {
    const before = bed.emulator.inspect(bed.account.email)?.balance as number;
    const { client, asked } = await httpClient();
    const result = await client.callTool({
      name: 'post_wallet_fund',
      arguments: { amount: 7, payment_method_id: 'pm_card_visa' },
    });
    expect(envelopeOf(result)).toMatchObject({ ok: false, code: 'approval_required' });
    expect(asked).toHaveLength(0);
    expect(bed.emulator.inspect(bed.account.email)?.balance).toBeCloseTo(before, 6);
    await client.close();
  });

  it('with legacy sessions, asks a 2025-11-25 client through elicitation within the session, and charges once', async () => {
    const before = bed.emulator.inspect(bed.account.email)?.balance as number;
    const { client, asked } = await httpClient(withSessions.url);
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

  it('with legacy sessions, keeps one server per session and ends it on DELETE', async () => {
    const open = withSessions.sessions;
    const { client, transport } = await httpClient(withSessions.url);
    expect(transport.sessionId).toEqual(expect.any(String));
    expect(withSessions.sessions).toBe(open + 1);
    await transport.terminateSession();
    expect(withSessions.sessions).toBe(open);
    await client.close();
  });

  it('refuses a Host that is not loopback (DNS rebinding), and an unknown session', async () => {
    expect(await statusWithHost('evil.example')).toBe(403);
    const answer = await fetch(withSessions.url, {
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

  it('closes a session left idle, and turns new clients away past maxSessions', async () => {
    // Only Date is faked: the handler measures idleness with it, and a loaded CI machine must not
    // let the first session go idle before the second client is turned away.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const handler = createMcpHttpHandler(() => createMcpServer(bed.session, { mode: 'dynamic' }), {
      legacy: 'sessions',
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
