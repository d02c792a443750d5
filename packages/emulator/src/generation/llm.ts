import { randomUUID } from 'node:crypto';
import { streamSSE } from 'hono/streaming';
import type { GenerationOperation } from '../catalogue/types.js';
import type { EmulatorContext, RequestContext } from '../context.js';
import { closeMatches } from '../control-plane/close-matches.js';
import { MODELS } from '../models.js';
import { generationError } from './respond.js';

type Message = { role: string; content: unknown; tool_call_id?: unknown };

type ToolCall = { id: string; name: string; arguments: string };

const LLM_MODELS = MODELS.filter((model) => model.category === 'llm');

/** Rough token count (four characters a token), the same for prompts and replies. */
export function countTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((block) => (typeof block === 'object' && block && 'text' in block ? String(block.text) : ''))
      .join('');
  }
  return '';
}

function promptTokens(messages: readonly Message[], system: unknown): number {
  const all =
    messages.map((message) => textOf(message.content)).join('\n') +
    (typeof system === 'string' ? system : '');
  return countTokens(all) + 3 * messages.length;
}

const quote = (content: unknown) => textOf(content).replace(/\s+/g, ' ').trim().slice(0, 200);

/**
 * The deterministic reply: it names the model and quotes the last user message (or, after a tool
 * call, the tool's answer), so a test can see that the conversation arrived. `max_tokens` cuts
 * it, as a real model would stop.
 */
function reply(model: string, messages: readonly Message[], maxTokens: number | undefined) {
  const lastMessage = messages.at(-1);
  const lastUser = [...messages].reverse().find((message) => message.role === 'user');
  const full =
    lastMessage?.role === 'tool'
      ? `This is an emulated reply from ${model}. The tool answered: "${quote(lastMessage.content)}"`
      : `This is an emulated reply from ${model}. You said: "${quote(lastUser?.content)}"`;
  const words = full.split(' ');
  if (maxTokens !== undefined && countTokens(full) > maxTokens) {
    const kept: string[] = [];
    for (const word of words) {
      if (countTokens([...kept, word].join(' ')) > maxTokens) break;
      kept.push(word);
    }
    const text = kept.join(' ') || (words[0] ?? '');
    return { text, truncated: true, completionTokens: countTokens(text) };
  }
  return { text: full, truncated: false, completionTokens: countTokens(full) };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value that satisfies `schema` in the plainest way: its const, first enum value, default, or a minimal value of its type. */
function sampleValue(schema: unknown, depth: number): unknown {
  if (!isObject(schema)) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return 'example';
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return depth < 4 ? requiredArguments(schema, depth + 1) : {};
    default:
      return null;
  }
}

/** An object holding the required properties of `schema`, each with a sample value. */
function requiredArguments(schema: unknown, depth = 0): Record<string, unknown> {
  if (!isObject(schema)) return {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required)
    ? schema.required.filter((name) => typeof name === 'string')
    : [];
  return Object.fromEntries(required.map((name) => [name, sampleValue(properties[name], depth)]));
}

/**
 * The deterministic tool call: when tools are offered and the conversation ends with the user,
 * the model calls the tool named by `tool_choice`, else the one whose name the user's message
 * mentions (`required`: else the first tool), with its schema's required arguments. After a
 * tool's answer, and when no tool fits, it answers in text.
 */
