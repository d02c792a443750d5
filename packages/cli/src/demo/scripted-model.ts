import type { LanguageModelV4Content, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { type DemoOutcome, outcomeOf } from './tool-outcome.js';

/** A tool call the script makes, with the words the assistant uses about it afterwards. */
export interface DemoToolCall {
  readonly tool: string;
  readonly input: unknown;
  /** What the assistant did when the call worked, as a past-tense phrase: "painted a lighthouse". */
  readonly did: string;
  /** What it set out to do, as an infinitive phrase: "paint a lighthouse". */
  readonly meant: string;
}

/** What happened to one of the script's calls, as the model read it in its tool result. */
export interface ScriptedCallOutcome {
  readonly call: DemoToolCall;
  readonly outcome: DemoOutcome;
}

/**
 * One answer of the scripted model: tool calls, a fixed text, or a text written from what the
 * earlier calls came to (so that a denied or failed call is told as such, not as done).
 */
export type DemoTurn =
  | { readonly toolCalls: readonly DemoToolCall[] }
  | { readonly text: string }
  | { readonly reply: (outcomes: readonly ScriptedCallOutcome[]) => string };

const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

/** The outcome of every call the model made, from the tool results in the prompt it is given. */
function outcomesIn(prompt: LanguageModelV4Prompt, calls: ReadonlyMap<string, DemoToolCall>) {
  const outcomes: ScriptedCallOutcome[] = [];
  for (const message of prompt) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      const call = part.type === 'tool-result' ? calls.get(part.toolCallId) : undefined;
      if (call && part.type === 'tool-result') outcomes.push({ call, outcome: outcomeOf(part.output) });
    }
  }
  return outcomes;
}

/**
 * The demo's "model": the AI SDK's own mock, answering each model call with the next turn of a
 * script. No network and no key are needed, and the run is the same every time; only a `reply`
 * turn depends on what the tools answered, which it reads from the prompt as a real model would.
 */
export function scriptedModel(turns: readonly DemoTurn[]): MockLanguageModelV4 {
  let next = 0;
  const calls = new Map<string, DemoToolCall>();
  return new MockLanguageModelV4({
    doGenerate: async ({ prompt }) => {
      const turn = turns[next++] ?? { text: 'That is all.' };
      let content: LanguageModelV4Content[];
      if ('toolCalls' in turn) {
        content = turn.toolCalls.map((call) => {
          const toolCallId = `demo-call-${calls.size + 1}`;
          calls.set(toolCallId, call);
          return { type: 'tool-call', toolCallId, toolName: call.tool, input: JSON.stringify(call.input) };
        });
      } else {
        const text = 'text' in turn ? turn.text : turn.reply(outcomesIn(prompt, calls));
        content = [{ type: 'text', text }];
      }
      return {
        content,
        finishReason: { unified: 'toolCalls' in turn ? 'tool-calls' : 'stop', raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
}
