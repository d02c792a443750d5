import type { ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApprovalRequest, createMcpServer } from '../../../src/adapters/mcp.js';
import { connectClient, envelopeOf, startTestBed, type TestBed, textOf } from './support.js';

let bed: TestBed;

beforeAll(async () => {
  bed = await startTestBed();
});
afterAll(async () => {
  await bed.close();
});

const FUND = {
  name: 'post_wallet_fund',
  arguments: { amount: 10, payment_method_id: 'pm_card_visa' },
};

/** The account's money: balance, payments, and what the session sent since `since`. */
const ledger = () => {
  const snapshot = bed.emulator.inspect(bed.account.email);
  return { balance: snapshot?.balance, payments: snapshot?.payments.length };
};
const fundRequests = (since: number) =>
  bed.requests.slice(since).filter((request) => request.endsWith('/wallet/fund'));

let sent: number;
beforeEach(() => {
  sent = bed.requests.length;
});

describe('a money operation over MCP', () => {
  it('is refused, with how to enable it, when neither the client nor the server can ask a person', async () => {
    const before = ledger();
    const client = await connectClient(createMcpServer(bed.session, { mode: 'typed' }));
    const result = await client.callTool(FUND);
    expect(result.isError).toBe(true);
    expect(envelopeOf(result)).toMatchObject({ ok: false, code: 'approval_required', retryable: false });
    expect(textOf(result)).toMatch(/post_wallet_fund moves money/);
    expect(envelopeOf(result).hint).toMatch(/elicitation.*approve/);
    expect(ledger()).toEqual(before);
    expect(bed.requests.slice(sent)).toEqual([]);
    await client.close();
  });

  it('asks the person through elicitation, saying what will be charged, and runs once when accepted', async () => {
    const before = ledger();
    const asked: ElicitRequest['params'][] = [];
    const client = await connectClient(createMcpServer(bed.session, { mode: 'typed' }), (request) => {
      asked.push(request);
      return { action: 'accept' };
    });
    const result = await client.callTool(FUND);
    expect(result.isError).toBe(false);
    expect(envelopeOf(result)).toMatchObject({
      ok: true,
      status: 'success',
      operationId: 'post_wallet_fund',
    });
    expect(asked).toHaveLength(1);
    expect(asked[0]?.message).toBe(
      [
        'Allow the agent to run post_wallet_fund ("Fund the wallet")?',
        'It moves money: the account or a card may be charged.',
        'Arguments: {"amount":10,"payment_method_id":"pm_card_visa"}',
      ].join('\n'),
    );
    expect(ledger()).toEqual({
      balance: (before.balance as number) + 10,
      payments: (before.payments as number) + 1,
    });
    expect(fundRequests(sent)).toHaveLength(1);
    await client.close();
  });

  it('never reports a payment waiting for 3-D Secure as a success, and gives the person its address (2025-11-25)', async () => {
    const asked: ElicitRequest['params'][] = [];
    const client = await connectClient(
      createMcpServer(bed.session, { mode: 'typed' }),
      (request) => {
        asked.push(request);
        return { action: 'accept' };
      },
      { url: true },
    );
    const result = await client.callTool({
      name: 'post_wallet_fund',
      arguments: { amount: 10, payment_method_id: 'pm_card_threeDSecureRequired' },
    });
    expect(result.isError).toBe(true);
    expect(envelopeOf(result)).toMatchObject({
      ok: false,
      code: 'payment_requires_action',
      retryable: false,
    });
    expect(textOf(result)).toMatch(/not complete: it waits for the person/);
    expect(asked.map((request) => request.mode ?? 'form')).toEqual(['form', 'url']);
    expect(asked[1]).toMatchObject({ mode: 'url', url: expect.stringMatching(/^http/) });
    expect(fundRequests(sent)).toHaveLength(1);
    await client.close();
  });

  it('gives the model the address of a payment waiting for 3-D Secure when the client cannot show it', async () => {
    const client = await connectClient(createMcpServer(bed.session, { mode: 'typed', approve: () => true }));
    const result = await client.callTool({
      name: 'post_wallet_fund',
      arguments: { amount: 10, payment_method_id: 'pm_card_threeDSecureRequired' },
    });
    expect(envelopeOf(result)).toMatchObject({
      ok: false,
      code: 'payment_requires_action',
      actionUrl: expect.stringMatching(/^http/),
    });
    await client.close();
  });

  it.each(['decline', 'cancel'] as const)('does nothing when the person answers %s', async (action) => {
    const before = ledger();
    const client = await connectClient(createMcpServer(bed.session, { mode: 'typed' }), () => ({ action }));
    const result = await client.callTool(FUND);
    expect(result.isError).toBe(true);
    expect(envelopeOf(result)).toMatchObject({ ok: false, code: 'approval_declined', retryable: false });
    expect(textOf(result)).toMatch(/Nothing was done/);
    expect(ledger()).toEqual(before);
    expect(bed.requests.slice(sent)).toEqual([]);
    await client.close();
  });

  it('asks the approve callback when the client has no elicitation, and runs only on its yes', async () => {
    const before = ledger();
    const requests: ApprovalRequest[] = [];
    let answer = false;
    const server = createMcpServer(bed.session, {
      mode: 'typed',
      approve: (request) => {
        requests.push(request);
        return answer;
      },
    });
    const client = await connectClient(server);
    const refused = await client.callTool(FUND);
    expect(envelopeOf(refused)).toMatchObject({ code: 'approval_declined' });
    expect(ledger()).toEqual(before);
    answer = true;
    const ran = await client.callTool(FUND);
    expect(envelopeOf(ran)).toMatchObject({ ok: true, operationId: 'post_wallet_fund' });
    expect(ledger().balance).toBe((before.balance as number) + 10);
    expect(requests[0]).toMatchObject({
      tool: 'post_wallet_fund',
      operationId: 'post_wallet_fund',
      effect: 'money',
      arguments: FUND.arguments,
      message: expect.stringContaining('moves money'),
    });
    expect(requests[0]?.signal).toBeInstanceOf(AbortSignal);
    await client.close();
  });

  it('does nothing when the question fails, and says the approval could not be obtained', async () => {
    const before = ledger();
    const client = await connectClient(createMcpServer(bed.session, { mode: 'typed' }), () => {
      throw new Error('the window was closed');
    });
    const result = await client.callTool(FUND);
    expect(envelopeOf(result)).toMatchObject({ ok: false, code: 'approval_failed' });
    expect(textOf(result)).not.toMatch(/window/);
    expect(ledger()).toEqual(before);
    expect(bed.requests.slice(sent)).toEqual([]);
    await client.close();
  });

  it('refuses invalid arguments before asking anyone', async () => {
    let asked = 0;
    const client = await connectClient(createMcpServer(bed.session, { mode: 'typed' }), () => {
      asked += 1;
      return { action: 'accept' };
    });
    const result = await client.callTool({ name: 'post_wallet_fund', arguments: { amount: 'ten dollars' } });
    expect(result.isError).toBe(true);
    expect(envelopeOf(result)).toMatchObject({ code: 'invalid_arguments' });
    expect(textOf(result)).toMatch(/amount/);
    expect(asked).toBe(0);
    expect(bed.requests.slice(sent)).toEqual([]);
    await client.close();
  });

  it('asks about the operation call_operation would run, in dynamic mode', async () => {
    const before = ledger();
    const asked: string[] = [];
    const client = await connectClient(createMcpServer(bed.session, { mode: 'dynamic' }), (request) => {
      asked.push(request.message);
      return { action: 'accept' };
    });
    const result = await client.callTool({
      name: 'call_operation',
      arguments: { operation: 'post_wallet_fund', arguments: FUND.arguments },
    });
    expect(envelopeOf(result)).toMatchObject({ ok: true, operationId: 'post_wallet_fund' });
    expect(asked[0]).toMatch(
      /^Allow the agent to run post_wallet_fund \("Fund the wallet"\) through call_operation\?/,
    );
    expect(asked[0]).toMatch(/moves money/);
    expect(ledger().payments).toBe((before.payments as number) + 1);
    // A read through the same tool asks no one; nor do arguments the operation would refuse.
    await client.callTool({
      name: 'call_operation',
      arguments: { operation: 'get_wallet_balance', arguments: {} },
    });
    const invalid = await client.callTool({
      name: 'call_operation',
      arguments: { operation: 'post_wallet_fund', arguments: { amount: 'ten dollars' } },
    });
    expect(envelopeOf(invalid)).toMatchObject({ code: 'invalid_arguments' });
    expect(asked).toHaveLength(1);
    await client.close();
  });

  it('asks before a deletion, saying it cannot be undone', async () => {
    const asked: string[] = [];
    const client = await connectClient(createMcpServer(bed.session, { mode: 'typed' }), (request) => {
      asked.push(request.message);
      return { action: 'decline' };
    });
    const result = await client.callTool({ name: 'delete_api_keys_by_id', arguments: { id: 'key_123' } });
    expect(envelopeOf(result)).toMatchObject({ code: 'approval_declined' });
    expect(asked[0]).toMatch(/deletes or revokes something: it cannot be undone/);
    expect(bed.requests.slice(sent)).toEqual([]);
    await client.close();
  });

  it('runs without asking when the approval option turns approval off', async () => {
    const before = ledger();
    const client = await connectClient(createMcpServer(bed.session, { mode: 'typed', approval: 'never' }));
    const result = await client.callTool(FUND);
    expect(envelopeOf(result)).toMatchObject({ ok: true });
    expect(ledger().balance).toBe((before.balance as number) + 10);
    await client.close();
  });
});
