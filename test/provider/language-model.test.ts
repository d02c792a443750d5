import { APICallError, NoSuchModelError, UnsupportedFunctionalityError } from '@ai-sdk/provider';
import { generateText, jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingIn, type ProviderBed, startProviderBed } from './support/provider-bed.js';

let bed: ProviderBed;

beforeAll(async () => {
  bed = await startProviderBed();
});
afterAll(() => bed.close());

const weather = tool({
  description: 'The weather in a city.',
  inputSchema: jsonSchema<{ city: string; unit: 'celsius' | 'fahrenheit' }>({
    type: 'object',
    required: ['city', 'unit'],
    properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
  }),
  execute: async ({ city, unit }) => `Sunny in ${city}, 21 degrees ${unit}`,
});

describe('generateText', () => {
  it('chats over the v7 OpenAI-compatible endpoint with usage and finish reason', async () => {
    const generation = bed.provider();
    const result = await generateText({
      model: generation('llama-3.3-70b'),
      system: 'Be brief.',
      prompt: 'Name a colour.',
      temperature: 0.2,
      maxOutputTokens: 200,
      include: { requestBody: true },
    });
    expect(result.text).toBe('This is an emulated reply from llama-3.3-70b. You said: "Name a colour."');
    expect(result.finishReason).toBe('stop');
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(result.usage.outputTokens).toBeGreaterThan(0);
    expect(result.usage.totalTokens).toBe((result.usage.inputTokens ?? 0) + (result.usage.outputTokens ?? 0));
    expect(result.warnings).toEqual([]);
    expect(result.response.modelId).toBe('llama-3.3-70b');
    expect(result.request.body).toMatchObject({ model: 'llama-3.3-70b', max_tokens: 200, temperature: 0.2 });
  });

  it('stops at max_tokens with finish reason length', async () => {
    const generation = bed.provider();
    const result = await generateText({
      model: generation('mistral-small'),
      prompt: 'Hello',
      maxOutputTokens: 3,
    });
    expect(result.finishReason).toBe('length');
    expect(result.usage.outputTokens).toBeLessThanOrEqual(3);
  });

  it('chats over the v6 endpoint chosen by the id prefix, and warns about settings it has no field for', async () => {
    const generation = bed.provider();
    const result = await generateText({
      model: generation.languageModel('v6/llama-3.3-70b'),
      prompt: 'Hello from v6',
      topK: 40,
      topP: 0.9,
      seed: 5,
    });
    expect(result.text).toContain('You said: "Hello from v6"');
    expect(result.warnings?.map((warning) => (warning as { feature: string }).feature)).toEqual([
      'topP',
      'topK',
      'seed',
    ]);
  });

  it('calls a tool and answers from its result over two steps', async () => {
    const generation = bed.provider();
    const result = await generateText({
      model: generation('qwen-3-32b'),
      prompt: 'Use weather for Lisbon, please.',
      tools: { weather },
      stopWhen: stepCountIs(3),
    });
    expect(result.steps).toHaveLength(2);
    const [first] = result.steps;
    expect(first?.finishReason).toBe('tool-calls');
    expect(first?.toolCalls[0]).toMatchObject({
      toolName: 'weather',
      input: { city: 'example', unit: 'celsius' },
    });
    expect(first?.toolResults[0]?.output).toBe('Sunny in example, 21 degrees celsius');
    expect(result.text).toContain('The tool answered: "Sunny in example, 21 degrees celsius"');
    expect(result.totalUsage.inputTokens).toBeGreaterThan(first?.usage.inputTokens ?? 0);
  });

  it('warns that the v6 endpoint calls no tools', async () => {
    const generation = bed.provider();
    const result = await generateText({
      model: generation('v6/llama-3.3-70b'),
      prompt: 'Use weather for Lisbon.',
      tools: { weather },
    });
    expect(result.toolCalls).toEqual([]);
    expect(result.warnings).toEqual([expect.objectContaining({ type: 'unsupported', feature: 'tools' })]);
  });

  it('refuses file parts, which the chat endpoints cannot read', async () => {
    const generation = bed.provider();
    const failure = await generateText({
      model: generation('llama-3.3-70b'),
      messages: [
        {
          role: 'user',
          content: [{ type: 'file', data: new Uint8Array([1, 2, 3]), mediaType: 'application/pdf' }],
        },
      ],
    }).catch((error: unknown) => error);
    expect(UnsupportedFunctionalityError.isInstance(failure)).toBe(true);
  });
});

