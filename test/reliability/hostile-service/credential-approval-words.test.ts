/**
 * Issue 22: the AI SDK's approval reason and LangChain's review description said "moves money" for
 * money operations but nothing of the kind for operations that create API keys or rotate tokens
 * (`api-keys:write`, `tokens:write`): a person approving one read only that "the approval rule asks
 * a person to confirm". Against a seat shop of our own that publishes both, through the real AI SDK
 * (`generateText` with its mock model, tool approval) and LangChain (`createAgent` with its fake
 * model and the human-in-the-loop middleware).
 */
import { AIMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { MemorySaver } from '@langchain/langgraph';
import { generateText, isStepCount, type ToolSet } from 'ai';
import {
  type AnyAgentMiddleware,
  createAgent,
  type HITLRequest,
  humanInTheLoopMiddleware,
  type InterruptOnConfig,
} from 'langchain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAISDKTools, createToolApproval } from '../../../src/adapters/ai-sdk.js';
import { approvalsFor, createLangChainTools } from '../../../src/adapters/langchain.js';
import { connect, type Session } from '../../../src/index.js';
import { scriptedModel } from '../../adapters/ai-sdk/support/scripted-model.js';
import { type SeatShop, SHOP_TOKEN, startSeatShop } from './seat-shop-service.js';

let shop: SeatShop;
let session: Session;

beforeAll(async () => {
  shop = await startSeatShop();
  session = await connect({
    baseUrl: shop.url,
    discovery: { models: false },
    apiKey: 'key-seat-shop-0123456789',
    auth: { token: SHOP_TOKEN, scopes: ['*'] },
    operations: { ids: ['buySeats', 'issueServiceKey', 'rotateSessionToken'] },
  });
});
afterAll(async () => {
  await session?.close();
  await shop?.close();
});

const CREDENTIALS = /handles credentials/;
const CALLS = [
  { id: 'issueServiceKey', input: { label: 'ci' } },
  { id: 'rotateSessionToken', input: {} },
] as const;

const nameOf = (names: readonly string[], id: string) =>
  names.find((name) => name.toLowerCase().replaceAll('_', '') === id.toLowerCase()) as string;

describe('approval words for credential operations', () => {
  it('the AI SDK approval reason says the call handles credentials, and nothing reaches the shop', async () => {
    const tools: ToolSet = createAISDKTools(session, { mode: 'typed' });
    for (const { id, input } of CALLS) {
      const name = nameOf(Object.keys(tools), id);
      for (const toolApproval of [createToolApproval(tools), undefined]) {
        const model = scriptedModel([{ toolCalls: [{ tool: name, input }] }, { text: 'Done.' }]);
        const result = await generateText({
          model,
          tools,
          ...(toolApproval ? { toolApproval } : {}),
          stopWhen: isStepCount(3),
          prompt: 'Give the CI a credential.',
        });
        const request = result.content.find((part) => part.type === 'tool-approval-request');
        expect(request, id).toBeDefined();
        // The reason is what `toolApproval` adds; the tools' own `needsApproval` asks without one.
        if (toolApproval) expect(request?.reason, id).toMatch(CREDENTIALS);
        expect(result.toolResults).toHaveLength(0);
      }
    }
    // The money operation still says money, not credentials.
    const buy = nameOf(Object.keys(tools), 'buySeats');
    const bought = await generateText({
      model: scriptedModel([{ toolCalls: [{ tool: buy, input: { seats: 3 } }] }, { text: 'Done.' }]),
      tools,
      toolApproval: createToolApproval(tools),
      stopWhen: isStepCount(3),
      prompt: 'Buy three seats.',
    });
    const money = bought.content.find((part) => part.type === 'tool-approval-request');
    expect(money?.reason).toMatch(/money/);
    expect(money?.reason).not.toMatch(CREDENTIALS);
    expect(shop.purchases()).toEqual([]);
  });

  it("LangChain's review description says the call handles credentials, through createAgent's interrupt", async () => {
    const tools = createLangChainTools(session, { mode: 'typed' });
    const interruptOn = approvalsFor(tools);
    for (const { id, input } of CALLS) {
      const name = nameOf(
        tools.map((tool) => tool.name),
        id,
      );
      expect(Object.keys(interruptOn)).toContain(name);
      const agent = createAgent({
        model: fakeModel()
          .respondWithTools([{ name, args: input, id: `call-${id}` }])
          .respond(new AIMessage('Done.')),
        tools,
        // LangChain's types collapse under exactOptionalPropertyTypes (see approvals-for.ts).
        middleware: [
          humanInTheLoopMiddleware({
            interruptOn: interruptOn as Record<string, InterruptOnConfig>,
          } as never) as unknown as AnyAgentMiddleware,
        ],
        checkpointer: new MemorySaver(),
      });
      const state = await agent.invoke(
        { messages: [{ role: 'user', content: 'Give the CI a credential.' }] },
        { configurable: { thread_id: `credentials-${id}` } },
      );
      const [requested] = (state.__interrupt__?.[0]?.value as HITLRequest | undefined)?.actionRequests ?? [];
      expect(requested?.name).toBe(name);
      expect(requested?.description, id).toMatch(CREDENTIALS);
      expect(requested?.description).toMatch(/waits for your approval/);
    }
    expect(shop.purchases()).toEqual([]);
  });
});
