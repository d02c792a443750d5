/**
 * A LangChain agent (createAgent with the fake model) under a tool set's budget: the second image
 * call would pass the budget, its tool answers `budget_exceeded` with a cheaper model, nothing is
 * sent, and the agent stops.
 */
import { AIMessage, HumanMessage, type ToolMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { findModel } from 'generation-agent-toolkit-emulator';
import { createAgent } from 'langchain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLangChainTools } from '../../src/adapters/langchain.js';
import { type AdapterBed, startAdapterBed } from '../support/adapter-bed.js';

let bed: AdapterBed;

beforeAll(async () => {
  bed = await startAdapterBed({ operations: { ids: ['v7_images_text_to_image'] } });
});
afterAll(async () => {
  await bed.close();
});

function answerTo(messages: readonly unknown[], id: string): Record<string, unknown> {
  const found = messages.find((message) => (message as ToolMessage).tool_call_id === id) as ToolMessage;
  return JSON.parse(found.content as string) as Record<string, unknown>;
}

describe('a LangChain agent under a tool-set budget', () => {
  it('meets budget_exceeded, names a cheaper model, and stops without sending the call', async () => {
    // flux-pro, four images, costs more than half the budget: the second call does not fit.
    const price = 4 * (findModel('flux-pro')?.price ?? 0);
    const tools = createLangChainTools(bed.session, { mode: 'typed', budget: { amount: price * 1.5 } });
    const [image] = tools;
    const args = { model_id: 'flux-pro', prompt: 'a lighthouse', samples: 4 };
    const model = fakeModel()
      .respondWithTools([{ name: image?.name as string, args, id: 'first' }])
      .respondWithTools([{ name: image?.name as string, args, id: 'second' }])
      .respond(new AIMessage('The budget is spent; I stopped.'));
    const agent = createAgent({ model, tools });
    const charged = () => bed.emulator.inspect(bed.account.email)?.transactions.length ?? 0;
    const before = charged();

    const state = await agent.invoke({ messages: [new HumanMessage('Draw two lighthouses')] });

    expect(answerTo(state.messages, 'first')).toMatchObject({ ok: true, status: 'success' });
    const refused = answerTo(state.messages, 'second');
    expect(refused).toMatchObject({
      ok: false,
      code: 'budget_exceeded',
      budget: {
        wouldCost: price,
        left: Number((price * 0.5).toFixed(6)),
        cheaperModel: { model: expect.any(String) },
      },
    });
    const cheaper = (refused.budget as { cheaperModel: { cost: number } }).cheaperModel;
    expect(cheaper.cost).toBeLessThanOrEqual(price * 0.5);
    expect(charged()).toBe(before + 1);
    expect(state.messages.at(-1)?.text).toBe('The budget is spent; I stopped.');
  });
});
