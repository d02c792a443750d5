import {
  type ContentPart,
  dynamicTool,
  generateText,
  isStepCount,
  jsonSchema,
  type ModelMessage,
  type ToolApprovalResponse,
  type ToolSet,
} from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAISDKTools, createToolApproval } from '../../../src/adapters/ai-sdk.js';
import { type EmulatorSession, startEmulatorSession } from './support/emulator-session.js';
import { scriptedModel } from './support/scripted-model.js';
import { toolFor } from './support/tool-names.js';
import { toolOutput } from './support/tool-output.js';

let bed: EmulatorSession;
let tools: ToolSet;
let fund: string;

beforeAll(async () => {
  bed = await startEmulatorSession();
  tools = createAISDKTools(bed.session, { mode: 'typed' });
  fund = toolFor(tools, 'post_wallet_fund');
});
afterAll(async () => {
  await bed.close();
});

/** The wallet as the emulator's books have it. */
function ledger() {
  const account = bed.emulator.inspect(bed.account.email);
  return {
    balance: account?.balance ?? Number.NaN,
    fundings: account?.payments.filter((payment) => payment.purpose === 'wallet_funding').length ?? 0,
    credits: account?.transactions.filter((transaction) => transaction.type === 'credit').length ?? 0,
  };
}

function answer(content: ReadonlyArray<ContentPart<ToolSet>>, approved: boolean): ModelMessage {
  const responses: ToolApprovalResponse[] = content.flatMap((part) =>
    part.type === 'tool-approval-request'
      ? [{ type: 'tool-approval-response', approvalId: part.approvalId, approved }]
      : [],
  );
  return { role: 'tool', content: responses };
}

describe('approval of money operations through the AI SDK', () => {
  it('stops a wallet funding for a person, charges nothing, then runs it once after approval', async () => {
    const start = ledger();
    const model = scriptedModel([
      { toolCalls: [{ tool: fund, input: { amount: 10, payment_method_id: 'pm_card_visa' } }] },
      { text: 'Your wallet has $10 more.' },
      { text: 'Anything else?' },
    ]);
    const messages: ModelMessage[] = [{ role: 'user', content: 'Add $10 to my wallet.' }];

    const asked = await generateText({
      model,
      tools,
      toolApproval: createToolApproval(tools),
      stopWhen: isStepCount(5),
      messages,
    });
    const request = asked.content.find((part) => part.type === 'tool-approval-request');
    expect(request).toMatchObject({ toolCall: { toolName: fund, input: { amount: 10 } } });
    expect(request?.reason).toMatch(/money/);
    expect(asked.toolResults).toHaveLength(0);
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(ledger()).toEqual(start);

    messages.push(...asked.responseMessages, answer(asked.content, true));
    const approved = await generateText({
      model,
      tools,
      toolApproval: createToolApproval(tools),
      stopWhen: isStepCount(5),
      messages,
    });
    expect(approved.text).toBe('Your wallet has $10 more.');
    expect(ledger()).toEqual({
      balance: start.balance + 10,
      fundings: start.fundings + 1,
      credits: start.credits + 1,
    });
    const shown = JSON.stringify(model.doGenerateCalls.at(-1)?.prompt);
    expect(shown).toMatch(/"ok":true/);

    // The conversation goes on with the approval in its history: nothing is charged again.
    messages.push(...approved.responseMessages, { role: 'user', content: 'Thanks.' });
    await generateText({ model, tools, stopWhen: isStepCount(5), messages });
    expect(ledger()).toEqual({
      balance: start.balance + 10,
      fundings: start.fundings + 1,
      credits: start.credits + 1,
    });
  });

  it('asks through the tools themselves when the application gives no toolApproval, and a denial charges nothing', async () => {
    const start = ledger();
    const model = scriptedModel([
      { toolCalls: [{ tool: fund, input: { amount: 25, payment_method_id: 'pm_card_visa' } }] },
      { text: 'I did not fund the wallet.' },
    ]);
    const messages: ModelMessage[] = [{ role: 'user', content: 'Add $25.' }];
    const asked = await generateText({ model, tools, stopWhen: isStepCount(5), messages });
    expect(asked.content.some((part) => part.type === 'tool-approval-request')).toBe(true);

    messages.push(...asked.responseMessages, answer(asked.content, false));
    const denied = await generateText({ model, tools, stopWhen: isStepCount(5), messages });
    expect(denied.text).toBe('I did not fund the wallet.');
    expect(JSON.stringify(model.doGenerateCalls.at(-1)?.prompt)).toMatch(/execution-denied/);
    expect(ledger()).toEqual(start);
  });

  it('does not ask a person about arguments the tool refuses: the model reads why, nothing is sent', async () => {
    const start = ledger();
    const model = scriptedModel([
      { toolCalls: [{ tool: fund, input: { amount: 'ten dollars', payment_method_id: 'pm_card_visa' } }] },
      { text: 'Let me fix the amount.' },
    ]);
    const requestsBefore = bed.requests();
    const result = await generateText({
      model,
      tools,
      toolApproval: createToolApproval(tools),
      stopWhen: isStepCount(3),
      prompt: 'Add ten dollars.',
    });
    expect(result.content.some((part) => part.type === 'tool-approval-request')).toBe(false);
    expect(result.steps[0]?.content.some((part) => part.type === 'tool-approval-request')).toBe(false);
    expect(toolOutput(result)).toMatchObject({ ok: false, code: 'invalid_arguments' });
    expect(JSON.stringify(toolOutput(result))).toMatch(/amount/);
    expect(result.text).toBe('Let me fix the amount.');
    expect(bed.requests()).toBe(requestsBefore);
    expect(ledger()).toEqual(start);
  });

  it('lets reads and generations run without asking', async () => {
    const balance = toolFor(tools, 'get_wallet_balance');
    const model = scriptedModel([{ toolCalls: [{ tool: balance, input: {} }] }, { text: 'Done.' }]);
    const result = await generateText({
      model,
      tools,
      toolApproval: createToolApproval(tools),
      stopWhen: isStepCount(3),
      prompt: 'Balance?',
    });
    expect(result.steps[0]?.content.some((part) => part.type === 'tool-approval-request')).toBe(false);
    expect(result.text).toBe('Done.');
  });

  it('follows the approval option of the tool specs', async () => {
    const relaxed = createAISDKTools(bed.session, {
      mode: 'typed',
      approval: { operations: { post_wallet_fund: false, get_wallet_balance: true } },
    });
    const approval = createToolApproval(relaxed);
    const call = { toolCallId: 'call', messages: [], toolContext: {}, runtimeContext: {} };
    expect(await approval[fund]?.({ amount: 5, payment_method_id: 'pm_card_visa' }, call)).toBe(
      'not-applicable',
    );
    expect(await approval[toolFor(relaxed, 'get_wallet_balance')]?.({}, call)).toMatchObject({
      type: 'user-approval',
      reason: expect.any(String),
    });
  });

  it('builds a toolApproval map for the toolkit tools only, to merge with the application rules', () => {
    const weather = dynamicTool({
      inputSchema: jsonSchema({ type: 'object' }),
      execute: async () => 'sunny',
    });
    const approval = createToolApproval({ ...tools, weather });
    expect(Object.keys(approval).sort()).toEqual(Object.keys(tools).sort());
    expect(approval.weather).toBeUndefined();
  });
});
