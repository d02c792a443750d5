/**
 * Approval by cost through LangChain's human-in-the-loop middleware: a call estimated above the
 * threshold (or of unknown cost) interrupts the agent, the reviewer reads the estimate, and
 * nothing is sent until approved; a cheaper call runs without an interrupt. `session.estimate` is
 * a stand-in (test/support/stub-estimates.ts), except in the last group, which asks the real
 * estimator against the emulator's feed.
 */
import { AIMessage, HumanMessage, type ToolMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { Command, MemorySaver } from '@langchain/langgraph';
import { type AnyAgentMiddleware, createAgent, type HITLRequest, humanInTheLoopMiddleware } from 'langchain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalsFor, createLangChainTools, type GenerationTool } from '../../../src/adapters/langchain.js';
import {
  ABOVE_REAL_THRESHOLD,
  FOUR_PRICED_IMAGES,
  pricedImagePrice,
  pricedQuestionStart,
  REAL_THRESHOLD,
  UNKNOWN_QUESTION,
  UNPRICED_MODEL,
} from '../../support/real-estimates.js';
import { stubEstimates } from '../../support/stub-estimates.js';
import { type LangChainBed, startLangChainBed, toolFor } from './langchain-bed.js';

let bed: LangChainBed;
let tools: GenerationTool[];
let restore: () => void;
let threads = 0;

beforeAll(async () => {
  bed = await startLangChainBed();
  const spy = stubEstimates(bed.session);
  restore = () => spy.mockRestore();
  tools = createLangChainTools(bed.session, { mode: 'typed', approval: { costAbove: 1 } });
});
afterAll(async () => {
  restore();
  await bed.close();
});

/** An agent whose model makes one call, then says `Done.`, stopping for approvals by cost. */
function agentCalling(name: string, args: Record<string, unknown>, within: GenerationTool[] = tools) {
  const model = fakeModel()
    .respondWithTools([{ name, args, id: 'call_1' }])
    .respond(new AIMessage('Done.'));
  const interruptOn = approvalsFor(within);
  const agent = createAgent({
    model,
    tools: within,
    // LangChain's middleware types collapse under exactOptionalPropertyTypes (see approvals.test.ts).
    middleware: [humanInTheLoopMiddleware({ interruptOn } as never) as unknown as AnyAgentMiddleware],
    checkpointer: new MemorySaver(),
  });
  threads += 1;
  return { agent, config: { configurable: { thread_id: `cost-${threads}` } } };
}

const toolMessages = (messages: readonly unknown[]) =>
  messages.filter((message): message is ToolMessage => (message as ToolMessage).type === 'tool');

describe('approval: { costAbove } with LangChain', () => {
  it('interrupts a call estimated above the threshold, with the estimate for the reviewer, then runs it once approved', async () => {
    const image = toolFor(tools, 'v7_images_text_to_image');
    const args = { model_id: 'flux-dev', prompt: 'a fox', samples: 4 };
    const { agent, config } = agentCalling(image.name, args);
    const sent = bed.requests();

    const paused = await agent.invoke({ messages: [new HumanMessage('Four foxes, please')] }, config);

    const request = paused.__interrupt__?.[0]?.value as HITLRequest;
    expect(request.actionRequests).toHaveLength(1);
    expect(request.actionRequests[0]?.description).toContain(
      'Estimated cost: $1.6 (4 images × $0.4 per image (flux-dev)), above the approval threshold of $1.',
    );
    expect(toolMessages(paused.messages)).toEqual([]);
    expect(bed.requests()).toBe(sent);

    const resumed = await agent.invoke(new Command({ resume: { decisions: [{ type: 'approve' }] } }), config);
    expect(JSON.parse(toolMessages(resumed.messages)[0]?.content as string)).toMatchObject({ ok: true });
    expect(bed.ledger().usage).toBeGreaterThan(0);
  });

  it('interrupts a call of unknown cost and tells the reviewer the cost is unknown', async () => {
    const video = toolFor(tools, 'v8_video_text_to_video');
    const { agent, config } = agentCalling(video.name, { model_id: 'veo-3', prompt: 'waves' });
    const paused = await agent.invoke({ messages: [new HumanMessage('Waves')] }, config);
    const request = paused.__interrupt__?.[0]?.value as HITLRequest;
    expect(request.actionRequests[0]?.description).toContain(
      'Estimated cost: unknown (the model feed lists no price for veo-3). A call of unknown cost needs approval',
    );
  });

  it('runs a call within the threshold without an interrupt', async () => {
    const image = toolFor(tools, 'v7_images_text_to_image');
    const { agent, config } = agentCalling(image.name, { model_id: 'flux-dev', prompt: 'a fox', samples: 2 });
    const state = await agent.invoke({ messages: [new HumanMessage('Two foxes')] }, config);
    expect(state.__interrupt__).toBeUndefined();
    expect(JSON.parse(toolMessages(state.messages)[0]?.content as string)).toMatchObject({ ok: true });
  });
});

describe('approval: { costAbove } with LangChain and the real estimator', () => {
  let real: LangChainBed;
  let realTools: GenerationTool[];
  beforeAll(async () => {
    real = await startLangChainBed();
    realTools = createLangChainTools(real.session, {
      mode: 'typed',
      approval: { costAbove: REAL_THRESHOLD },
    });
  });
  afterAll(async () => {
    await real.close();
  });

  const reviewed = async (args: Record<string, unknown>) => {
    const image = toolFor(realTools, 'v7_images_text_to_image');
    const { agent, config } = agentCalling(image.name, args, realTools);
    const paused = await agent.invoke({ messages: [new HumanMessage('Foxes')] }, config);
    const request = paused.__interrupt__?.[0]?.value as HITLRequest;
    return { agent, config, description: request.actionRequests[0]?.description ?? '' };
  };

  it("interrupts with the feed's price and basis, and the approved call is charged what it said", async () => {
    const sent = real.requests();
    const { agent, config, description } = await reviewed(FOUR_PRICED_IMAGES);
    expect(description).toContain(pricedQuestionStart());
    expect(description).toContain(ABOVE_REAL_THRESHOLD);
    expect(real.requests()).toBe(sent);

    const before = real.ledger().balance;
    await agent.invoke(new Command({ resume: { decisions: [{ type: 'approve' }] } }), config);
    expect(before - real.ledger().balance).toBeCloseTo(4 * pricedImagePrice(), 6);
  });

  it('interrupts a model the feed lists without a price, saying its cost is unknown', async () => {
    const { description } = await reviewed({ model_id: UNPRICED_MODEL, prompt: 'a fox' });
    expect(description).toContain(UNKNOWN_QUESTION);
  });
});
