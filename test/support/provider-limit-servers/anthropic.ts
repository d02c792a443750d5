/**
 * Anthropic's limits as its API documentation describes them: requests, input tokens and output
 * tokens per minute, each replenished continuously up to the limit (a token bucket); every
 * answer carries `anthropic-ratelimit-{requests,tokens,input-tokens,output-tokens}-{limit,
 * remaining,reset}`, the reset an RFC 3339 instant at which the bucket is full again; past a
 * limit, 429 `rate_limit_error` with `retry-after` in seconds.
 * @module
 */
import { ContinuousBucket } from './continuous-bucket.js';
import type { ProviderLimiter } from './provider-service.js';

export interface AnthropicLimits {
  readonly requestsPerMinute: number;
  readonly inputTokensPerMinute: number;
  readonly outputTokensPerMinute: number;
  readonly inputTokensPerSubmission: number;
}

const rfc3339 = (ms: number) => new Date(Math.ceil(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

export function anthropicLimiter(limits: AnthropicLimits): ProviderLimiter {
  const buckets = new Map<
    string,
    { requests: ContinuousBucket; input: ContinuousBucket; output: ContinuousBucket }
  >();
  return {
    admit({ account, now, route }) {
      let bucket = buckets.get(account);
      if (!bucket) {
        bucket = {
          requests: new ContinuousBucket(limits.requestsPerMinute, limits.requestsPerMinute / 60),
          input: new ContinuousBucket(limits.inputTokensPerMinute, limits.inputTokensPerMinute / 60),
          output: new ContinuousBucket(limits.outputTokensPerMinute, limits.outputTokensPerMinute / 60),
        };
        buckets.set(account, bucket);
      }
      const cost = route === 'submit' ? limits.inputTokensPerSubmission : 0;
      const allowed = bucket.requests.level(now) >= 1 && bucket.input.level(now) >= cost;
      if (allowed) {
        bucket.requests.take(now);
        bucket.input.take(now, cost);
      }
      const fields = (name: string, of: ContinuousBucket) => ({
        [`anthropic-ratelimit-${name}-limit`]: String(of.capacity),
        [`anthropic-ratelimit-${name}-remaining`]: String(Math.floor(of.level(now))),
        [`anthropic-ratelimit-${name}-reset`]: rfc3339(now + of.msUntilFull(now)),
      });
      const headers = {
        ...fields('requests', bucket.requests),
        ...fields('input-tokens', bucket.input),
        ...fields('output-tokens', bucket.output),
        'request-id': `req_${now}`,
      };
      if (allowed) return { allowed: true, headers };
      const waitMs = Math.max(bucket.requests.msUntil(now), bucket.input.msUntil(now, cost));
      return {
        allowed: false,
        status: 429,
        headers: { ...headers, 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) },
        body: {
          type: 'error',
          error: { type: 'rate_limit_error', message: 'Number of requests has exceeded your rate limit' },
        },
      };
    },
  };
}
