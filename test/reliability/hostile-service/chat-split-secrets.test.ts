/**
 * Issue 22: the chat stream masker held back the end of each delta for the session's known
 * secrets, but not for webhook capabilities (masked by their `gwh_` shape): a capability in a
 * chat answer reached the application whole, and split across two deltas neither half matched.
 * Against a chat service of our own that answers in exactly two deltas, split at every point of
 * the text (a key and a capability in it), through the AI SDK's `streamText`; and the hold-back
 * measured: never more than the longest secret (or a capability) minus one character.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { streamText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceDescription } from '../../../src/discovery/service-description.js';
import { Redactor } from '../../../src/http/index.js';
import { createGenerationProvider, type GenerationProvider } from '../../../src/provider/index.js';
import { type LoopbackServer, listenOnLoopback, receive } from '../../support/loopback-server.js';
import { serviceAt } from '../support/rebased-service.js';
import { createSkippingClock } from '../support/skipping-clock.js';

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const KEY = 'split-canary-key-7a41e9c0';
const CAPABILITY = `gwh_${'Qx9_-'.repeat(8)}abc`;
const TEXT = `Use ${KEY} to call, and post to https://hooks.example/${CAPABILITY} when done.`;
const MASKED = 'Use [REDACTED] to call, and post to https://hooks.example/[REDACTED] when done.';

let server: LoopbackServer;
let service: ServiceDescription;
const providers: GenerationProvider[] = [];

/** Answers in two deltas, `TEXT` split where the prompt says. */
function serve(request: IncomingMessage, response: ServerResponse): void {
  receive(request, ({ body }) => {
    const parsed = JSON.parse(body || '{}') as { messages?: { content?: unknown }[] };
    const split = Number(/split (\d+)/.exec(String(parsed.messages?.at(-1)?.content ?? ''))?.[1] ?? 1);
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const base = { id: 'chat-1', model: 'llama-3.3-70b', created: 1 };
    for (const content of [TEXT.slice(0, split), TEXT.slice(split)])
      response.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: { content } }] })}\n\n`);
    response.write(
      `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
    );
    response.end('data: [DONE]\n\n');
  });
}

beforeAll(async () => {
  server = await listenOnLoopback(createServer(serve));
  service = await serviceAt(server.url);
});
afterAll(async () => {
  await Promise.all(providers.map((provider) => provider.close()));
  await server.close();
});

describe('secrets split across two chat deltas', () => {
  it('are masked at every split point of the text, the key and the capability alike', async () => {
    const provider = createGenerationProvider({
      baseURL: server.url,
      apiKey: KEY,
      service,
      _internal: { clock: createSkippingClock() },
    });
    providers.push(provider);
    const model = provider.languageModel('llama-3.3-70b');
    const leaks: number[] = [];
    for (let split = 1; split < TEXT.length; split += 1) {
      const result = streamText({ model, prompt: `echo, split ${split}`, maxRetries: 0 });
      const deltas: string[] = [];
      for await (const delta of result.textStream) deltas.push(delta);
      const whole = deltas.join('');
      if (
        whole !== MASKED ||
        deltas.some((delta) => delta.includes('gwh_Qx') || delta.includes(KEY.slice(0, 8)))
      )
        leaks.push(split);
    }
    expect(leaks).toEqual([]);
  });

  it('holds back at most the longest secret (or a capability) minus one character, at any piece size', () => {
    const redactor = new Redactor();
    redactor.addSecret(KEY);
    // Plain text full of what may begin a capability (`g`, `gw`, `gwh_…`) and of the key's start.
    const plain = 'going, gwh_ going, split-canary and gwh_abc growing; '.repeat(4_000);
    const bound = Math.max(KEY.length - 1, 47 - 1);
    for (const size of [1, 3, 16, 200, 4096]) {
      const masker = redactor.streamMasker();
      let received = 0;
      let emitted = 0;
      let mostHeld = 0;
      const started = performance.now();
      for (let index = 0; index < plain.length; index += size) {
        const piece = plain.slice(index, index + size);
        received += piece.length;
        emitted += masker.push(piece).length;
        mostHeld = Math.max(mostHeld, received - emitted);
      }
      const rest = masker.end();
      expect(emitted + rest.length).toBe(plain.length);
      expect(mostHeld).toBeLessThanOrEqual(bound);
      if (process.env.GENTK_FIGURES)
        process.stdout.write(
          `FIGURE stream masker, pieces of ${size}: held at most ${mostHeld} characters (bound ${bound}), ${(performance.now() - started).toFixed(1)} ms for ${plain.length} characters\n`,
        );
    }
  });
});
