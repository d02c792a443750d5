import type { LanguageModelV4Content } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';

/** One answer of the scripted model: tool calls (tool name and arguments), or a final text. */
export type DemoTurn =
  | { readonly toolCalls: ReadonlyArray<{ readonly tool: string; readonly input: unknown }> }
  | { readonly text: string };

const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

/**
 * The demo's "model": the AI SDK's own mock, answering each model call with the next turn of a
 * script. No network and no key are needed, and the run is the same every time.
 */
export function scriptedModel(turns: readonly DemoTurn[]): MockLanguageModelV4 {
  let next = 0;
  let callId = 0;
  return new MockLanguageModelV4({
    doGenerate: async () => {
      const turn = turns[next++] ?? { text: 'That is all.' };
      const content: LanguageModelV4Content[] =
        'text' in turn
          ? [{ type: 'text', text: turn.text }]
          : turn.toolCalls.map(({ tool, input }) => ({
              type: 'tool-call',
              toolCallId: `demo-call-${++callId}`,
              toolName: tool,
              input: JSON.stringify(input),
            }));
      return {
        content,
        finishReason: { unified: 'text' in turn ? 'stop' : 'tool-calls', raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
}
