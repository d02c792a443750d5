/**
 * Azure OpenAI's limits as Microsoft documents them: a deployment's requests and tokens per
 * minute, the requests evaluated over short windows (here 10 s, the clock's), so that a burst
 * within the minute is refused; every answer carries only `x-ratelimit-remaining-requests` and
 * `x-ratelimit-remaining-tokens` (no limit, no reset); past a limit, 429 with `retry-after-ms`,
 * `retry-after` and "Please retry after N seconds".
 * @module
 */
import type { ProviderLimiter } from './provider-service.js';

export interface AzureOpenAiLimits {
  /** Requests per evaluation window. */
  readonly requests: number;
  /** Tokens per evaluation window. */
  readonly tokens: number;
  readonly tokensPerSubmission: number;
  readonly windowMs: number;
}

export function azureOpenAiLimiter(limits: AzureOpenAiLimits): ProviderLimiter {
  const windows = new Map<string, { index: number; requests: number; tokens: number }>();
  return {
    admit({ account, now, route }) {
      const index = Math.floor(now / limits.windowMs);
      let window = windows.get(account);
      if (!window || window.index !== index) {
        window = { index, requests: 0, tokens: 0 };
        windows.set(account, window);
      }
      const cost = route === 'submit' ? limits.tokensPerSubmission : 0;
      const allowed = window.requests < limits.requests && window.tokens + cost <= limits.tokens;
      if (allowed) {
        window.requests += 1;
        window.tokens += cost;
      }
      const headers = {
        'x-ratelimit-remaining-requests': String(limits.requests - window.requests),
        'x-ratelimit-remaining-tokens': String(limits.tokens - window.tokens),
        'apim-request-id': `a${now}`,
      };
      if (allowed) return { allowed: true, headers };
      const waitMs = (index + 1) * limits.windowMs - now;
      const waitSeconds = Math.max(1, Math.ceil(waitMs / 1000));
      return {
        allowed: false,
        status: 429,
        headers: {
          ...headers,
          'retry-after-ms': String(Math.ceil(waitMs)),
          'retry-after': String(waitSeconds),
        },
        body: {
          error: {
            code: '429',
            message: `Requests to the ChatCompletions_Create Operation under Azure OpenAI API version 2024-10-21 have exceeded call rate limit of your current OpenAI S0 pricing tier. Please retry after ${waitSeconds} seconds.`,
          },
        },
      };
    },
  };
}
