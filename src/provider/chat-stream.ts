/**
 * The server-sent events of `chat/completions` with `stream: true`, as the SDK's stream parts:
 * text deltas as they come, tool-call arguments as they grow, usage and the finish reason from
 * the last chunk. A stream that ends without a finish reason is `interrupted`.
 * @module
 */
import type {
  LanguageModelV4FinishReason,
  LanguageModelV4StreamPart,
  SharedV4Warning,
} from '@ai-sdk/provider';
import { type EventSourceMessage, EventSourceParserStream, generateId } from '@ai-sdk/provider-utils';
import { isRecord, type Redactor, type StreamMasker } from '../http/index.js';
import { responseMetadata } from './chat-response.js';
import { chatFinishReason, chatUsage } from './chat-usage.js';

interface ToolCallState {
  readonly id: string;
  readonly name: string;
  arguments: string;
  readonly masker: StreamMasker;
}

export interface ChatStreamOptions {
  readonly warnings: SharedV4Warning[];
  readonly includeRawChunks: boolean;
  /**
   * The session's secrets, masked in every text and tool-input delta (a secret split across
   * deltas included: each delta's end is held back until it cannot begin one), in tool calls,
   * errors and raw chunks.
   */
  readonly redactor: Redactor;
}

/** Parses the SSE bytes of `body` into stream parts. */
export function chatStream(
  body: ReadableStream<Uint8Array>,
  options: ChatStreamOptions,
): ReadableStream<LanguageModelV4StreamPart> {
  let metadataSent = false;
  let textId: string | undefined;
  let finishReason: LanguageModelV4FinishReason | undefined;
  let usage: unknown;
  const toolCalls = new Map<number, ToolCallState>();
  const { redactor } = options;
  const textMasker = redactor.streamMasker();

  const toolDeltas = (deltas: unknown[], enqueue: (part: LanguageModelV4StreamPart) => void) => {
    deltas.filter(isRecord).forEach((delta, position) => {
      const index = typeof delta.index === 'number' ? delta.index : position;
      const fn = isRecord(delta.function) ? delta.function : {};
      let call = toolCalls.get(index);
      if (!call) {
        call = {
          id: typeof delta.id === 'string' ? delta.id : generateId(),
          name: typeof fn.name === 'string' ? fn.name : '',
          arguments: '',
          masker: redactor.streamMasker(),
        };
        toolCalls.set(index, call);
        enqueue({ type: 'tool-input-start', id: call.id, toolName: call.name });
      }
      if (typeof fn.arguments === 'string' && fn.arguments !== '') {
        call.arguments += fn.arguments;
        const delta = call.masker.push(fn.arguments);
        if (delta !== '') enqueue({ type: 'tool-input-delta', id: call.id, delta });
      }
    });
  };

  const parts = new TransformStream<EventSourceMessage, LanguageModelV4StreamPart>({
    start(controller) {
      controller.enqueue({ type: 'stream-start', warnings: options.warnings });
    },
    transform(event, controller) {
      const enqueue = (part: LanguageModelV4StreamPart) => controller.enqueue(part);
      if (options.includeRawChunks) enqueue({ type: 'raw', rawValue: redactor.maskKnown(event.data) });
      if (event.data === '[DONE]') return;
      let chunk: unknown;
      try {
        chunk = JSON.parse(event.data);
      } catch (error) {
        enqueue({ type: 'error', error });
        return;
      }
      if (!isRecord(chunk)) return;
      if (chunk.error !== undefined) {
        finishReason = { unified: 'error', raw: undefined };
        enqueue({ type: 'error', error: redactor.maskKnownValue(chunk.error) });
        return;
      }
      if (!metadataSent) {
        metadataSent = true;
        enqueue({ type: 'response-metadata', ...responseMetadata(chunk) });
      }
      if (chunk.usage !== undefined && chunk.usage !== null) usage = chunk.usage;
      const choice = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
      if (!isRecord(choice)) return;
      const delta = isRecord(choice.delta) ? choice.delta : {};
      if (typeof delta.content === 'string' && delta.content !== '') {
        if (textId === undefined) {
          textId = 'text-0';
          enqueue({ type: 'text-start', id: textId });
        }
        const text = textMasker.push(delta.content);
        if (text !== '') enqueue({ type: 'text-delta', id: textId, delta: text });
      }
      if (Array.isArray(delta.tool_calls)) toolDeltas(delta.tool_calls, enqueue);
      if (typeof choice.finish_reason === 'string') finishReason = chatFinishReason(choice.finish_reason);
    },
    flush(controller) {
      if (textId !== undefined) {
        const rest = textMasker.end();
        if (rest !== '') controller.enqueue({ type: 'text-delta', id: textId, delta: rest });
        controller.enqueue({ type: 'text-end', id: textId });
      }
      for (const call of toolCalls.values()) {
        const rest = call.masker.end();
        if (rest !== '') controller.enqueue({ type: 'tool-input-delta', id: call.id, delta: rest });
        controller.enqueue({ type: 'tool-input-end', id: call.id });
        controller.enqueue({
          type: 'tool-call',
          toolCallId: call.id,
          toolName: call.name,
          input: redactor.maskKnown(call.arguments) || '{}',
        });
      }
      controller.enqueue({
        type: 'finish',
        usage: chatUsage(usage),
        finishReason: finishReason ?? { unified: 'interrupted', raw: undefined },
      });
    },
  });

  return body
    .pipeThrough(new TextDecoderStream() as TransformStream<Uint8Array, string>)
    .pipeThrough(new EventSourceParserStream())
    .pipeThrough(parts);
}
