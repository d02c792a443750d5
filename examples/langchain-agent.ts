/**
 * A LangChain agent (`createAgent`) with human-in-the-loop approval: the toolkit says which tools
 * need a person (`approvalsFor`), LangChain's `humanInTheLoopMiddleware` stops the agent before
 * them, and the run resumes with the person's decision (`Command({ resume })`): one top-up is
 * approved, a larger one rejected.
 *
 *   npx tsx examples/langchain-agent.ts
 *
 * Runs against an embedded emulator of the service; set GENTK_BASE_URL, GENTK_EMAIL,
 * GENTK_PASSWORD and GENTK_API_KEY to use a real one. The model is scripted (no network, no key).
 */
import { Command, MemorySaver } from '@langchain/langgraph';
import { connect } from 'generation-agent-toolkit';
import { approvalsFor, createLangChainTools } from 'generation-agent-toolkit/langchain';
import {
  AIMessage,
  type AnyAgentMiddleware,
  createAgent,
  type Decision,
  fakeModel,
  type HITLRequest,
  HumanMessage,
  humanInTheLoopMiddleware,
  type InterruptOnConfig,
} from 'langchain';
import { requireAuth, startTargetService } from './support/target-service.js';

const target = await startTargetService();
const session = await connect({
  baseUrl: target.baseUrl,
  apiKey: target.apiKey,
  auth: requireAuth(target),
  operations: { ids: ['v7_images_text_to_image', 'get_wallet_balance', 'post_wallet_fund'] },
});
console.log(`✓ connected; token scopes: ${session.scopes.requested?.join(' ')}`);

try {
  const tools = createLangChainTools(session, { mode: 'typed' });
  // Which tools wait for a person: the ones that move money or delete (here, post_wallet_fund).
  const interruptOn: Record<string, InterruptOnConfig> = approvalsFor(tools);
  console.log(`✓ ${tools.length} tools; approval needed for: ${Object.keys(interruptOn).join(', ')}`);

  // A scripted model, so that the example needs no network and no key. For a real one, replace
  // the whole statement below with one line, for example:
  //   const model = 'openai:gpt-5-mini'; // or new ChatAnthropic({ model: 'claude-sonnet-4-5' })
  const model = fakeModel()
    .respondWithTools([
      { name: 'v7_images_text_to_image', args: { model_id: 'flux-dev', prompt: 'a red kite' }, id: 'image' },
      { name: 'post_wallet_fund', args: { amount: 10, payment_method_id: 'pm_card_visa' }, id: 'fund-10' },
    ])
    .respond(new AIMessage('Here is your kite, and I added $10 to your wallet.'))
    .respondWithTools([
      { name: 'post_wallet_fund', args: { amount: 500, payment_method_id: 'pm_card_visa' }, id: 'fund-500' },
    ])
    .respond(new AIMessage('Understood, I did not add $500.'));

  const agent = createAgent({
    model,
    tools,
    // LangChain 1.5 infers this middleware's types from zod v3 schemas, and under TypeScript's
    // exactOptionalPropertyTypes they collapse to `never`, hence the casts; `interruptOn` itself
    // is checked above against LangChain's InterruptOnConfig. Without that tsconfig flag, drop them.
    middleware: [humanInTheLoopMiddleware({ interruptOn } as never) as unknown as AnyAgentMiddleware],
    // Interrupts need a checkpointer (where the paused run waits) and a thread id.
    checkpointer: new MemorySaver(),
  });
  const config = { configurable: { thread_id: 'wallet-thread' } };

  /** The person's decision. In your app, show the request and wait for an answer. */
  function decide(action: { name: string; args: Record<string, unknown> }): Decision {
    const amount = Number(action.args.amount);
    return amount <= 20
      ? { type: 'approve' }
      : { type: 'reject', message: `A top-up of $${amount} needs a call to the finance team.` };
  }

  /** Runs the agent until it no longer waits for a person. */
  async function converse(input: string) {
    console.log(`user: ${input}`);
    let state = await agent.invoke({ messages: [new HumanMessage(input)] }, config);
    for (let interrupt = state.__interrupt__?.[0]; interrupt; interrupt = state.__interrupt__?.[0]) {
      const request = interrupt.value as HITLRequest;
      const decisions = request.actionRequests.map((action) => {
        console.log(`! approval needed: ${action.name} ${JSON.stringify(action.args)}`);
        const decision = decide(action);
        if (decision.type === 'reject') console.log(`✗ rejected: ${decision.message}`);
        else console.log(`✓ ${decision.type === 'approve' ? 'approved' : 'edited'}`);
        return decision;
      });
      state = await agent.invoke(new Command({ resume: { decisions } }), config);
    }
    return state;
  }

  const before = target.emulator?.inspect(requireAuth(target).email)?.balance;
  const first = await converse('Draw a red kite, then add $10 to my wallet.');
  // A tool's message is what the model reads: the result envelope, as compact JSON.
  for (const message of first.messages) {
    if (message.type !== 'tool') continue;
    const result = JSON.parse(String(message.content)) as { ok: boolean; outputs?: { url: string }[] };
    console.log(
      `← ${message.name}: ${result.ok ? 'ok' : 'failed'} ${result.outputs?.[0]?.url ?? ''}`.trimEnd(),
    );
  }
  console.log(`assistant: ${first.messages.at(-1)?.text}`);

  const second = await converse('Now add $500.');
  console.log(`assistant: ${second.messages.at(-1)?.text}`);

  const after = target.emulator?.inspect(requireAuth(target).email)?.balance;
  if (before !== undefined && after !== undefined)
    console.log(`✓ the emulator's books: balance $${before.toFixed(3)} → $${after.toFixed(3)}`);
} finally {
  await session.close();
  await target.close();
  console.log('✓ session closed');
}
