/**
 * A bucket that refills as it goes (OpenAI's and Anthropic's request buckets), as the governor's
 * arithmetic leaves it after a few answers and grants: its reset moves later with each unit spent.
 * Grants follow each other at the same millisecond, as a burst's do.
 */
import { EMPTY_BUCKET, grant, observe, plan } from '../../../src/http/rate-limit/bucket-math.js';
import type { BucketState } from '../../../src/http/rate-limit/rate-limit-store.js';

export function refillingBucket(start = 1_767_225_600_000): BucketState {
  let state: BucketState = EMPTY_BUCKET;
  let now = start;
  for (let answered = 1; answered <= 4; answered += 1) {
    // 60 a minute: one unit back every second, full again `answered` seconds from now.
    state = observe(
      state,
      { limit: 60, remaining: 60 - answered, resetMs: 1_000 * answered, source: 'x-ratelimit' },
      now + 100,
      now,
    );
    now += 100;
    for (let burst = 0; burst < 3; burst += 1) {
      const decision = plan(state, now, undefined);
      if (decision.kind !== 'go') throw new Error(`the bucket should let a request go: ${decision.kind}`);
      state = grant(state, now, decision.paceTokens, now + burst / 1_000);
    }
  }
  return state;
}
