/**
 * A chat endpoint that echoes the provider's API key (issue 14's masking, carried to the AI SDK
 * provider's language models): in a whole answer, and in a stream where the key is split across
 * deltas of every size, in text and in a tool call's arguments. The key must reach the
 * application nowhere, and the rest of the text must arrive unchanged.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { generateText, jsonSchema, streamText, tool } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceDescription } from '../../../src/discovery/service-description.js';
import { createGenerationProvider, type GenerationProvider } from '../../../src/provider/index.js';
import { type LoopbackServer, listenOnLoopback, receive } from '../../support/loopback-server.js';
import { serviceAt } from '../support/rebased-service.js';
import { createSkippingClock } from '../support/skipping-clock.js';

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const KEY = 'chat-canary-key-61f0c2d9';
const ECHO = `Your key is ${KEY}, and once more: ${KEY}.`;
const MASKED = 'Your key is [REDACTED], and once more: [REDACTED].';
const ARGUMENTS = JSON.stringify({ note: `signed ${KEY}` });

let server: LoopbackServer;
let service: ServiceDescription;
const providers: GenerationProvider[] = [];

/** `text` in pieces of `size` characters. */
function pieces(text: string, size: number): string[] {
  const parts: string[] = [];
  for (let index = 0; index < text.length; index += size) parts.push(text.slice(index, index + size));
  return parts;
}

function streamAnswer(response: ServerResponse, size: number, withTool: boolean): void {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  const send = (chunk: unknown) => response.write(`data: ${JSON.stringify(chunk)}\n\n`);
  const base = { id: 'chat-1', model: 'llama-3.3-70b', created: 1 };
  for (const content of pieces(ECHO, size)) send({ ...base, choices: [{ index: 0, delta: { content } }] });
  if (withTool) {
    for (const [position, part] of pieces(ARGUMENTS, size).entries()) {
      send({
        ...base,
        choices: [
          {
            index: 0,
            delta: {
              tool_calls: [
                {
                  index: 0,
                  ...(position === 0 ? { id: 'call-1', function: { name: 'note', arguments: part } } : {}),
                  ...(position > 0 ? { function: { arguments: part } } : {}),
                },
              ],
            },
          },
        ],
      });
    }
  }
  send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: withTool ? 'tool_calls' : 'stop' }] });
  response.end('data: [DONE]\n\n');
}

function serve(request: IncomingMessage, response: ServerResponse): void {
  receive(request, ({ body }) => {
    const parsed = JSON.parse(body || '{}') as { stream?: boolean; messages?: { content?: unknown }[] };
    const prompt = String(parsed.messages?.at(-1)?.content ?? '');
    if (parsed.stream) {
      streamAnswer(response, Number(/size (\d+)/.exec(prompt)?.[1] ?? 1), prompt.includes('tool'));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: 'chat-1',
        model: 'llama-3.3-70b',
        choices: [{ index: 0, message: { role: 'assistant', content: ECHO }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 3, completion_tokens: 9 },
      }),
    );
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

function model() {
  const provider = createGenerationProvider({
    baseURL: server.url,
    apiKey: KEY,
    service,
    _internal: { clock: createSkippingClock() },
  });
  providers.push(provider);
  return provider.languageModel('llama-3.3-70b');
}

describe('a chat that echoes the key', () => {
  it('answers whole with the key masked in the text and the response body', async () => {
    const result = await generateText({ model: model(), prompt: 'echo', maxRetries: 0 });
    expect(result.text).toBe(MASKED);
    expect(JSON.stringify(result.steps)).not.toContain(KEY);
  });

  it.each([1, 2, 5, 7, 13, 64])(
    'streams with the key masked across deltas of %i characters',
    async (size) => {
      const result = streamText({ model: model(), prompt: `echo, size ${size}`, maxRetries: 0 });
      const deltas: string[] = [];
      for await (const delta of result.textStream) deltas.push(delta);
      expect(deltas.join('')).toBe(MASKED);
      for (const delta of deltas) expect(delta).not.toContain(KEY.slice(0, 6));
    },
  );

  it.each([1, 4, 9])('masks the key in a streamed tool call split in %i-character deltas', async (size) => {
    const inputs: unknown[] = [];
    const result = streamText({
      model: model(),
      prompt: `echo with a tool, size ${size}`,
      maxRetries: 0,
      includeRawChunks: true,
      tools: {
        note: tool({
          inputSchema: jsonSchema<{ note: string }>({
            type: 'object',
            properties: { note: { type: 'string' } },
          }),
          execute: async (input) => {
            inputs.push(input);
            return 'noted';
          },
        }),
      },
    });
    const parts: unknown[] = [];
    for await (const part of result.fullStream) parts.push(part);
    expect(JSON.stringify(parts)).not.toContain(KEY);
    expect(inputs).toEqual([{ note: 'signed [REDACTED]' }]);
  });
});
