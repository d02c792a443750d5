/**
 * The body of a chat call: the SDK's settings onto the endpoint's fields, each only when the
 * endpoint's input schema has that field; anything else is an `unsupported` warning.
 * @module
 */
import type { LanguageModelV4CallOptions, SharedV4Warning } from '@ai-sdk/provider';
import { chatMessages } from './chat-prompt.js';
import type { ResolvedChatModel } from './model-ids.js';
import { hasInput } from './operation-input.js';
import { providerOptionsOf } from './provider-options.js';

/** SDK setting -> wire field, for the settings that map one to one. */
const SCALAR_SETTINGS = [
  ['maxOutputTokens', 'max_tokens'],
  ['temperature', 'temperature'],
  ['topP', 'top_p'],
  ['topK', 'top_k'],
  ['stopSequences', 'stop'],
  ['presencePenalty', 'presence_penalty'],
  ['frequencyPenalty', 'frequency_penalty'],
  ['seed', 'seed'],
] as const;

export interface ChatRequest {
  readonly body: Record<string, unknown>;
  readonly warnings: SharedV4Warning[];
  /** The endpoint streams (`stream` is one of its fields). */
  readonly streams: boolean;
}

function unsupported(feature: string, endpoint: string, details?: string): SharedV4Warning {
  return { type: 'unsupported', feature, details: details ?? `${endpoint} does not take ${feature}.` };
}

function placeTools(
  chat: ResolvedChatModel,
  options: LanguageModelV4CallOptions,
  body: Record<string, unknown>,
  warnings: SharedV4Warning[],
  endpoint: string,
): void {
  const tools = options.tools ?? [];
  if (tools.length === 0) return;
  if (!hasInput(chat.operation, 'tools')) {
    warnings.push(
      unsupported('tools', endpoint, `${endpoint} does not call tools; the model answers in text.`),
    );
    return;
  }
  const functions = [];
  for (const tool of tools) {
    if (tool.type !== 'function') {
      warnings.push(unsupported(`provider tool ${tool.name}`, endpoint));
      continue;
    }
    functions.push({
      type: 'function',
      function: {
        name: tool.name,
        ...(tool.description ? { description: tool.description } : {}),
        parameters: tool.inputSchema,
        ...(tool.strict !== undefined ? { strict: tool.strict } : {}),
      },
    });
  }
  if (functions.length > 0) body.tools = functions;
  const choice = options.toolChoice;
  if (!choice || functions.length === 0) return;
  if (!hasInput(chat.operation, 'tool_choice')) {
    warnings.push(unsupported('toolChoice', endpoint));
    return;
  }
  body.tool_choice =
    choice.type === 'tool' ? { type: 'function', function: { name: choice.toolName } } : choice.type;
}

/** The body for `options` on `chat`'s endpoint, and what could not be sent. */
export function chatRequest(
  chat: ResolvedChatModel,
  options: LanguageModelV4CallOptions,
  stream: boolean,
): ChatRequest {
  const endpoint = chat.operation.id;
  const warnings: SharedV4Warning[] = [];
  const body: Record<string, unknown> = {
    model: chat.model,
    messages: chatMessages(options.prompt, chat.dialect),
  };
  for (const [setting, field] of SCALAR_SETTINGS) {
    const value = options[setting];
    if (value === undefined) continue;
    if (hasInput(chat.operation, field)) body[field] = value;
    else warnings.push(unsupported(setting, endpoint));
  }
  if (options.responseFormat?.type === 'json') {
    if (hasInput(chat.operation, 'response_format')) {
      body.response_format = options.responseFormat.schema
        ? {
            type: 'json_schema',
            json_schema: {
              name: options.responseFormat.name ?? 'response',
              schema: options.responseFormat.schema,
            },
          }
        : { type: 'json_object' };
    } else {
      warnings.push(
        unsupported('responseFormat', endpoint, `${endpoint} has no JSON mode; the answer is plain text.`),
      );
    }
  }
  if (options.reasoning !== undefined && options.reasoning !== 'provider-default') {
    warnings.push(unsupported('reasoning', endpoint));
  }
  placeTools(chat, options, body, warnings, endpoint);
  const streams = stream && hasInput(chat.operation, 'stream');
  if (streams) body.stream = true;
  if (stream && !streams) {
    warnings.push({
      type: 'compatibility',
      feature: 'streaming',
      details: `${endpoint} does not stream: the answer arrives as one chunk.`,
    });
  }
  Object.assign(body, providerOptionsOf(options.providerOptions));
  return { body, warnings, streams };
}