function chooseToolCall(input: Record<string, unknown>, messages: readonly Message[]): ToolCall | undefined {
  const tools = (Array.isArray(input.tools) ? input.tools : [])
    .map((tool) => (isObject(tool) && isObject(tool.function) ? tool.function : undefined))
    .filter((fn): fn is Record<string, unknown> => typeof fn?.name === 'string');
  const choice = input.tool_choice;
  if (tools.length === 0 || choice === 'none' || messages.at(-1)?.role !== 'user') return undefined;
  const said = textOf(messages.at(-1)?.content).toLowerCase();
  const named = isObject(choice) && isObject(choice.function) ? choice.function.name : undefined;
  const tool =
    named !== undefined
      ? tools.find((fn) => fn.name === named)
      : ([...tools]
          .sort((a, b) => String(b.name).length - String(a.name).length)
          .find((fn) => said.includes(String(fn.name).toLowerCase())) ??
        (choice === 'required' ? tools[0] : undefined));
  if (!tool) return undefined;
  return {
    id: `call_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
    name: String(tool.name),
    arguments: JSON.stringify(requiredArguments(tool.parameters)),
  };
}

function knownModel(model: string): boolean {
  return LLM_MODELS.some((candidate) => candidate.modelId === model);
}

/** The five LLM answers: v6 chat, OpenAI chat.completions, Anthropic messages, count_tokens, model lists. */
export function answerLlm(
  c: RequestContext,
  ctx: EmulatorContext,
  operation: GenerationOperation,
  input: Record<string, unknown>,
): Response | Promise<Response> {
  if (operation.result === 'llm-model-list') {
    return c.json({
      object: 'list',
      data: LLM_MODELS.map((model) => ({
        id: model.modelId,
        object: 'model',
        created: 1_735_689_600,
        owned_by: model.provider,
      })),
    });
  }
  const model = typeof input.model === 'string' ? input.model : (LLM_MODELS[0]?.modelId ?? 'llama-3.3-70b');
  if (!knownModel(model)) {
    const ids = LLM_MODELS.map((candidate) => candidate.modelId);
    const close = closeMatches(model, ids);
    const suggestions = close.length > 0 ? close : ids.slice(0, 5);
    const choices = suggestions.join(', ');
    return generationError(
      c,
      ctx,
      operation,
      404,
      `Model ${model} is not available. Try one of: ${choices}.`,
      {
        code: 'model_not_found',
        param: 'model',
        suggestions,
      },
    );
  }
  const messages = (Array.isArray(input.messages) ? input.messages : []) as Message[];
  const inputTokens = promptTokens(messages, input.system);
  if (operation.result === 'count-tokens') return c.json({ input_tokens: inputTokens });
  const maxTokens = typeof input.max_tokens === 'number' ? input.max_tokens : undefined;
  const { text, truncated, completionTokens } = reply(model, messages, maxTokens);
  const created = Math.floor(ctx.clock.now() / 1000);

  if (operation.result === 'messages-anthropic') {
    const message = {
      id: `msg_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text }],
      stop_reason: truncated ? 'max_tokens' : 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: inputTokens, output_tokens: completionTokens },
    };
    if (input.stream !== true) return c.json(message);
    return streamSSE(c, async (stream) => {
      await stream.writeSSE({
        event: 'message_start',
        data: JSON.stringify({
          type: 'message_start',
          message: {
            ...message,
            content: [],
            stop_reason: null,
            usage: { input_tokens: inputTokens, output_tokens: 0 },
          },
        }),
      });
      await stream.writeSSE({
        event: 'content_block_start',
        data: JSON.stringify({
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'text', text: '' },
        }),
      });
      for (const piece of text.match(/\S+\s*/g) ?? []) {
        await stream.writeSSE({
          event: 'content_block_delta',
          data: JSON.stringify({
            type: 'content_block_delta',
            index: 0,
            delta: { type: 'text_delta', text: piece },
          }),
        });
      }
      await stream.writeSSE({
        event: 'content_block_stop',
        data: JSON.stringify({ type: 'content_block_stop', index: 0 }),
      });
      await stream.writeSSE({
        event: 'message_delta',
        data: JSON.stringify({
          type: 'message_delta',
          delta: { stop_reason: message.stop_reason, stop_sequence: null },
          usage: { output_tokens: completionTokens },
        }),
      });
      await stream.writeSSE({ event: 'message_stop', data: JSON.stringify({ type: 'message_stop' }) });
    });
  }

  const usage = openAiUsage(inputTokens, completionTokens);
  const finishReason = truncated ? 'length' : 'stop';
  if (operation.result === 'chat-v6') {
    return c.json({
      status: 'success',
      id: randomUUID(),
      model,
      choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: finishReason }],
      usage,
    });
  }
  const id = `chatcmpl-${randomUUID().replace(/-/g, '').slice(0, 24)}`;
  const toolCall = chooseToolCall(input, messages);
  if (toolCall)
    return answerToolCall(c, { id, created, model, inputTokens, toolCall, stream: input.stream === true });
  const frame = { id, created, model };
  if (input.stream !== true)
    return c.json(completion(frame, { role: 'assistant', content: text }, finishReason, usage));
  return streamSSE(c, async (stream) => {
    const chunk = chunkOf(frame);
    await stream.writeSSE({ data: chunk({ role: 'assistant', content: '' }, null) });
    for (const piece of text.match(/\S+\s*/g) ?? [])
      await stream.writeSSE({ data: chunk({ content: piece }, null) });
    await stream.writeSSE({ data: chunk({}, finishReason, { usage }) });
    await stream.writeSSE({ data: '[DONE]' });
  });
}

/** What every OpenAI-compatible completion and chunk of one answer repeats. */
interface CompletionFrame {
  readonly id: string;
  readonly created: number;
  readonly model: string;
}

function openAiUsage(promptTokens: number, completionTokens: number) {
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
}

/** A whole `chat.completion` with one choice. */
function completion(frame: CompletionFrame, message: object, finishReason: string, usage: object) {
  return {
    id: frame.id,
    object: 'chat.completion',
    created: frame.created,
    model: frame.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }],
    usage,
  };
}

/** Writes one `chat.completion.chunk` of the answer: a delta, and its finish reason on the last. */
function chunkOf(frame: CompletionFrame) {
  return (delta: object, finish: string | null, extra: object = {}) =>
    JSON.stringify({
      id: frame.id,
      object: 'chat.completion.chunk',
      created: frame.created,
      model: frame.model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      ...extra,
    });
}

/** An OpenAI-compatible answer that calls one tool, whole or as chunks (the arguments in pieces). */
function answerToolCall(
  c: RequestContext,
  answer: {
    id: string;
    created: number;
    model: string;
    inputTokens: number;
    toolCall: ToolCall;
    stream: boolean;
  },
): Response | Promise<Response> {
  const { id, created, model, inputTokens, toolCall } = answer;
  const completionTokens = countTokens(toolCall.name + toolCall.arguments);
  const usage = openAiUsage(inputTokens, completionTokens);
  const call = {
    id: toolCall.id,
    type: 'function',
    function: { name: toolCall.name, arguments: toolCall.arguments },
  };
  const frame = { id, created, model };
  if (!answer.stream)
    return c.json(
      completion(frame, { role: 'assistant', content: null, tool_calls: [call] }, 'tool_calls', usage),
    );
  return streamSSE(c, async (stream) => {
    const chunk = chunkOf(frame);
    await stream.writeSSE({
      data: chunk(
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ index: 0, ...call, function: { name: toolCall.name, arguments: '' } }],
        },
        null,
      ),
    });
    const size = Math.max(1, Math.ceil(toolCall.arguments.length / 3));
    for (let start = 0; start < toolCall.arguments.length; start += size) {
      const piece = toolCall.arguments.slice(start, start + size);
      await stream.writeSSE({
        data: chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }, null),
      });
    }
    await stream.writeSSE({ data: chunk({}, 'tool_calls', { usage }) });
    await stream.writeSSE({ data: '[DONE]' });
  });
}
