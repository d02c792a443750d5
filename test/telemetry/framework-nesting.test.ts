/**
 * The toolkit's spans nest under the frameworks' own: under the AI SDK's tool-call span (its
 * OpenTelemetry integration, `@ai-sdk/otel`), and under whatever span is active around a LangChain
 * agent's run; in both, the framework's tool-call id reaches `gen_ai.tool.call.id`.
 */
import { OpenTelemetry } from '@ai-sdk/otel';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { SpanKind, trace } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { generateText, isStepCount, type ModelMessage } from 'ai';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { createAISDKTools, createToolApproval } from '../../src/adapters/ai-sdk.js';
import { createLangChainTools } from '../../src/adapters/langchain.js';
import { scriptedModel } from '../adapters/ai-sdk/support/scripted-model.js';
import { toolFor } from '../adapters/ai-sdk/support/tool-names.js';
import { childrenOf, descendantsOf, exportedText, useTracedBed } from './support/otel-sdk.js';
import { startTelemetryBed } from './support/telemetry-bed.js';

const traced = useTracedBed(() => startTelemetryBed());

const ownScope = (span: ReadableSpan) => span.instrumentationScope.name === 'generation-agent-toolkit';

/** The toolkit's tool span, the call beneath it, and the HTTP beneath that. */
function expectToolSubtree(spans: readonly ReadableSpan[], tool: ReadableSpan, toolName: string): void {
  expect(tool.name).toBe(`execute_tool ${toolName}`);
  expect(tool.attributes).toMatchObject({
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': toolName,
    'gentk.operation.id': 'v7_images_text_to_image',
    'gentk.tool.status': 'success',
  });
  const [call] = childrenOf(spans, tool);
  expect(call?.name).toBe('generate_content flux-dev');
  const beneath = descendantsOf(spans, call as ReadableSpan);
  expect(beneath.filter((span) => span.kind === SpanKind.CLIENT).length).toBeGreaterThanOrEqual(2);
  expect(beneath.some((span) => span.name.startsWith('poll '))).toBe(true);
}

describe('spans inside the frameworks', () => {
  it("nest under the AI SDK's execute_tool span of generateText", async () => {
    const tools = createAISDKTools(traced.bed.session, { mode: 'typed' });
    const image = toolFor(tools, 'v7_images_text_to_image');
    const model = scriptedModel([
      { toolCalls: [{ tool: image, input: { model_id: 'flux-dev', prompt: 'a lighthouse' } }] },
      { text: 'Done.' },
    ]);
    const result = await generateText({
      model,
      tools,
      stopWhen: isStepCount(3),
      prompt: 'Draw a lighthouse.',
      telemetry: { integrations: [new OpenTelemetry()] },
    });
    expect(result.text).toBe('Done.');
    const toolCallId = result.steps[0]?.toolCalls[0]?.toolCallId;

    const spans = traced.sdk.spans();
    const sdkToolSpan = spans.find((span) => !ownScope(span) && span.name === `execute_tool ${image}`);
    expect(sdkToolSpan).toBeDefined();
    const [ours, ...others] = childrenOf(spans, sdkToolSpan as ReadableSpan);
    expect(others).toEqual([]);
    expect(ownScope(ours as ReadableSpan)).toBe(true);
    expect(ours?.attributes['gen_ai.tool.call.id']).toBe(toolCallId);
    expectToolSubtree(spans, ours as ReadableSpan, image);
    // One trace from generateText down to the last poll.
    expect(new Set(spans.map((span) => span.spanContext().traceId)).size).toBe(1);
    for (const secret of traced.bed.secrets()) expect(exportedText(spans)).not.toContain(secret);
  });

  it("nest under the span active around a LangChain agent's run, with LangChain's tool-call id", async () => {
    const tools = createLangChainTools(traced.bed.session, { mode: 'typed' });
    const image = tools.find((tool) => tool.spec.operationId === 'v7_images_text_to_image');
    if (!image) throw new Error('no image tool');
    const model = fakeModel()
      .respondWithTools([
        { name: image.name, args: { model_id: 'flux-dev', prompt: 'a lighthouse' }, id: 'call_image' },
      ])
      .respond(new AIMessage('Done.'));
    const agent = createAgent({ model, tools });
    const tracer = trace.getTracer('application');
    await tracer.startActiveSpan('agent run', async (span) => {
      await agent.invoke({ messages: [new HumanMessage('Draw a lighthouse')] });
      span.end();
    });

    const spans = traced.sdk.spans();
    const run = spans.find((span) => span.name === 'agent run') as ReadableSpan;
    const ours = descendantsOf(spans, run).find((span) => span.name === `execute_tool ${image.name}`);
    expect(ours?.attributes['gen_ai.tool.call.id']).toBe('call_image');
    expectToolSubtree(spans, ours as ReadableSpan, image.name);
  });

  it('tell an approval: asked when the AI SDK asks, granted on the execution it then runs', async () => {
    const tools = createAISDKTools(traced.bed.session, { mode: 'typed' });
    const fund = toolFor(tools, 'post_wallet_fund');
    const model = scriptedModel([
      { toolCalls: [{ tool: fund, input: { amount: 10, payment_method_id: 'pm_card_visa' } }] },
      { text: 'Funded.' },
    ]);
    const telemetry = { integrations: [new OpenTelemetry()] };
    const messages: ModelMessage[] = [{ role: 'user', content: 'Add $10 to my wallet.' }];
    const asked = await generateText({
      model,
      tools,
      toolApproval: createToolApproval(tools),
      telemetry,
      messages,
    });
    const request = asked.content.find((part) => part.type === 'tool-approval-request');
    if (request?.type !== 'tool-approval-request') throw new Error('no approval asked');
    const askedEvents = traced.sdk
      .spans()
      .filter((span) => span.name === `approval ${fund}`)
      .flatMap((span) => span.events)
      .filter((event) => event.name === 'gentk.approval');
    expect(askedEvents.map((event) => event.attributes)).toEqual([
      expect.objectContaining({ 'gentk.approval.outcome': 'asked', 'gen_ai.tool.name': fund }),
    ]);
    messages.push(...asked.responseMessages, {
      role: 'tool',
      content: [{ type: 'tool-approval-response', approvalId: request.approvalId, approved: true }],
    });
    await generateText({
      model,
      tools,
      toolApproval: createToolApproval(tools),
      stopWhen: isStepCount(3),
      telemetry,
      messages,
    });
    const execution = traced.sdk
      .spans()
      .find((span) => ownScope(span) && span.name === `execute_tool ${fund}`);
    expect(execution?.events.find((event) => event.name === 'gentk.approval')?.attributes).toMatchObject({
      'gentk.approval.outcome': 'granted',
    });
  });
});
