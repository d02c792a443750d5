/**
 * Approvals over MCP in traces: who refused, with the refusal's code; and `granted` on the
 * execution of a call the person accepted.
 */
import { describe, expect, it } from 'vitest';
import { createMcpServer } from '../../src/adapters/mcp.js';
import { connectClient, envelopeOf, startTestBed } from '../adapters/mcp/support.js';
import { useTracedBed } from './support/otel-sdk.js';

const traced = useTracedBed(() => startTestBed());

const FUND = { name: 'post_wallet_fund', arguments: { amount: 10, payment_method_id: 'pm_card_visa' } };

const approvalEvents = () =>
  traced.sdk
    .spans()
    .filter((span) => span.name === 'approval post_wallet_fund')
    .flatMap((span) => span.events.filter((event) => event.name === 'gentk.approval'))
    .map((event) => event.attributes);

describe('approvals over MCP, traced', () => {
  it('says the person refused, through which client, with the refusal code', async () => {
    const client = await connectClient(createMcpServer(traced.bed.session, { mode: 'typed' }), () => ({
      action: 'decline',
    }));
    const result = await client.callTool(FUND);
    expect(envelopeOf(result)).toMatchObject({ ok: false, code: 'approval_declined' });
    expect(approvalEvents()).toEqual([
      expect.objectContaining({ 'gentk.approval.outcome': 'asked' }),
      expect.objectContaining({
        'gentk.approval.outcome': 'refused',
        'gentk.approval.by': 'client mcp-adapter-test',
        'error.type': 'approval_declined',
      }),
    ]);
    await client.close();
  });

  it('marks the execution of an accepted call granted', async () => {
    const client = await connectClient(createMcpServer(traced.bed.session, { mode: 'typed' }), () => ({
      action: 'accept',
    }));
    const result = await client.callTool(FUND);
    expect(envelopeOf(result)).toMatchObject({ ok: true });
    const execution = traced.sdk.spans().find((span) => span.name === 'execute_tool post_wallet_fund');
    expect(execution?.events.find((event) => event.name === 'gentk.approval')?.attributes).toMatchObject({
      'gentk.approval.outcome': 'granted',
    });
    await client.close();
  });
});
