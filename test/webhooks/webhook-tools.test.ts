/**
 * Tools on a session with a webhook receiver: `waitMs` still bounds a tool's wait, the handle the
 * model gets says the result will also arrive by webhook, and the resume tool then returns the
 * delivered result without a fetch. Through the AI SDK, LangChain and MCP adapters, used as ever.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createAISDKTools } from '../../src/adapters/ai-sdk.js';
import { createLangChainTools } from '../../src/adapters/langchain.js';
import { createMcpServer } from '../../src/adapters/mcp.js';
import type { ToolResult } from '../../src/tools/index.js';
import { createToolSpecs } from '../../src/tools/index.js';
import { connectClient, envelopeOf } from '../adapters/mcp/support.js';
import { IMAGE, IMAGE_INPUT, startWebhookBed, until, type WebhookBed } from './support/webhook-bed.js';

const beds: WebhookBed[] = [];
afterEach(async () => {
  for (const bed of beds.splice(0)) await bed.close();
});

/** An image job of 0.5 s real time; tools that wait 50 ms. */
async function bed(): Promise<WebhookBed> {
  const started = await startWebhookBed({ emulator: { jobDurations: { image: 50 } } });
  beds.push(started);
  return started;
}

const WAIT = { mode: 'typed' as const, waitMs: 50 };

function expectWebhookHandle(result: unknown): { requestId: string | number } {
  expect(result).toMatchObject({ ok: false, status: 'processing', byWebhook: true });
  expect((result as { hint: string }).hint).toMatch(/also arrive by webhook/);
  expect((result as { hint: string }).hint).toMatch(/resume_job/);
  return result as { requestId: string | number };
}

async function deliveredTo(started: WebhookBed): Promise<void> {
  await until(() => started.emulator.webhooks().length === 1);
}

describe('tools with a webhook receiver', () => {
  it('tool specs: waitMs bounds the wait; resume_job returns the delivered result without a fetch', async () => {
    const started = await bed();
    const tools = createToolSpecs(started.session, WAIT);
    const began = Date.now();
    const first = await tools.tool(IMAGE)?.execute(IMAGE_INPUT);
    expect(Date.now() - began).toBeLessThan(450);
    const { requestId } = expectWebhookHandle(first);
    await deliveredTo(started);
    const resumed = (await tools
      .tool('resume_job')
      ?.execute({ operation: IMAGE, request_id: requestId })) as ToolResult;
    expect(resumed).toMatchObject({ ok: true, status: 'success', outputs: [{ mediaType: 'image/png' }] });
    expect(started.fetches()).toBe(0);
  });

  it('AI SDK tools, unchanged in use', async () => {
    const started = await bed();
    const tools = createAISDKTools(started.session, { ...WAIT, streamProgress: false });
    const options = { toolCallId: 'call-1', messages: [], context: {} };
    const first = await tools[IMAGE]?.execute?.(IMAGE_INPUT, options);
    const { requestId } = expectWebhookHandle(first);
    await deliveredTo(started);
    const resumed = await tools.resume_job?.execute?.({ operation: IMAGE, request_id: requestId }, options);
    expect(resumed).toMatchObject({ ok: true, status: 'success' });
    expect(started.fetches()).toBe(0);
  });

  it('LangChain tools, unchanged in use', async () => {
    const started = await bed();
    const tools = createLangChainTools(started.session, WAIT);
    const image = tools.find((tool) => tool.spec.operationId === IMAGE);
    const resume = tools.find((tool) => tool.spec.kind === 'resume');
    const first = JSON.parse(String(await image?.invoke(IMAGE_INPUT)));
    const { requestId } = expectWebhookHandle(first);
    await deliveredTo(started);
    const resumed = JSON.parse(String(await resume?.invoke({ operation: IMAGE, request_id: requestId })));
    expect(resumed).toMatchObject({ ok: true, status: 'success' });
    expect(started.fetches()).toBe(0);
  });

  it('MCP tools, unchanged in use', async () => {
    const started = await bed();
    const client = await connectClient(createMcpServer(started.session, WAIT));
    const first = envelopeOf(await client.callTool({ name: IMAGE, arguments: IMAGE_INPUT }));
    const { requestId } = expectWebhookHandle(first);
    await deliveredTo(started);
    const resumed = envelopeOf(
      await client.callTool({ name: 'resume_job', arguments: { operation: IMAGE, request_id: requestId } }),
    );
    expect(resumed).toMatchObject({ ok: true, status: 'success' });
    expect(started.fetches()).toBe(0);
    await client.close();
  });
});
