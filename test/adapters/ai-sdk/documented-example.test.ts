import { generateText, isStepCount, type ModelMessage } from 'ai';
import { startEmulator } from 'generation-agent-toolkit-emulator';
import { expect, it } from 'vitest';
import { createAISDKTools, createToolApproval } from '../../../src/adapters/ai-sdk.js';
import { connect } from '../../../src/auth/index.js';
import { virtualHttp } from '../../support/virtual-http.js';
import { scriptedModel } from './support/scripted-model.js';

// The example in the TSDoc of createAISDKTools, line for line, with a scripted model in place of
// OpenAI and the emulator on virtual time.
it('runs the documented example: fund the wallet after approval, then draw', async () => {
  const emulator = await startEmulator({ clock: 'manual' });
  const account = emulator.createAccount({ password: 'a-long-Pa55word' });
  const session = await connect({
    baseUrl: emulator.url,
    apiKey: account.apiKey,
    auth: { email: account.email, password: account.password },
    operations: { ids: ['v7_images_text_to_image', 'get_wallet_balance', 'post_wallet_fund'] },
    http: virtualHttp(emulator),
  });
  const tools = createAISDKTools(session, { mode: 'typed', schema: 'openai-strict' });
  const model = scriptedModel([
    { toolCalls: [{ tool: 'post_wallet_fund', input: { amount: 10, payment_method_id: 'pm_card_visa' } }] },
    {
      toolCalls: [
        {
          tool: 'v7_images_text_to_image',
          input: { model_id: 'flux-dev', prompt: 'a lighthouse', width: null, height: null },
        },
      ],
    },
    { text: 'Funded, and here is your lighthouse.' },
  ]);
  const run = (messages: ModelMessage[]) =>
    generateText({
      model,
      tools,
      toolApproval: createToolApproval(tools),
      stopWhen: isStepCount(5),
      messages,
    });

  const messages: ModelMessage[] = [
    { role: 'user', content: 'Add $10 to my wallet, then draw a lighthouse.' },
  ];
  let result = await run(messages);
  const requests = result.content.filter((part) => part.type === 'tool-approval-request');
  expect(requests).toHaveLength(1);
  if (requests.length > 0) {
    messages.push(...result.responseMessages, {
      role: 'tool',
      content: requests.map(({ approvalId }) => ({
        type: 'tool-approval-response',
        approvalId,
        approved: true,
      })),
    });
    result = await run(messages);
  }
  expect(result.text).toBe('Funded, and here is your lighthouse.');
  // The approved call runs before the model's next turn: its result is in the response messages.
  const results = result.responseMessages.flatMap((message) =>
    message.role === 'tool' ? message.content.filter((part) => part.type === 'tool-result') : [],
  );
  expect(results.map((part) => [part.toolName, part.output])).toEqual([
    [
      'post_wallet_fund',
      expect.objectContaining({ type: 'json', value: expect.objectContaining({ ok: true }) }),
    ],
    [
      'v7_images_text_to_image',
      expect.objectContaining({ type: 'json', value: expect.objectContaining({ ok: true }) }),
    ],
  ]);
  expect(emulator.inspect(account.email)?.payments).toHaveLength(1);
  await session.close();
  await emulator.close();
});
