/**
 * What the credential-wording tests share: a session on the seat shop with its two credential
 * operations and one money operation, the AI SDK's approval request for one scripted tool call
 * (`generateText` with the mock model), and LangChain's review request for one (`createAgent`
 * with its fake model and human-in-the-loop middleware).
 */
import { AIMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { MemorySaver } from '@langchain/langgraph';
import { generateText, isStepCount, type ToolSet } from 'ai';
import {
  type AnyAgentMiddleware,
  createAgent,
  type HITLRequest,
  humanInTheLoopMiddleware,
  type InterruptOnConfig,
} from 'langchain';
import type { createToolApproval } from '../../../src/adapters/ai-sdk.js';
import { connect, type OperationChoice, type Session } from '../../../src/index.js';
import { scriptedModel } from '../../adapters/ai-sdk/support/scripted-model.js';
import { type SeatShop, SHOP_TOKEN } from './seat-shop-service.js';

/** The seat shop's credential operations, with arguments that would run them. */
export const CREDENTIAL_CALLS = [
  { id: 'issueServiceKey', input: { label: 'ci' } },
  { id: 'rotateSessionToken', input: {} },
] as const;

/** The credential operations and the money one. */
export const SHOP_OPERATIONS = ['buySeats', 'issueServiceKey', 'rotateSessionToken'];

/** A session on `shop` with every scope, offering `operations`. */
export function connectToSeatShop(shop: SeatShop, operations: OperationChoice): Promise<Session> {
  return connect({
    baseUrl: shop.url,
    discovery: { models: false },
    apiKey: 'key-seat-shop-0123456789',
    auth: { token: SHOP_TOKEN, scopes: ['*'] },
    operations,
  });
}

/** The result of one scripted call of `tool` through `generateText`. */
export function scriptedCall(
  tools: ToolSet,
  tool: string,
  input: unknown,
  options: {
    readonly toolApproval?: ReturnType<typeof createToolApproval> | undefined;
    readonly prompt: string;
  },
) {
  return generateText({
    model: scriptedModel([{ toolCalls: [{ tool, input }] }, { text: 'Done.' }]),
    tools,
    ...(options.toolApproval ? { toolApproval: options.toolApproval } : {}),
    stopWhen: isStepCount(3),
    prompt: options.prompt,
  });
}

/** The review request LangChain's human-in-the-loop middleware makes for one call of `tool`. */
export async function langChainReview(
  tools: StructuredToolInterface[],
  interruptOn: Record<string, unknown>,
  call: { readonly name: string; readonly args: unknown; readonly id: string },
  threadId: string,
): Promise<HITLRequest['actionRequests'][number] | undefined> {
  const agent = createAgent({
    model: fakeModel()
      .respondWithTools([call as { name: string; args: Record<string, unknown>; id: string }])
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
    { configurable: { thread_id: threadId } },
  );
  return ((state.__interrupt__?.[0]?.value as HITLRequest | undefined)?.actionRequests ?? [])[0];
}
