/**
 * OpenAI's limits as its rate-limit guide documents them: requests per minute and tokens per
 * minute, each a bucket that refills continuously; every answer carries
 * `x-ratelimit-{limit,remaining,reset}-{requests,tokens}`, the resets as Go durations (`1s`,
 * `6m0s`) until the bucket is full again; past a limit, 429 with a `rate_limit_exceeded` error,
 * `retry-after-ms` and `retry-after`. Submissions cost tokens (the estimate of the prompt and
 * the output), status requests none.
 * @module
 */
import { ContinuousBucket, goDuration } from './continuous-bucket.js';
import type { ProviderLimiter } from './provider-service.js';

export interface OpenAiLimits {
  readonly requestsPerMinute: number;
  readonly tokensPerMinute: number;
  readonly tokensPerSubmission: number;
}

export function openAiLimiter(limits: OpenAiLimits): ProviderLimiter {
  const requests = new Map<string, ContinuousBucket>();
  const tokens = new Map<string, ContinuousBucket>();
  const bucketOf = (map: Map<string, ContinuousBucket>, account: string, perMinute: number) => {
    let bucket = map.get(account);
    if (!bucket) {
      bucket = new ContinuousBucket(perMinute, perMinute / 60);
      map.set(account, bucket);
    }
    return bucket;
  };
  return {
    admit({ account, now, route }) {
      const requestBucket = bucketOf(requests, account, limits.requestsPerMinute);
      const tokenBucket = bucketOf(tokens, account, limits.tokensPerMinute);
      const cost = route === 'submit' ? limits.tokensPerSubmission : 0;
      const requestsOk = requestBucket.level(now) >= 1;
      const tokensOk = tokenBucket.level(now) >= cost;
      if (requestsOk && tokensOk) {
        requestBucket.take(now);
        tokenBucket.take(now, cost);
      }
      const headers = {
        'x-ratelimit-limit-requests': String(limits.requestsPerMinute),
        'x-ratelimit-limit-tokens': String(limits.tokensPerMinute),
        'x-ratelimit-remaining-requests': String(Math.floor(requestBucket.level(now))),
        'x-ratelimit-remaining-tokens': String(Math.floor(tokenBucket.level(now))),
        'x-ratelimit-reset-requests': goDuration(requestBucket.msUntilFull(now)),
        'x-ratelimit-reset-tokens': goDuration(tokenBucket.msUntilFull(now)),
        'openai-processing-ms': '12',
      };
      if (requestsOk && tokensOk) return { allowed: true, headers };
      const waitMs = Math.max(requestBucket.msUntil(now), tokenBucket.msUntil(now, cost));
      const kind = requestsOk ? 'tokens' : 'requests';
      return {
        allowed: false,
        status: 429,
        headers: {
          ...headers,
          'retry-after-ms': String(Math.ceil(waitMs)),
          'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))),
        },
        body: {
          error: {
            message: `Rate limit reached for ${kind} per min (RPM): Limit ${limits.requestsPerMinute}. Please try again in ${goDuration(waitMs)}.`,
            type: kind,
            param: null,
            code: 'rate_limit_exceeded',
          },
        },
      };
    },
  };
}
