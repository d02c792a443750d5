/**
 * Issue 22: the AI SDK's approval reason and LangChain's review description said "moves money" for
 * money operations but nothing of the kind for operations that create API keys or rotate tokens
 * (`api-keys:write`, `tokens:write`): a person approving one read only that "the approval rule asks
 * a person to confirm". Against a seat shop of our own that publishes both, through the real AI SDK
 * (`generateText` with its mock model, tool approval) and LangChain (`createAgent` with its fake
 * model and the human-in-the-loop middleware).
 */
import type { ToolSet } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAISDKTools, createToolApproval } from '../../../src/adapters/ai-sdk.js';
import { approvalsFor, createLangChainTools } from '../../../src/adapters/langchain.js';
import type { Session } from '../../../src/index.js';
import {
  CREDENTIAL_CALLS as CALLS,
  connectToSeatShop,
  langChainReview,
  SHOP_OPERATIONS,
  scriptedCall,
} from './credential-words-bed.js';
import { type SeatShop, startSeatShop } from './seat-shop-service.js';

let shop: SeatShop;
let session: Session;

beforeAll(async () => {
  shop = await startSeatShop();
  session = await connectToSeatShop(shop, { ids: SHOP_OPERATIONS });
});
afterAll(async () => {
  await session?.close();
  await shop?.close();
});

const CREDENTIALS = /handles credentials/;
const nameOf = (names: readonly string[], id: string) =>
  names.find((name) => name.toLowerCase().replaceAll('_', '') === id.toLowerCase()) as string;

describe('approval words for credential operations', () => {
  it('the AI SDK approval reason says the call handles credentials, and nothing reaches the shop', async () => {
    const tools: ToolSet = createAISDKTools(session, { mode: 'typed' });
    for (const { id, input } of CALLS) {
      const name = nameOf(Object.keys(tools), id);
      for (const toolApproval of [createToolApproval(tools), undefined]) {
        const result = await scriptedCall(tools, name, input, {
          toolApproval,
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
    const bought = await scriptedCall(
      tools,
      buy,
      { seats: 3 },
      {
        toolApproval: createToolApproval(tools),
        prompt: 'Buy three seats.',
      },
    );
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
      const requested = await langChainReview(
        tools,
        interruptOn,
        { name, args: input, id: `call-${id}` },
        `credentials-${id}`,
      );
      expect(requested?.name).toBe(name);
      expect(requested?.description, id).toMatch(CREDENTIALS);
      expect(requested?.description).toMatch(/waits for your approval/);
    }
    expect(shop.purchases()).toEqual([]);
  });
});
