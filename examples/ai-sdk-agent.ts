/**
 * An AI SDK agent with `generateText`: the service's operations as tools, and a person's approval
 * before the one call that spends money.
 *
 *   npx tsx examples/ai-sdk-agent.ts
 *
 * Runs against an embedded emulator of the service; set GENTK_BASE_URL, GENTK_EMAIL,
 * GENTK_PASSWORD and GENTK_API_KEY to use a real one. The model is scripted (no network, no key).
 */
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateText, isStepCount, type ModelMessage, type ToolApprovalResponse } from 'ai';
import { connect, type ToolResult } from 'generation-agent-toolkit';
import { createAISDKTools, createToolApproval } from 'generation-agent-toolkit/ai-sdk';
import { scriptedModel } from './support/scripted-model.js';
import { requireAuth, startTargetService } from './support/target-service.js';

/** One line about a tool's result: its files, or its data, or what went wrong. */
function summary(result: ToolResult): string {
  if (result.ok && result.status === 'success') {
    const files = result.outputs.map((output) => `${output.url} (${output.mediaType ?? 'file'})`);
    const text = files.length > 0 ? files.join(', ') : JSON.stringify(result.data);
    return `ok: ${text.length > 160 ? `${text.slice(0, 160)}…` : text}`;
  }
  return `not done: ${JSON.stringify(result)}`;
}

const target = await startTargetService();
// Only these operations become tools, and the token asks for exactly their scopes.
const session = await connect({
  baseUrl: target.baseUrl,
  apiKey: target.apiKey,
  auth: requireAuth(target),
  operations: { ids: ['get_wallet_balance', 'v7_images_text_to_image', 'post_wallet_fund'] },
});
console.log(`✓ connected; token scopes: ${session.scopes.requested?.join(' ')}`);

try {
  // Typed tools, one per operation, named after it: get_wallet_balance, v7_images_text_to_image, ...
  const tools = createAISDKTools(session, { mode: 'typed' });
  console.log(`✓ tools: ${Object.keys(tools).join(', ')}`);

  // A scripted model, so that the example needs no network and no key. For a real one, replace
  // the whole statement below with one line, for example:
  //   const model = openai('gpt-5-mini'); // import { openai } from '@ai-sdk/openai'
  const model = scriptedModel([
    { toolCalls: [{ tool: 'get_wallet_balance', input: {} }] },
    {
      toolCalls: [
        { tool: 'v7_images_text_to_image', input: { model_id: 'flux-dev', prompt: 'a lighthouse at dusk' } },
      ],
    },
    { toolCalls: [{ tool: 'post_wallet_fund', input: { amount: 10, payment_method_id: 'pm_card_visa' } }] },
    { text: 'Here is your lighthouse, and your wallet has $10 more.' },
  ]);

  const messages: ModelMessage[] = [
    {
      role: 'user',
      content: 'What is my balance? Then paint a lighthouse at dusk and add $10 to my wallet.',
    },
  ];
  console.log(`user: ${messages[0]?.content}`);
  const images: string[] = [];

  const run = async () => {
    const result = await generateText({
      model,
      tools,
      // Money and destructive calls stop for approval; everything else runs.
      toolApproval: createToolApproval(tools),
      stopWhen: isStepCount(8),
      messages,
      onToolExecutionStart: ({ toolCall }) =>
        console.log(`→ ${toolCall.toolName} ${JSON.stringify(toolCall.input)}`),
      onToolExecutionEnd: ({ toolCall, toolOutput }) => {
        if (toolOutput.type !== 'tool-result') return;
        // Every toolkit tool answers with the same small envelope: ok, status, outputs or data.
        const envelope = toolOutput.output as ToolResult;
        console.log(`← ${toolCall.toolName} ${summary(envelope)}`);
        if (envelope.ok && envelope.status === 'success')
          for (const output of envelope.outputs)
            if (output.mediaType?.startsWith('image/')) images.push(output.url);
      },
    });
    messages.push(...result.responseMessages);
    return result;
  };

  let result = await run();
  // The run ends early when a call waits for approval. Ask a person, answer, and run again.
  for (;;) {
    const requests = result.content.filter((part) => part.type === 'tool-approval-request');
    if (requests.length === 0) break;
    const responses: ToolApprovalResponse[] = [];
    for (const request of requests) {
      console.log(
        `! approval needed: ${request.toolCall.toolName} ${JSON.stringify(request.toolCall.input)}`,
      );
      // In your app, ask a person here (a dialog, a chat button). This example approves top-ups up to $20.
      const amount = Number((request.toolCall.input as { amount?: unknown }).amount);
      const approved = request.toolCall.toolName === 'post_wallet_fund' && amount <= 20;
      console.log(approved ? '✓ approved' : '✗ denied');
      responses.push({ type: 'tool-approval-response', approvalId: request.approvalId, approved });
    }
    messages.push({ role: 'tool', content: responses });
    result = await run();
  }
  console.log(`assistant: ${result.text}`);

  for (const [index, url] of images.entries()) {
    const path = join(tmpdir(), `ai-sdk-agent-${Date.now()}-${index + 1}.png`);
    await writeFile(path, new Uint8Array(await (await fetch(url)).arrayBuffer()));
    console.log(`✓ image saved to ${path}`);
  }
  const account = target.emulator?.inspect(requireAuth(target).email);
  if (account)
    console.log(
      `✓ the emulator's books: balance $${account.balance.toFixed(3)}, ${account.payments.length} payment`,
    );
} finally {
  await session.close(); // revokes the token the session obtained
  await target.close();
  console.log('✓ session closed');
}
