/**
 * Issue 22: typed tools said "handles credentials" when a person was asked about an operation that
 * creates API keys or rotates tokens (`api-keys:write`, `tokens:write`), but `call_operation` (the
 * dynamic tool that can name any operation) naming the same operation got the generic reason ("The
 * approval rule asks a person to confirm this call") in the AI SDK and only "calls the operation"
 * in LangChain. Against the seat shop of our own, through the real AI SDK (`generateText` with its
 * mock model) and LangChain (`createAgent` with its fake model and human-in-the-loop middleware).
 */
import type { ToolSet } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAISDKTools, createToolApproval } from '../../../src/adapters/ai-sdk.js';
import { approvalsFor, createLangChainTools } from '../../../src/adapters/langchain.js';
import type { Session } from '../../../src/index.js';
import { HANDLES_CREDENTIALS } from '../../../src/tools/effect-wording.js';
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
  // Chosen without naming ids: operations named by id are typed tools in every mode.
  session = await connectToSeatShop(shop, {
    all: true,
    where: (operation) => SHOP_OPERATIONS.includes(operation.id),
  });
});
afterAll(async () => {
  await session?.close();
  await shop?.close();
});

describe('call_operation naming a credential operation', () => {
  it('the AI SDK approval reason says it handles credentials, as the typed tool does', async () => {
    expect(HANDLES_CREDENTIALS).toBe('handles credentials');
    const typedTools: ToolSet = createAISDKTools(session, { mode: 'typed' });
    const tools: ToolSet = createAISDKTools(session, { mode: 'dynamic' });
    expect(Object.keys(tools)).toContain('call_operation');
    const reasonOf = async (set: ToolSet, tool: string, input: unknown) => {
      const result = await scriptedCall(set, tool, input, {
        toolApproval: createToolApproval(set),
        prompt: 'Give the CI a credential.',
      });
      expect(result.toolResults).toHaveLength(0);
      return result.content.find((part) => part.type === 'tool-approval-request')?.reason;
    };
    for (const { id, input } of CALLS) {
      const reason = await reasonOf(tools, 'call_operation', { operation: id, arguments: input });
      expect(reason, id).toContain(`This call ${HANDLES_CREDENTIALS}:`);
      expect(reason, id).toContain(id);
      const typedName = Object.keys(typedTools).find(
        (name) => name.replaceAll('_', '') === id.toLowerCase(),
      ) as string;
      const typedReason = await reasonOf(typedTools, typedName, input);
      // The same words after the operation's name.
      expect(reason?.slice(reason.indexOf('This call'))).toBe(
        typedReason?.slice(typedReason.indexOf('This call')),
      );
    }
    // Money named through call_operation still says money.
    const money = await reasonOf(tools, 'call_operation', { operation: 'buySeats', arguments: { seats: 2 } });
    expect(money).toMatch(/money/);
    expect(money).not.toContain(HANDLES_CREDENTIALS);
    expect(shop.purchases()).toEqual([]);
  });

  it("LangChain's review description says it handles credentials, through createAgent's interrupt", async () => {
    const tools = createLangChainTools(session, { mode: 'dynamic' });
    const interruptOn = approvalsFor(tools);
    expect(Object.keys(interruptOn)).toContain('call_operation');
    for (const { id, input } of CALLS) {
      const requested = await langChainReview(
        tools,
        interruptOn,
        { name: 'call_operation', args: { operation: id, arguments: input }, id: `call-${id}` },
        `dynamic-credentials-${id}`,
      );
      expect(requested?.name).toBe('call_operation');
      expect(requested?.description, id).toContain(
        `calls the operation "${id}", which ${HANDLES_CREDENTIALS}`,
      );
    }
    expect(shop.purchases()).toEqual([]);
  });
});
