/**
 * A chat answer (OpenAI-compatible or v6) as the SDK's content, and the same content as a stream
 * of one chunk each, for answers that did not stream.
 * @module
 */
import {
  InvalidResponseDataError,
  type LanguageModelV4Content,
  type LanguageModelV4FinishReason,
  type LanguageModelV4ResponseMetadata,
  type LanguageModelV4StreamPart,
  type LanguageModelV4Usage,
  type SharedV4Warning,
} from '@ai-sdk/provider';
import { generateId } from '@ai-sdk/provider-utils';
import { isRecord } from '../http/index.js';
import { chatFinishReason, chatUsage } from './chat-usage.js';

export interface ChatAnswer {
  readonly content: LanguageModelV4Content[];
  readonly finishReason: LanguageModelV4FinishReason;
  readonly usage: LanguageModelV4Usage;
  readonly metadata: LanguageModelV4ResponseMetadata;
}

/** id, model and creation time of an answer or a chunk. */
export function responseMetadata(body: Record<string, unknown>): LanguageModelV4ResponseMetadata {
  return {
    ...(typeof body.id === 'string' ? { id: body.id } : {}),
    ...(typeof body.model === 'string' ? { modelId: body.model } : {}),
    ...(typeof body.created === 'number' ? { timestamp: new Date(body.created * 1000) } : {}),
  };
}

function toolCallsOf(message: Record<string, unknown>): LanguageModelV4Content[] {
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  return calls.filter(isRecord).map((call) => {
    const fn = isRecord(call.function) ? call.function : {};
    return {
      type: 'tool-call' as const,
      toolCallId: typeof call.id === 'string' ? call.id : generateId(),
      toolName: typeof fn.name === 'string' ? fn.name : '',
      input: typeof fn.arguments === 'string' && fn.arguments !== '' ? fn.arguments : '{}',
    };
  });
}

/** Reads an answer; one without `choices[0].message` is `InvalidResponseDataError`. */
export function readChatAnswer(body: unknown): ChatAnswer {
  const choice = isRecord(body) && Array.isArray(body.choices) ? body.choices[0] : undefined;
  const message = isRecord(choice) && isRecord(choice.message) ? choice.message : undefined;
  if (!isRecord(body) || !isRecord(choice) || !message) {
    throw new InvalidResponseDataError({ data: body, message: 'The chat answer has no choices[0].message.' });
  }
  const content: LanguageModelV4Content[] = [];
  if (typeof message.content === 'string' && message.content !== '') {
    content.push({ type: 'text', text: message.content });
  }
  content.push(...toolCallsOf(message));
  return {
    content,
    finishReason: chatFinishReason(choice.finish_reason),
    usage: chatUsage(body.usage),
    metadata: responseMetadata(body),
  };
}

/** A faithful stream of an answer that came whole: the same parts, each in one piece. */
export function singleChunkStream(
  answer: ChatAnswer,
  warnings: SharedV4Warning[],
): ReadableStream<LanguageModelV4StreamPart> {
  const parts: LanguageModelV4StreamPart[] = [
    { type: 'stream-start', warnings },
    { type: 'response-metadata', ...answer.metadata },
  ];
  answer.content.forEach((part, index) => {
    if (part.type === 'text') {
      const id = `text-${index}`;
      parts.push(
        { type: 'text-start', id },
        { type: 'text-delta', id, delta: part.text },
        { type: 'text-end', id },
      );
    } else if (part.type === 'tool-call') {
      parts.push(
        { type: 'tool-input-start', id: part.toolCallId, toolName: part.toolName },
        { type: 'tool-input-delta', id: part.toolCallId, delta: part.input },
        { type: 'tool-input-end', id: part.toolCallId },
        part,
      );
    }
  });
  parts.push({ type: 'finish', usage: answer.usage, finishReason: answer.finishReason });
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}
