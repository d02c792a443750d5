/**
 * A stand-in for a real language model, so that the AI SDK examples run without a network or a
 * key: the AI SDK's own `MockLanguageModelV4`, answering each model call with the next turn of a
 * script, through `generateText` and `streamText` alike. Replace it with a real model (each example
 * shows the line) and the rest of the example stays as it is.
 * @module
 */
import type { LanguageModelV4Content, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';

/** One answer of the script: tool calls (tool name and arguments), or the final text. */
export type ScriptedTurn =
  | { readonly toolCalls: ReadonlyArray<{ readonly tool: string; readonly input: unknown }> }
  | { readonly text: string };

const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

/** A model that answers each call with the next turn of `turns`. */
export function scriptedModel(turns: readonly ScriptedTurn[]): MockLanguageModelV4 {
  let next = 0;
  let callId = 0;
  const take = (): ScriptedTurn => turns[next++] ?? { text: 'That is all.' };
  const contentOf = (turn: ScriptedTurn): LanguageModelV4Content[] =>
    'text' in turn
      ? [{ type: 'text', text: turn.text }]
      : turn.toolCalls.map(({ tool, input }) => ({
          type: 'tool-call',
          toolCallId: `call-${++callId}`,
          toolName: tool,
          input: JSON.stringify(input),
        }));
  const finishReason = (turn: ScriptedTurn) => ({
    unified: 'text' in turn ? ('stop' as const) : ('tool-calls' as const),
    raw: undefined,
  });
  return new MockLanguageModelV4({
    doGenerate: async () => {
      const turn = take();
      return { content: contentOf(turn), finishReason: finishReason(turn), usage, warnings: [] };
    },
    doStream: async () => {
      const turn = take();
      const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
      if ('text' in turn) {
        // Word by word, as a real model streams.
        parts.push({ type: 'text-start', id: 'text' });
        for (const word of turn.text.split(/(?<= )/))
          parts.push({ type: 'text-delta', id: 'text', delta: word });
        parts.push({ type: 'text-end', id: 'text' });
      } else {
        parts.push(...(contentOf(turn) as LanguageModelV4StreamPart[]));
      }
      parts.push({ type: 'finish', finishReason: finishReason(turn), usage });
      return { stream: convertArrayToReadableStream(parts) };
    },
  });
}
