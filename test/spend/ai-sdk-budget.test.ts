/**
 * An AI SDK agent loop under a budget: the model keeps asking for videos until a tool answers
 * `budget_exceeded`, reads what is left and what the call would cost, and stops. The emulator's
 * ledger shows that the refused call never reached the service.
 */
import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { generateText, isStepCount } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { findModel } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAISDKTools } from '../../src/adapters/ai-sdk.js';
import { type AdapterBed, startAdapterBed } from '../support/adapter-bed.js';

let bed: AdapterBed;

beforeAll(async () => {
  // veo-3 costs 0.5 for its default five seconds: the budget pays for two, not three.
  bed = await startAdapterBed({
    operations: { ids: ['v8_video_text_to_video'] },
    budget: { amount: 1.2, currency: 'usd' },
  });
});
afterAll(async () => {
  await bed.close();
});

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

/** The JSON the model was shown as the result of its last tool call. */
function lastToolResult(prompt: LanguageModelV4Prompt): Record<string, unknown> | undefined {
  const message = prompt.filter((entry) => entry.role === 'tool').at(-1);
  const part = message?.content.find((entry) => entry.type === 'tool-result');
  // A failure travels as the adapter's JSON too (json or error-json): the model reads its fields.
  const output = part?.type === 'tool-result' ? part.output : undefined;
  return output && 'value' in output && typeof output.value === 'object'
    ? (output.value as Record<string, unknown>)
    : undefined;
}

/** A model that asks for one more video each turn, until a tool result says the budget is spent. */
function videoHungryModel(toolName: string): MockLanguageModelV4 {
  let calls = 0;
  return new MockLanguageModelV4({
    doGenerate: async ({ prompt }) => {
      const last = lastToolResult(prompt);
      if (last?.code === 'budget_exceeded') {
        const budget = last.budget as { left: number; wouldCost: number };
        return {
          content: [
            { type: 'text', text: `Stopping: ${budget.left} left, a video costs ${budget.wouldCost}.` },
          ],
          finishReason: { unified: 'stop', raw: undefined },
          usage,
          warnings: [],
        };
      }
      calls += 1;
      return {
        content: [
          {
            type: 'tool-call',
            toolCallId: `video-${calls}`,
            toolName,
            input: JSON.stringify({ model_id: 'veo-3', prompt: `scene ${calls}` }),
          },
        ],
        finishReason: { unified: 'tool-calls', raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
}

describe('an AI SDK agent under a budget', () => {
  it('meets budget_exceeded before the call is sent, and stops', async () => {
    const tools = createAISDKTools(bed.session, { mode: 'typed' });
    const [toolName] = Object.keys(tools);
    const model = videoHungryModel(toolName as string);
    const debitsBefore = bed.emulator.inspect(bed.account.email)?.transactions.length ?? 0;

    const result = await generateText({ model, tools, stopWhen: isStepCount(10), prompt: 'Film scenes.' });

    const price = 5 * (findModel('veo-3')?.price ?? 0);
    expect(result.text).toBe(
      `Stopping: ${Number((1.2 - 2 * price).toFixed(6))} left, a video costs ${price}.`,
    );
    const outputs = result.steps.flatMap((step) => step.toolResults.map((entry) => entry.output));
    expect(outputs).toHaveLength(3);
    expect(outputs.slice(0, 2)).toMatchObject([
      { ok: true, cost: { estimated: { kind: 'priced', amount: price } } },
      { ok: true, cost: { estimated: { kind: 'priced', amount: price } } },
    ]);
    expect(outputs[2]).toMatchObject({
      ok: false,
      code: 'budget_exceeded',
      budget: {
        currency: 'usd',
        wouldCost: price,
        basis: expect.stringMatching(/5 seconds × \$0\.1 per second of video \(veo-3\)/),
      },
      hint: expect.stringMatching(/^Nothing was sent\./),
    });
    // Two videos were charged; the third never reached the service.
    expect(bed.emulator.inspect(bed.account.email)?.transactions.length).toBe(debitsBefore + 2);
    expect(await bed.session.spend()).toEqual({
      reserved: 0,
      settled: 2 * price,
      left: Number((1.2 - 2 * price).toFixed(6)),
      currency: 'usd',
    });
  });
});
