/**
 * The SDK's prompt as chat messages: OpenAI-compatible (`tool_calls`, `tool` messages) for
 * `chat/completions`, plain `{role, content}` text for the v6 chat endpoint. Both take text only.
 * @module
 */
import {
  type LanguageModelV4Prompt,
  type LanguageModelV4ToolResultOutput,
  UnsupportedFunctionalityError,
} from '@ai-sdk/provider';
import type { ChatDialect } from './model-ids.js';

export interface ChatToolCall {
  readonly id: string;
  readonly type: 'function';
  readonly function: { readonly name: string; readonly arguments: string };
}

export type ChatMessage =
  | { readonly role: 'system' | 'user'; readonly content: string }
  | { readonly role: 'assistant'; readonly content: string | null; readonly tool_calls?: ChatToolCall[] }
  | { readonly role: 'tool'; readonly tool_call_id: string; readonly content: string };

function outputText(output: LanguageModelV4ToolResultOutput): string {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value;
    case 'json':
    case 'error-json':
      return JSON.stringify(output.value);
    case 'execution-denied':
      return `The tool was not run: ${output.reason ?? 'the user denied it'}.`;
    case 'content':
      return output.value.map((part) => (part.type === 'text' ? part.text : '')).join('');
  }
}

function textOnly(functionality: string): never {
  throw new UnsupportedFunctionalityError({
    functionality: `${functionality} (the service's chat endpoints take text only)`,
  });
}

/** The messages of `prompt` in `dialect`; unsupported parts throw `UnsupportedFunctionalityError`. */
export function chatMessages(prompt: LanguageModelV4Prompt, dialect: ChatDialect): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (const message of prompt) {
    switch (message.role) {
      case 'system':
        messages.push({ role: 'system', content: message.content });
        break;
      case 'user': {
        const text = message.content.map((part) =>
          part.type === 'text' ? part.text : textOnly('file parts'),
        );
        messages.push({ role: 'user', content: text.join('') });
        break;
      }
      case 'assistant': {
        let text = '';
        const toolCalls: ChatToolCall[] = [];
        for (const part of message.content) {
          if (part.type === 'text') text += part.text;
          else if (part.type === 'file' || part.type === 'reasoning-file') textOnly('file parts');
          else if (part.type === 'tool-call' && !part.providerExecuted) {
            if (dialect === 'v6') textOnly('tool calls on the v6 chat endpoint');
            toolCalls.push({
              id: part.toolCallId,
              type: 'function',
              function: { name: part.toolName, arguments: JSON.stringify(part.input ?? {}) },
            });
          }
          // Reasoning and provider-executed parts have no place in these dialects.
        }
        messages.push(
          toolCalls.length > 0
            ? { role: 'assistant', content: text || null, tool_calls: toolCalls }
            : { role: 'assistant', content: text },
        );
        break;
      }
      case 'tool':
        for (const part of message.content) {
          if (part.type !== 'tool-result') continue;
          if (dialect === 'v6') textOnly('tool results on the v6 chat endpoint');
          messages.push({ role: 'tool', tool_call_id: part.toolCallId, content: outputText(part.output) });
        }
        break;
    }
  }
  return messages;
}
