import type { LanguageModelV4Content, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';

/** One answer of the scripted model: tool calls (name and arguments) or a final text. */
export type ScriptedTurn =
  | { readonly toolCalls: ReadonlyArray<{ readonly tool: string; readonly input: unknown }> }
  | { readonly text: string };

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

let callCounter = 0;

function contentOf(turn: ScriptedTurn): LanguageModelV4Content[] {
  if ('text' in turn) return [{ type: 'text', text: turn.text }];
  return turn.toolCalls.map(({ tool, input }) => ({
    type: 'tool-call',
    toolCallId: `call-${++callCounter}`,
    toolName: tool,
    // A model writes its arguments as JSON text; a string stands for text that is not JSON.
    input: typeof input === 'string' ? input : JSON.stringify(input),
  }));
}

function finishReason(turn: ScriptedTurn) {
  return { unified: 'text' in turn ? ('stop' as const) : ('tool-calls' as const), raw: undefined };
}

function streamOf(turn: ScriptedTurn): LanguageModelV4StreamPart[] {
  const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  if ('text' in turn)
    parts.push(
      { type: 'text-start', id: 'text-1' },
      { type: 'text-delta', id: 'text-1', delta: turn.text },
      { type: 'text-end', id: 'text-1' },
    );
  else parts.push(...(contentOf(turn) as LanguageModelV4StreamPart[]));
  parts.push({ type: 'finish', finishReason: finishReason(turn), usage });
  return parts;
}

/**
 * A `MockLanguageModelV4` that answers each model call with the next turn of the script, through
 * `generateText` and `streamText` alike, and fails loudly when the script runs out.
 */
export function scriptedModel(turns: readonly ScriptedTurn[]): MockLanguageModelV4 {
  let next = 0;
  const take = () => {
    const turn = turns[next++];
    if (!turn)
      throw new Error(`The scripted model was called ${next} times; the script has ${turns.length}.`);
    return turn;
  };
  return new MockLanguageModelV4({
    doGenerate: async () => {
      const turn = take();
      return { content: contentOf(turn), finishReason: finishReason(turn), usage, warnings: [] };
    },
    doStream: async () => ({ stream: convertArrayToReadableStream(streamOf(take())) }),
  });
}
