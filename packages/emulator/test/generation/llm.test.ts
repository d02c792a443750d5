import { type Emulator, type EmulatorAccount, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, send } from '../../../../test/support/http.js';

let emulator: Emulator;
let account: EmulatorAccount;
const messages = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'Name a colour.' },
];

beforeAll(async () => {
  emulator = await startEmulator({ clock: 'manual' });
  account = emulator.createAccount();
});
afterAll(() => emulator.close());

async function sse(url: string, body: unknown): Promise<{ event?: string; data: string }[]> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...bearer(account.apiKey), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const events: { event?: string; data: string }[] = [];
  for (const block of (await response.text()).split('\n\n')) {
    const event = /^event: (.*)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1];
    if (data !== undefined) events.push({ ...(event ? { event } : {}), data });
  }
  return events;
}

describe('the language-model endpoints', () => {
  it('answer v6 chat with choices[].message.content and charge for it', async () => {
    const before = emulator.inspect(account.email)?.balance ?? 0;
    const answer = await send(`${emulator.url}/api/v6/llm/chat`, {
      headers: bearer(account.apiKey),
      body: { model: 'llama-3.3-70b', messages },
    });
    expect(answer.body.status).toBe('success');
    const [choice] = answer.body.choices as { message: { content: string } }[];
    expect(choice?.message.content).toContain('Name a colour.');
    expect(emulator.inspect(account.email)?.balance).toBeCloseTo(before - 0.001);
  });

  it('answer the OpenAI-compatible endpoint in its own shape, and cut at max_tokens', async () => {
    const answer = await send(`${emulator.url}/api/v7/llm/chat/completions`, {
      headers: bearer(account.apiKey),
      body: { model: 'mistral-small', messages, max_tokens: 3 },
    });
    expect(answer.body).toMatchObject({ object: 'chat.completion', model: 'mistral-small' });
    const choices = answer.body.choices as { finish_reason: string }[];
    expect(choices[0]?.finish_reason).toBe('length');
    expect((answer.body.usage as { completion_tokens: number }).completion_tokens).toBeLessThanOrEqual(3);
  });

  it('stream OpenAI chunks ending in [DONE]', async () => {
    const events = await sse(`${emulator.url}/api/v8/llm/chat/completions`, {
      model: 'qwen-3-32b',
      messages,
      stream: true,
    });
    expect(events.at(-1)?.data).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event.data));
    const text = chunks.map((chunk) => chunk.choices[0].delta.content ?? '').join('');
    expect(text).toContain('You said: "Name a colour."');
    expect(chunks.at(-1).choices[0].finish_reason).toBe('stop');
    expect(chunks.at(-1).usage.total_tokens).toBeGreaterThan(0);
  });

  const weatherTool = {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'The weather in a city.',
      parameters: {
        type: 'object',
        required: ['city', 'days', 'unit'],
        properties: {
          city: { type: 'string' },
          days: { type: 'integer', minimum: 1 },
          unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
          note: { type: 'string' },
        },
      },
    },
  };
  const askWeather = [{ role: 'user', content: 'Please use get_weather for Paris.' }];

  it('call the tool the user names, with its required arguments, then answer from its result', async () => {
    const url = `${emulator.url}/api/v7/llm/chat/completions`;
    const first = await send(url, {
      headers: bearer(account.apiKey),
      body: { model: 'llama-3.3-70b', messages: askWeather, tools: [weatherTool] },
    });
    const [choice] = first.body.choices as {
      finish_reason: string;
      message: { content: null; tool_calls: { id: string; function: { name: string; arguments: string } }[] };
    }[];
    expect(choice?.finish_reason).toBe('tool_calls');
    expect(choice?.message.content).toBeNull();
    const call = choice?.message.tool_calls[0];
    expect(call?.function.name).toBe('get_weather');
    expect(JSON.parse(call?.function.arguments ?? '')).toEqual({ city: 'example', days: 1, unit: 'celsius' });

    const second = await send(url, {
      headers: bearer(account.apiKey),
      body: {
        model: 'llama-3.3-70b',
        tools: [weatherTool],
        messages: [
          ...askWeather,
          { role: 'assistant', content: null, tool_calls: [{ ...call, type: 'function' }] },
          { role: 'tool', tool_call_id: call?.id, content: 'Sunny, 21 degrees' },
        ],
      },
    });
    const [answer] = second.body.choices as { finish_reason: string; message: { content: string } }[];
    expect(answer?.finish_reason).toBe('stop');
    expect(answer?.message.content).toContain('The tool answered: "Sunny, 21 degrees"');
  });

  it('answer in text when no tool is named, or tool_choice is none; call one when it is required', async () => {
    const url = `${emulator.url}/api/v8/llm/chat/completions`;
    const plain = await send(url, {
      headers: bearer(account.apiKey),
      body: { model: 'qwen-3-32b', messages, tools: [weatherTool] },
    });
    expect((plain.body.choices as { finish_reason: string }[])[0]?.finish_reason).toBe('stop');
    const none = await send(url, {
      headers: bearer(account.apiKey),
      body: { model: 'qwen-3-32b', messages: askWeather, tools: [weatherTool], tool_choice: 'none' },
    });
    expect((none.body.choices as { finish_reason: string }[])[0]?.finish_reason).toBe('stop');
    const required = await send(url, {
      headers: bearer(account.apiKey),
      body: { model: 'qwen-3-32b', messages, tools: [weatherTool], tool_choice: 'required' },
    });
    expect((required.body.choices as { finish_reason: string }[])[0]?.finish_reason).toBe('tool_calls');
  });

  it('stream a tool call with its arguments in pieces', async () => {
    const events = await sse(`${emulator.url}/api/v7/llm/chat/completions`, {
      model: 'mistral-small',
      messages: askWeather,
      tools: [weatherTool],
      stream: true,
    });
    expect(events.at(-1)?.data).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event.data));
    const deltas = chunks.flatMap((chunk) => chunk.choices[0].delta.tool_calls ?? []);
    expect(deltas[0]).toMatchObject({ index: 0, type: 'function', function: { name: 'get_weather' } });
    const argumentsText = deltas
      .map((delta: { function: { arguments: string } }) => delta.function.arguments)
      .join('');
    expect(JSON.parse(argumentsText)).toEqual({ city: 'example', days: 1, unit: 'celsius' });
    expect(chunks.at(-1).choices[0].finish_reason).toBe('tool_calls');
    expect(chunks.at(-1).usage.completion_tokens).toBeGreaterThan(0);
  });

  it('answer and stream the Anthropic-compatible endpoint', async () => {
    const anthropic = [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }];
    const answer = await send(`${emulator.url}/api/v7/llm/v1/messages`, {
      headers: bearer(account.apiKey),
      body: { model: 'deepseek-v3', messages: anthropic, max_tokens: 100, system: 'Be kind.' },
    });
    expect(answer.body).toMatchObject({ type: 'message', role: 'assistant', stop_reason: 'end_turn' });
    const events = await sse(`${emulator.url}/api/v7/llm/v1/messages`, {
      model: 'deepseek-v3',
      messages: anthropic,
      max_tokens: 100,
      stream: true,
    });
    expect(events.map((event) => event.event)).toEqual(
      expect.arrayContaining(['message_start', 'content_block_delta', 'message_delta', 'message_stop']),
    );
    expect(events.at(-1)?.event).toBe('message_stop');
    const tokens = await send(`${emulator.url}/api/v7/llm/v1/messages/count_tokens`, {
      headers: bearer(account.apiKey),
      body: { model: 'deepseek-v3', messages: anthropic },
    });
    expect(tokens.body.input_tokens).toBeGreaterThan(0);
  });

  it('list models, and refuse an unknown one in the dialect of the endpoint', async () => {
    const list = await send(`${emulator.url}/api/v7/llm/v1/models`, { headers: bearer(account.apiKey) });
    expect(list.body.object).toBe('list');
    expect((list.body.data as { id: string }[]).map((model) => model.id)).toContain('llama-3.3-70b');
    const openai = await send(`${emulator.url}/api/v7/llm/chat/completions`, {
      headers: bearer(account.apiKey),
      body: { model: 'gpt-nothing', messages },
    });
    expect(openai.status).toBe(404);
    expect(openai.body.error).toMatchObject({ code: 'model_not_found', param: 'model' });
    const anthropic = await send(`${emulator.url}/api/v7/llm/v1/messages`, {
      headers: bearer(account.apiKey),
      body: { model: 'deepseek-v3', messages: [] },
    });
    expect(anthropic.status).toBe(422);
    expect(anthropic.body).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
  });
});
