/**
 * An agent whose job results arrive by webhook: a Hono app receives the service's deliveries, each
 * tool call resolves when its delivery arrives, and polling stays the fallback for a delivery that
 * never comes.
 *
 *   npx tsx examples/webhooks/index.ts
 *
 * Runs against an embedded emulator of the service, which delivers to the app on loopback and
 * loses one delivery in three on purpose, to show the fallback. Against a real service
 * (GENTK_BASE_URL and GENTK_API_KEY), set PUBLIC_URL to an address of this app the service can
 * reach (your domain, or a tunnel to port 8787). The model is scripted (no network, no key).
 */
import { serve } from '@hono/node-server';
import { generateText, isStepCount } from 'ai';
import { connect, createWebhookReceiver, type ToolResult } from 'generation-agent-toolkit';
import { createAISDKTools } from 'generation-agent-toolkit/ai-sdk';
import { Hono } from 'hono';
import { scriptedModel } from '../support/scripted-model.js';
import { startTargetService } from '../support/target-service.js';

const target = await startTargetService({
  emulator: { timeScale: 0.02, jobDurations: { image: 8 }, seed: 4, webhookFaults: { lost: 1 / 3 } },
});
let requests = 0;
let polls = 0;
const session = await connect({
  baseUrl: target.baseUrl,
  apiKey: target.apiKey,
  operations: { ids: ['v7_images_text_to_image'] },
  // Only to count what reaches the service; an app does not need it.
  http: {
    onEvent: (event) => {
      if (event.type !== 'request' || event.attempt !== 1) return;
      requests += 1;
      if (event.url.includes('/fetch')) polls += 1;
    },
  },
});

// Counted from the first call on (discovery's requests go through the session too).
requests = 0;
polls = 0;

// The web app: one route takes every delivery. `receiver.handle` is a Web-standard handler
// (Request in, Response out), so the same line works in Next.js route handlers, Bun and Deno.
const app = new Hono();
app.get('/', (c) => c.text('an agent that receives its results by webhook'));
const port = Number(process.env.PORT ?? 0);
const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
  const started = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolve(started));
});
const address = server.address();
const local = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
const receiver = createWebhookReceiver(session, { publicUrl: process.env.PUBLIC_URL ?? `${local}/webhooks` });
app.post('/webhooks/*', (c) => receiver.handle(c.req.raw));
console.log(`✓ app receiving webhooks at ${receiver.publicUrl}`);

try {
  const tools = createAISDKTools(session, { mode: 'typed' });
  // A scripted model asks for three images at once. For a real one, replace the statement below
  // with, for example: const model = openai('gpt-5-mini'); // import { openai } from '@ai-sdk/openai'
  const prompts = ['a lighthouse at dusk', 'a harbour at dawn', 'a ferry in fog'];
  const model = scriptedModel([
    {
      toolCalls: prompts.map((prompt) => ({
        tool: 'v7_images_text_to_image',
        input: { model_id: 'flux-dev', prompt },
      })),
    },
    { text: 'Here are your three pictures of the coast.' },
  ]);
  const result = await generateText({
    model,
    tools,
    stopWhen: isStepCount(4),
    prompt: 'Paint the coast three times: a lighthouse at dusk, a harbour at dawn, a ferry in fog.',
    onToolExecutionEnd: ({ toolCall, toolOutput }) => {
      if (toolOutput.type !== 'tool-result') return;
      const envelope = toolOutput.output as ToolResult;
      const url = envelope.ok ? envelope.outputs[0]?.url : JSON.stringify(envelope);
      console.log(`← ${toolCall.toolName} ${envelope.status}: ${url}`);
    },
  });
  console.log(`assistant: ${result.text}`);
  const deliveries = target.emulator?.webhooks() ?? [];
  const lost = deliveries.filter((delivery) => delivery.fault === 'lost').length;
  if (target.emulator)
    console.log(`✓ the emulator delivered ${deliveries.length - lost} results and lost ${lost}`);
  // One request per job (its submission), and one poll for each lost delivery.
  console.log(`✓ requests to the service: ${requests}, of which polls: ${polls}`);
} finally {
  await session.close();
  server.close();
  await target.close();
  console.log('✓ session closed');
}
