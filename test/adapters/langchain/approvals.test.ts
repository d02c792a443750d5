import { AIMessage, HumanMessage, type ToolMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { Command, MemorySaver } from '@langchain/langgraph';
import {
  type AnyAgentMiddleware,
  createAgent,
  type HITLRequest,
  humanInTheLoopMiddleware,
  type InterruptOnConfig,
} from 'langchain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalsFor, createLangChainTools, type GenerationTool } from '../../../src/adapters/langchain.js';
import { type LangChainBed, startLangChainBed, toolFor } from './langchain-bed.js';

let bed: LangChainBed;
let tools: GenerationTool[];
let threads = 0;

beforeAll(async () => {
  bed = await startLangChainBed();
  tools = createLangChainTools(bed.session, { mode: 'typed' });
});
afterAll(async () => {
  await bed.close();
});

/**
 * LangChain's middleware. Under `exactOptionalPropertyTypes` its types, inferred from zod v3
 * schemas, collapse (the parameter to `never`, the middleware to something `createAgent` refuses);
 * the configuration is still checked, against LangChain's `InterruptOnConfig`.
 */
const humanInTheLoop = (interruptOn: Record<string, InterruptOnConfig>) =>
  humanInTheLoopMiddleware({ interruptOn } as never) as unknown as AnyAgentMiddleware;

const FUND_ARGS = { amount: 10, payment_method_id: 'pm_card_visa' };

/** An agent whose model asks for `calls` once, then says `Done.`; and the config of a new thread. */
function agentCalling(
  agentTools: GenerationTool[],
  calls: Array<{ name: string; args: Record<string, unknown>; id: string }>,
) {
  const model = fakeModel().respondWithTools(calls).respond(new AIMessage('Done.'));
  const agent = createAgent({
    model,
    tools: agentTools,
    middleware: [humanInTheLoop(approvalsFor(agentTools))],
    checkpointer: new MemorySaver(),
  });
  threads += 1;
  return { agent, model, config: { configurable: { thread_id: `thread-${threads}` } } };
}

const toolMessages = (messages: readonly unknown[]) =>
  messages.filter((message): message is ToolMessage => (message as ToolMessage).type === 'tool');

describe('approvalsFor', () => {
  it('names the money and destructive tools, in the shape humanInTheLoopMiddleware takes', async () => {
    const interruptOn: Record<string, InterruptOnConfig> = approvalsFor(tools);
    expect(Object.keys(interruptOn).sort()).toEqual(
      [toolFor(tools, 'post_wallet_fund').name, toolFor(tools, 'delete_api_keys_by_id').name].sort(),
    );
    const fund = interruptOn[toolFor(tools, 'post_wallet_fund').name];
    expect(fund?.allowedDecisions).toEqual(['approve', 'edit', 'reject']);
    expect(fund?.argsSchema).toBe(toolFor(tools, 'post_wallet_fund').schema);
    expect(approvalsFor(tools, { allowedDecisions: ['approve', 'reject'] })).not.toHaveProperty([
      toolFor(tools, 'post_wallet_fund').name,
      'argsSchema',
    ]);
    const call = { name: toolFor(tools, 'post_wallet_fund').name, args: { amount: 10 } };
    expect(await approvalsFor(tools)[call.name]?.description(call)).toMatch(
      /^post_wallet_fund \(Fund the wallet\) moves money \(the account or a card may be charged\) and waits for your approval\.\nArguments: \{\n {2}"amount": 10\n\}$/,
    );
    const custom = approvalsFor(tools, {
      describe: ({ args }, tool) => `${tool.spec.effect}: $${args.amount}`,
    });
    expect(await custom[call.name]?.description(call)).toBe('money: $10');
  });

  it('follows the approval rule of the tool options, and leaves other tools out', () => {
    expect(approvalsFor(createLangChainTools(bed.session, { mode: 'typed', approval: 'never' }))).toEqual({});
    const writes = createLangChainTools(bed.session, {
      mode: 'typed',
      approval: { effects: { write: true } },
    });
    expect(Object.keys(approvalsFor(writes))).toContain(toolFor(writes, 'v7_images_text_to_image').name);
    expect(Object.keys(approvalsFor([{ name: 'my_own_tool' }, ...tools]))).not.toContain('my_own_tool');
  });

  it('asks a person when the approval rule cannot answer', async () => {
    const unsure = createLangChainTools(bed.session, {
      mode: 'typed',
      approval: () => {
        throw new Error('the rule failed');
      },
    });
    const entry = approvalsFor(unsure)[toolFor(unsure, 'get_wallet_balance').name];
    await expect(entry?.when({ toolCall: { args: {} } })).resolves.toBe(true);
  });
});

describe('humanInTheLoopMiddleware with approvalsFor', () => {
  it('stops a money operation before anything is charged, and runs it once after approval', async () => {
    const fund = toolFor(tools, 'post_wallet_fund');
    const { agent, config } = agentCalling(tools, [{ name: fund.name, args: FUND_ARGS, id: 'call_fund' }]);
    const before = bed.ledger();

    const paused = await agent.invoke({ messages: [new HumanMessage('Add $10 to my wallet')] }, config);

    const request = paused.__interrupt__?.[0]?.value as HITLRequest;
    expect(request.actionRequests).toEqual([
      { name: fund.name, args: FUND_ARGS, description: expect.stringMatching(/moves money/) },
    ]);
    expect(request.reviewConfigs[0]).toMatchObject({ actionName: fund.name });
    expect(toolMessages(paused.messages)).toEqual([]);
    expect(bed.ledger()).toEqual(before);

    const resumed = await agent.invoke(new Command({ resume: { decisions: [{ type: 'approve' }] } }), config);

    expect(resumed.__interrupt__).toBeUndefined();
    const [answer] = toolMessages(resumed.messages);
    expect(JSON.parse(answer?.content as string)).toMatchObject({ ok: true, status: 'success' });
    expect(answer?.artifact).toMatchObject({ ok: true, operationId: 'post_wallet_fund' });
    const after = bed.ledger();
    expect(after.payments).toBe(before.payments + 1);
    expect(after.transactions).toBe(before.transactions + 1);
    expect(after.balance).toBeCloseTo(before.balance + 10, 6);
    expect(resumed.messages.at(-1)?.text).toBe('Done.');
  });

  it('runs nothing when the call is rejected, and the model reads why', async () => {
    const fund = toolFor(tools, 'post_wallet_fund');
    const { agent, model, config } = agentCalling(tools, [
      { name: fund.name, args: FUND_ARGS, id: 'call_no' },
    ]);
    const before = bed.ledger();
    const requests = bed.requests();

    await agent.invoke({ messages: [new HumanMessage('Add $10 to my wallet')] }, config);
    const resumed = await agent.invoke(
      new Command({ resume: { decisions: [{ type: 'reject', message: 'Not this month.' }] } }),
      config,
    );

    expect(bed.ledger()).toEqual(before);
    expect(bed.requests()).toBe(requests);
    const [answer] = toolMessages(resumed.messages);
    expect(answer).toMatchObject({ tool_call_id: 'call_no', content: 'Not this month.', status: 'error' });
    expect(model.calls.at(-1)?.messages.some((message) => message.text === 'Not this month.')).toBe(true);
  });

  it('runs the edited call, checked like the model’s, when the reviewer edits the arguments', async () => {
    const fund = toolFor(tools, 'post_wallet_fund');
    const { agent, config } = agentCalling(tools, [{ name: fund.name, args: FUND_ARGS, id: 'call_edit' }]);
    const before = bed.ledger();

    await agent.invoke({ messages: [new HumanMessage('Add $10 to my wallet')] }, config);
    const editedAction = { name: fund.name, args: { ...FUND_ARGS, amount: '5' } };
    await agent.invoke(new Command({ resume: { decisions: [{ type: 'edit', editedAction }] } }), config);

    const after = bed.ledger();
    expect(after.payments).toBe(before.payments + 1);
    expect(after.balance).toBeCloseTo(before.balance + 5, 6);
  });

  it('stops the dynamic call_operation only for the operations that need approval', async () => {
    const dynamic = createLangChainTools(bed.session, { mode: 'dynamic' });
    expect(Object.keys(approvalsFor(dynamic))).toEqual(['call_operation']);
    const read = agentCalling(dynamic, [
      { name: 'call_operation', args: { operation: 'get_wallet_balance', arguments: {} }, id: 'call_read' },
    ]);
    const answered = await read.agent.invoke({ messages: [new HumanMessage('Balance?')] }, read.config);
    expect(answered.__interrupt__).toBeUndefined();
    expect(JSON.parse(toolMessages(answered.messages)[0]?.content as string)).toMatchObject({ ok: true });

    const before = bed.ledger();
    const money = agentCalling(dynamic, [
      {
        name: 'call_operation',
        args: { operation: 'post_wallet_fund', arguments: FUND_ARGS },
        id: 'call_pay',
      },
    ]);
    const paused = await money.agent.invoke({ messages: [new HumanMessage('Add $10')] }, money.config);
    const request = paused.__interrupt__?.[0]?.value as HITLRequest | undefined;
    expect(request?.actionRequests[0]?.description).toMatch(/calls the operation "post_wallet_fund"/);
    expect(bed.ledger()).toEqual(before);
  });
});
