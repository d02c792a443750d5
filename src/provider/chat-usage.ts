/**
 * Token usage and finish reasons of an OpenAI-style answer, as the SDK counts them.
 * @module
 */
import type { JSONObject, LanguageModelV4FinishReason, LanguageModelV4Usage } from '@ai-sdk/provider';
import { isRecord } from '../http/index.js';

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

export function chatUsage(raw: unknown): LanguageModelV4Usage {
  const usage = isRecord(raw) ? raw : {};
  const prompt = count(usage.prompt_tokens);
  const completion = count(usage.completion_tokens);
  const cached = isRecord(usage.prompt_tokens_details)
    ? count(usage.prompt_tokens_details.cached_tokens)
    : undefined;
  const reasoning = isRecord(usage.completion_tokens_details)
    ? count(usage.completion_tokens_details.reasoning_tokens)
    : undefined;
  return {
    inputTokens: {
      total: prompt,
      noCache: prompt === undefined ? undefined : prompt - (cached ?? 0),
      cacheRead: cached,
      cacheWrite: undefined,
    },
    outputTokens: {
      total: completion,
      text: completion === undefined ? undefined : completion - (reasoning ?? 0),
      reasoning,
    },
    ...(isRecord(raw) ? { raw: raw as JSONObject } : {}),
  };
}

const FINISH_REASONS: Record<string, LanguageModelV4FinishReason['unified']> = {
  stop: 'stop',
  end_turn: 'stop',
  length: 'length',
  max_tokens: 'length',
  tool_calls: 'tool-calls',
  function_call: 'tool-calls',
  content_filter: 'content-filter',
};

export function chatFinishReason(raw: unknown): LanguageModelV4FinishReason {
  const reason = typeof raw === 'string' ? raw : undefined;
  return { unified: (reason && FINISH_REASONS[reason]) || 'other', raw: reason };
}
