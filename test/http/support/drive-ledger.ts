/**
 * A bucket's ledger driven against a limiter on a 10 ms tick, with no governor around it: what
 * `bucket-math.ts` alone makes of a server's answers. Each tick, the requests the ledger lets go
 * are sent together (as concurrent callers' are) and their answers read in turn; a refusal blocks
 * until its Retry-After, the quota spent (as the governor's learner does).
 */
import { parseRateLimitFields } from '../../../src/http/headers/rate-limit.js';
import {
  block,
  EMPTY_BUCKET,
  grant,
  grantStamp,
  observe,
  plan,
  rollOver,
} from '../../../src/http/rate-limit/bucket-math.js';
import type { BucketState } from '../../../src/http/rate-limit/rate-limit-store.js';
import type { ProviderLimiter } from '../../support/provider-limit-servers/provider-service.js';

/** The virtual moment the drive starts at. */
export const DRIVE_START = 1_767_225_600_000;
/** At most this many requests in one tick. */
const MOST_PER_TICK = 100;

export interface DriveOptions {
  readonly durationMs: number;
  /** The ledger's state before the first request. */
  readonly start?: BucketState;
  /** How many requests the callers have wanted in all by `now` (default: always more). */
  readonly wanted?: (now: number) => number;
}

/** Where the ledger ended, and when each request was admitted or refused. */
export function driveLedger(limiter: ProviderLimiter, options: DriveOptions) {
  let state = options.start ?? EMPTY_BUCKET;
  const admittedAt: number[] = [];
  const refusedAt: number[] = [];
  let sent = 0;
  for (let now = DRIVE_START; now < DRIVE_START + options.durationMs; now += 10) {
    const wanted = options.wanted?.(now) ?? Number.POSITIVE_INFINITY;
    const stamps: number[] = [];
    while (sent + stamps.length < wanted && stamps.length < MOST_PER_TICK) {
      state = rollOver(state, now);
      const decision = plan(state, now, undefined);
      if (decision.kind === 'wait') break;
      const stamp = grantStamp([state], now);
      state = grant(state, now, decision.kind === 'go' ? decision.paceTokens : 1, stamp);
      stamps.push(stamp);
      // The first request goes alone: nothing is known before its answer.
      if (decision.kind === 'unknown') break;
    }
    for (const stamp of stamps) {
      const admission = limiter.admit({ route: 'submit', account: 'a', now, inFlight: 0 });
      sent += 1;
      if (admission.allowed) admittedAt.push(now);
      else refusedAt.push(now);
      const headers = new Headers(admission.headers);
      const [reading] = parseRateLimitFields(headers, { receivedAt: now });
      if (reading) state = observe(state, reading, now, stamp);
      const retryAfter = headers.get('retry-after');
      if (!admission.allowed && retryAfter !== null)
        state = block(state, now + 1000 * Number(retryAfter), true, stamp);
    }
  }
  return { state, admittedAt, refusedAt };
}
