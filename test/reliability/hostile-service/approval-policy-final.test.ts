/**
 * Issue 22, finding 4: an MCP client that declares elicitation and answers `accept` itself moved
 * money although the application's `approve` refused; the question cut the arguments in the
 * model's order (a long `payment_method_id` first hid `amount: 9999`); and a refusal by the
 * application's policy was worded as the user's. Against a payments service of our own, over real
 * Streamable HTTP with the official MCP client.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApprovalRequest,
  createMcpServer,
  type McpHttpListener,
  serveMcpHttp,
} from '../../../src/adapters/mcp.js';
import { connect, type Session } from '../../../src/auth/index.js';
import { approvalArguments } from '../../../src/tools/approval-arguments.js';
import { envelopeOf, textOf } from '../../adapters/mcp/support.js';
import { PAYING_TOKEN, type PayingService, startPayingService } from './paying-service.js';

let paying: PayingService;
let session: Session;
let policy: (request: ApprovalRequest) => boolean;
let listener: McpHttpListener;

beforeAll(async () => {
  paying = await startPayingService();
  session = await connect({
    baseUrl: paying.url,
    discovery: { models: false },
    apiKey: 'key-paying-0123456789',
    auth: { token: PAYING_TOKEN, scopes: ['*'] },
    operations: { ids: ['purchaseCredits', 'createApiKey', 'getBalance'] },
  });
  listener = await serveMcpHttp(() =>
    createMcpServer(session, { mode: 'typed', approve: (request) => policy(request) }),
  );
});
afterAll(async () => {
  await listener?.close();
  await session?.close();
  await paying?.close();
});

/** A client over Streamable HTTP that declares elicitation and accepts every question itself. */
async function selfApprovingClient(): Promise<{ client: Client; asked: string[] }> {
  const asked: string[] = [];
  const client = new Client(
    { name: 'self-approver', version: '1.0.0' },
    { capabilities: { elicitation: {} } },
  );
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    asked.push(request.params.message);
    return { action: 'accept' };
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(listener.url)));
  return { client, asked };
}

const LONG_METHOD = `pm_${'x'.repeat(5_000)}`;
const purchases = () => paying.calls().filter((call) => call.endsWith('/credits/purchase')).length;

describe("the application's approval policy is final over MCP", () => {
  it('moves no money when the policy refuses, whatever the client answers, and says it was the policy', async () => {
    const seen: ApprovalRequest[] = [];
    policy = (request) => {
      seen.push(request);
      return false;
    };
    const { client, asked } = await selfApprovingClient();
    const before = purchases();
    const result = await client.callTool({
      name: 'purchase_credits',
      arguments: { currency: 'usd', amount: 9999 },
    });
    expect(purchases() - before).toBe(0);
    expect(envelopeOf(result)).toMatchObject({ ok: false, code: 'approval_declined', retryable: false });
    expect(textOf(result)).toMatch(/application's approval policy/);
    expect(textOf(result)).not.toMatch(/user declined/i);
    expect(seen).toHaveLength(1);
    // The client's own "accept" was never asked for: the policy had already said no.
    expect(asked).toEqual([]);

    // A credential operation too.
    const key = await client.callTool({ name: 'create_api_key', arguments: {} });
    expect(envelopeOf(key)).toMatchObject({ ok: false, code: 'approval_declined' });
    expect(paying.calls().filter((call) => call.endsWith('/api-keys'))).toEqual([]);
    await client.close();
  });

  it('lets the person add a refusal to the policy’s yes, and runs once when both agree', async () => {
    policy = () => true;
    const declining = new Client(
      { name: 'decliner', version: '1.0.0' },
      { capabilities: { elicitation: {} } },
    );
    declining.setRequestHandler(ElicitRequestSchema, () => ({ action: 'decline' }));
    await declining.connect(new StreamableHTTPClientTransport(new URL(listener.url)));
    const before = purchases();
    const refused = await declining.callTool({ name: 'purchase_credits', arguments: { amount: 5 } });
    expect(envelopeOf(refused)).toMatchObject({ ok: false, code: 'approval_declined' });
    expect(textOf(refused)).toMatch(/user declined/);
    expect(purchases() - before).toBe(0);
    await declining.close();

    const { client, asked } = await selfApprovingClient();
    const ran = await client.callTool({ name: 'purchase_credits', arguments: { amount: 5 } });
    expect(envelopeOf(ran)).toMatchObject({ ok: true });
    expect(asked).toHaveLength(1);
    expect(purchases() - before).toBe(1);
    await client.close();
  });

  it('shows the amounts first and whole, however long the other arguments the model put before them', async () => {
    const seen: ApprovalRequest[] = [];
    policy = (request) => {
      seen.push(request);
      return false;
    };
    const { client, asked } = await selfApprovingClient();
    const args = {
      payment_method_id: LONG_METHOD,
      note: 'n'.repeat(2_000),
      currency: 'usd',
      credit_pack_quantity: 40,
      amount: 9999,
    };
    await client.callTool({ name: 'purchase_credits', arguments: args });
    const question = seen[0]?.message ?? '';
    const shown = question.slice(question.indexOf('Arguments: '));
    expect(shown.startsWith('Arguments: {"currency":"usd","credit_pack_quantity":40,"amount":9999,')).toBe(
      true,
    );
    expect(question.length).toBeLessThan(1_000);
    expect(question).toMatch(/\(cut\)/);
    expect(asked).toEqual([]);
    await client.close();
  });
});

describe('approvalArguments', () => {
  it('keeps amounts and counts whole by a rule on names and numbers, not a fixed list', () => {
    const text = approvalArguments({
      description: 'd'.repeat(3_000),
      numImages: 4,
      max_spend_cents: 120_000,
      plan: 'enterprise-yearly',
      sample_count: 8,
      seats: 300,
      reference: 'r'.repeat(3_000),
    });
    const parsed = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(parsed).slice(0, 5)).toEqual([
      'numImages',
      'max_spend_cents',
      'plan',
      'sample_count',
      'seats',
    ]);
    expect(parsed).toMatchObject({
      numImages: 4,
      max_spend_cents: 120_000,
      plan: 'enterprise-yearly',
      seats: 300,
    });
    expect(text.length).toBeLessThan(800);
  });
});
