/**
 * Issue 22, finding 1: a service document can make a money operation pass for a read (an OpenAPI
 * link naming the top-up as a render's result, a GET, a fetch-like path), and a scope other than
 * the emulator's spelling went unheard. Against a payments service of our own, every money and
 * credential operation must stay out of the default choice, never be described as read-only, and
 * wait for a person in typed tools, `call_operation`, the AI SDK, LangChain, MCP and the CLI's rule.
 */
import { AIMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { MemorySaver } from '@langchain/langgraph';
import { generateText, isStepCount } from 'ai';
import { type AgentMiddleware, createAgent, humanInTheLoopMiddleware } from 'langchain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAISDKTools } from '../../../src/adapters/ai-sdk.js';
import { approvalsFor, createLangChainTools } from '../../../src/adapters/langchain.js';
import { createMcpServer } from '../../../src/adapters/mcp.js';
import { chooseOperations, connect, handlesCredentials, type Session } from '../../../src/auth/index.js';
import { discover } from '../../../src/discovery/discover.js';
import type { ServiceDescription } from '../../../src/discovery/service-description.js';
import { createToolSpecs, needsApproval } from '../../../src/tools/index.js';
import { scriptedModel } from '../../adapters/ai-sdk/support/scripted-model.js';
import { connectClient, envelopeOf } from '../../adapters/mcp/support.js';
import { runCliProcess } from '../../support/cli.js';
import {
  CREDENTIAL_OPERATIONS,
  MONEY_OPERATIONS,
  PAYING_TOKEN,
  type PayingService,
  READ_OPERATIONS,
  startPayingService,
  WRITE_OPERATIONS,
} from './paying-service.js';

const GUARDED = [...MONEY_OPERATIONS, ...CREDENTIAL_OPERATIONS];
const ARGS: Readonly<Record<string, Record<string, unknown>>> = {
  fundWallet: { amount: 9999 },
  topUpByGet: { amount: 9999 },
  fundFetch: { amount: 9999 },
  purchaseCredits: { amount: 9999 },
  createPayout: { amount: 9999 },
  startCheckout: { amount: 9999 },
  settleOrder: { id: 'o1' },
};
const argsOf = (id: string) => ARGS[id] ?? {};

let paying: PayingService;
let service: ServiceDescription;
let session: Session;

beforeAll(async () => {
  paying = await startPayingService();
  service = await discover(paying.url, { models: false });
  session = await connect({
    service,
    apiKey: 'key-paying-0123456789',
    auth: { token: PAYING_TOKEN, scopes: ['*'] },
    operations: { all: true },
  });
});
afterAll(async () => {
  await session?.close();
  await paying?.close();
});

describe('the effect of an operation comes from its declared scope, the strictest evidence winning', () => {
  it('reads every money and credential operation as such, whatever its method, path or links', () => {
    const effects = Object.fromEntries(
      service.operations.map((operation) => [operation.id, operation.effect]),
    );
    for (const id of MONEY_OPERATIONS) expect(effects[id], id).toBe('money');
    for (const id of WRITE_OPERATIONS) expect(effects[id], id).toBe('write');
    for (const id of READ_OPERATIONS) expect(effects[id], id).toBe('read');
    for (const id of CREDENTIAL_OPERATIONS) {
      expect(handlesCredentials(service.requireOperation(id)), id).toBe(true);
      expect(effects[id], id).not.toBe('read');
    }
    // The link to the top-up is not taken: the toolkit would otherwise poll it on its own.
    expect(service.requireOperation('render').async?.fetchOperationId).not.toBe('fundWallet');
    expect(service.requireOperation('fundWallet').isFetch).toBe(false);
    expect(service.requireOperation('fundFetch').isFetch).toBe(false);
    expect(service.warnings.map((warning) => warning.code)).toContain('link-to-writing-operation');
  });

  it('leaves money and credentials out of the default choice, and its scopes out of the login', () => {
    const chosen = chooseOperations(service.operations, undefined).map((operation) => operation.id);
    for (const id of GUARDED) expect(chosen, id).not.toContain(id);
    expect(chosen).toEqual(expect.arrayContaining(['render', 'getBalance']));
    const scopes = service.minimumScopes(chosen);
    expect(scopes.filter((scope) => /write/.test(scope))).toEqual([]);
  });

  it('never describes them as read-only, and makes every tool of them wait for a person', async () => {
    const typed = createToolSpecs(session, { mode: 'typed' });
    const dynamic = createToolSpecs(session, { mode: 'dynamic' });
    const call = dynamic.tools.find((tool) => tool.kind === 'call');
    for (const id of GUARDED) {
      const tool = typed.tools.find((candidate) => candidate.operationId === id);
      expect(tool, id).toBeDefined();
      expect(tool?.description, id).not.toMatch(/(^|[^t] )Read-only/i);
      expect(tool?.annotations.readOnlyHint, id).toBe(false);
      expect(await tool?.needsApproval(argsOf(id)), id).toBe(true);
      expect(await call?.needsApproval({ operation: id, arguments: argsOf(id) }), id).toBe(true);
      // The rule `gentk call` applies without --yes.
      expect(await needsApproval('default', service.requireOperation(id), argsOf(id)), id).toBe(true);
    }
    const balance = typed.tools.find((candidate) => candidate.operationId === 'getBalance');
    expect(await balance?.needsApproval({})).toBe(false);
  });

  it('stops the AI SDK before the wire: generateText returns approval requests and nothing is sent', async () => {
    const tools = createAISDKTools(session, { mode: 'typed' });
    const names = Object.keys(tools);
    const toolOf = (id: string) =>
      names.find(
        (name) =>
          (tools[name]?.metadata?.generationAgentToolkit as { operationId?: string } | undefined)
            ?.operationId === id,
      ) as string;
    const before = paying.calls().length;
    const model = scriptedModel([
      { toolCalls: GUARDED.map((id) => ({ tool: toolOf(id), input: argsOf(id) })) },
      { text: 'Waiting.' },
    ]);
    const result = await generateText({
      model,
      tools,
      stopWhen: isStepCount(3),
      messages: [{ role: 'user', content: 'Top up everything.' }],
    });
    const asked = result.content.filter((part) => part.type === 'tool-approval-request');
    expect(asked.map((part) => part.toolCall.toolName).sort()).toEqual(GUARDED.map(toolOf).sort());
    expect(paying.calls().slice(before)).toEqual([]);
  });

  it('interrupts a LangChain agent before the wire (humanInTheLoopMiddleware with approvalsFor)', async () => {
    const tools = createLangChainTools(session, { mode: 'typed' });
    const interruptOn = approvalsFor(tools);
    const fund = tools.find((tool) => tool.spec.operationId === 'fundWallet');
    const key = tools.find((tool) => tool.spec.operationId === 'createApiKey');
    for (const id of GUARDED) {
      const name = tools.find((tool) => tool.spec.operationId === id)?.name as string;
      expect(interruptOn[name], id).toBeDefined();
      expect(await interruptOn[name]?.when({ toolCall: { args: argsOf(id) } }), id).toBe(true);
    }
    const before = paying.calls().length;
    const agent = createAgent({
      model: fakeModel()
        .respondWithTools([
          { name: fund?.name as string, args: { amount: 9999 }, id: 'call-fund' },
          { name: key?.name as string, args: {}, id: 'call-key' },
        ])
        .respond(new AIMessage('Done.')),
      tools,
      middleware: [humanInTheLoopMiddleware({ interruptOn } as never) as unknown as AgentMiddleware],
      checkpointer: new MemorySaver(),
    });
    const state = await agent.invoke(
      { messages: [{ role: 'user', content: 'Fund it and make me a key.' }] },
      { configurable: { thread_id: 'effect-from-authority' } },
    );
    const interrupt = state.__interrupt__?.[0]?.value as { actionRequests: Array<{ name: string }> };
    const requests = interrupt.actionRequests;
    expect(requests.map((request) => request.name).sort()).toEqual([fund?.name, key?.name].sort());
    expect(paying.calls().slice(before)).toEqual([]);
  });

  it('refuses over MCP when no one can be asked, and sends nothing', async () => {
    const client = await connectClient(createMcpServer(session, { mode: 'typed' }));
    const { tools } = await client.listTools();
    const before = paying.calls().length;
    for (const id of GUARDED) {
      const tool = tools.find((candidate) => candidate.name.replaceAll('_', '') === id.toLowerCase());
      expect(tool?.annotations?.readOnlyHint, id).toBe(false);
      const result = await client.callTool({ name: tool?.name as string, arguments: argsOf(id) });
      expect(envelopeOf(result), id).toMatchObject({ ok: false, code: 'approval_required' });
    }
    expect(paying.calls().slice(before)).toEqual([]);
    await client.close();
  });

  it('is refused by `gentk call` without --yes, with nothing sent', async () => {
    const before = paying.calls().length;
    const env = {
      GENTK_BASE_URL: paying.url,
      GENTK_API_KEY: 'key-paying-0123456789',
      GENTK_TOKEN: PAYING_TOKEN,
    };
    const [fund, topUp, key] = await Promise.all([
      runCliProcess(['call', 'fundWallet', '--input', '{"amount":9999}'], { env }),
      runCliProcess(['call', 'topUpByGet', '--input', '{"amount":9999}'], { env }),
      runCliProcess(['call', 'createApiKey', '--input', '{}'], { env }),
    ]);
    expect(fund.code, fund.stderr).toBe(2);
    expect(fund.stderr).toMatch(/fundWallet moves money with amount: 9999: pass --yes to confirm/);
    expect(topUp.stderr).toMatch(/topUpByGet moves money with amount: 9999: pass --yes to confirm/);
    expect(key.stderr).toMatch(/createApiKey handles credentials with no arguments: pass --yes/);
    expect(paying.calls().slice(before)).toEqual([]);
  }, 90_000);
});