describe('streamText', () => {
  it('streams the SSE of chat/completions as several text deltas', async () => {
    const generation = bed.provider();
    const result = streamText({ model: generation('deepseek-v3'), prompt: 'Stream this reply, please.' });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(
      'This is an emulated reply from deepseek-v3. You said: "Stream this reply, please."',
    );
    expect(await result.finishReason).toBe('stop');
    const usage = await result.usage;
    expect(usage.inputTokens).toBeGreaterThan(0);
    expect(usage.outputTokens).toBeGreaterThan(0);
    expect((await result.response).id).toMatch(/^chatcmpl-/);
  });

  it('streams a tool call, runs it, and streams the answer', async () => {
    const generation = bed.provider();
    const result = streamText({
      model: generation('v8/llama-3.1-8b'),
      prompt: 'Ask weather about Oslo.',
      tools: { weather },
      stopWhen: stepCountIs(3),
    });
    const kinds = new Set<string>();
    for await (const part of result.fullStream) kinds.add(part.type);
    expect([...kinds]).toEqual(
      expect.arrayContaining([
        'tool-input-start',
        'tool-input-delta',
        'tool-call',
        'tool-result',
        'text-delta',
      ]),
    );
    expect(await result.text).toContain('The tool answered');
    expect((await result.steps).map((step) => step.finishReason)).toEqual(['tool-calls', 'stop']);
  });

  it('gives the v6 endpoint a faithful single-chunk stream, with a warning', async () => {
    const generation = bed.provider();
    const result = streamText({ model: generation('v6/mistral-large'), prompt: 'One piece only.' });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    expect(deltas).toEqual(['This is an emulated reply from mistral-large. You said: "One piece only."']);
    expect(await result.finishReason).toBe('stop');
    expect((await result.usage).totalTokens).toBeGreaterThan(0);
    expect(await result.warnings).toEqual([
      expect.objectContaining({ type: 'compatibility', feature: 'streaming' }),
    ]);
  });
});

describe('language model errors', () => {
  it('lists language models, closest first, for an unknown one', () => {
    const generation = bed.provider();
    try {
      generation('llama-3.3-7b');
      expect.unreachable();
    } catch (error) {
      expect(NoSuchModelError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/Did you mean "llama-3.3-70b"/);
    }
    expect(() => generation('v9/llama-3.3-70b')).toThrowError(/no chat endpoint for v9/);
  });

  it('turns a refused key into an APICallError with the service message and without the key', async () => {
    const canary = 'gk_canary0000000000000000000000001';
    const generation = bed.provider({ apiKey: canary });
    const failure = await generateText({
      model: generation('llama-3.3-70b'),
      prompt: 'hi',
      maxRetries: 0,
    }).catch((error: unknown) => error);
    expect(APICallError.isInstance(failure)).toBe(true);
    const error = failure as APICallError;
    expect(error.statusCode).toBe(401);
    expect(error.isRetryable).toBe(false);
    expect(error.message).toContain('Invalid API key');
    expect(error.responseBody).toContain('authentication_error');
    expect(everythingIn(error)).not.toContain(canary);
    expect(everythingIn(error)).not.toContain('canary0000');
  });

  it('turns a failing stream request into an error part of the stream', async () => {
    const generation = bed.provider({ apiKey: 'gk_wrong_key_for_streaming_0000000' });
    const errors: unknown[] = [];
    const result = streamText({
      model: generation('llama-3.3-70b'),
      prompt: 'hi',
      maxRetries: 0,
      onError: ({ error }) => {
        errors.push(error);
      },
    });
    await result.consumeStream();
    expect(errors).toHaveLength(1);
    expect(APICallError.isInstance(errors[0])).toBe(true);
    expect((errors[0] as APICallError).statusCode).toBe(401);
  });
});
