/**
 * A sliding log whose ledger is full (48 groups) when the first reset passes, with grants made
 * between answers, as concurrent callers make them. Until that reset the quota reads as a fixed
 * window: its requests count until the reset and are kept aside (`history`) to be counted again,
 * each from its own grant, once an answer shows the window slides. The grants at the reset fill
 * the ledger, and the oldest of what was kept aside no longer fits: the server counts them, the
 * ledger lacks them. Taken for the requests sent after the answered one (those may have
 * overtaken it), they were one short for each such grant still on its way, and the callers sent
 * that many past the quota (2 of 242 refused on a bench shape of 120 jobs, 30 callers).
 */
import { describe, expect, it } from 'vitest';
import { parseRateLimitFields } from '../../src/http/headers/rate-limit.js';
import {
  block,
  EMPTY_BUCKET,
  grant,
  grantStamp,
  observe,
  plan,
  rollOver,
} from '../../src/http/rate-limit/bucket-math.js';
import { slidingLogLimiter } from '../support/provider-limit-servers/sliding-log.js';
import { DRIVE_START as START } from './support/drive-ledger.js';

const LIMIT = 100;
const WINDOW_MS = 10_000;

/** A ledger and a sliding log; requests reach the server as they are granted, answers come when read. */
function bench() {
  const limiter = slidingLogLimiter({ limit: LIMIT, windowMs: WINDOW_MS });
  let state = EMPTY_BUCKET;
  const waiting: { stamp: number; headers: Headers; allowed: boolean; at: number }[] = [];
  const refusedAt: number[] = [];
  let admitted = 0;
  return {
    /** Grants (and sends) up to `most` requests at `now`, while the ledger lets them go. */
    send(now: number, most: number) {
      for (let sent = 0; sent < most; sent += 1) {
        state = rollOver(state, now);
        const decision = plan(state, now, undefined);
        if (decision.kind === 'wait') return sent;
        const stamp = grantStamp([state], now);
        state = grant(state, now, decision.kind === 'go' ? decision.paceTokens : 1, stamp);
        const admission = limiter.admit({ route: 'submit', account: 'a', now, inFlight: 0 });
        if (admission.allowed) admitted += 1;
        else refusedAt.push(now);
        waiting.push({ stamp, headers: new Headers(admission.headers), allowed: admission.allowed, at: now });
        if (decision.kind === 'unknown') return sent + 1;
      }
      return most;
    },
    /** Reads the oldest `count` answers waiting, at `now`. */
    answer(now: number, count = Number.POSITIVE_INFINITY) {
      for (let read = 0; read < count && waiting.length > 0; read += 1) {
        const { stamp, headers, allowed } = waiting.shift()!;
        const [reading] = parseRateLimitFields(headers, { receivedAt: now });
        if (reading) state = observe(state, reading, now, stamp, waiting.length);
        const retryAfter = headers.get('retry-after');
        if (!allowed && retryAfter !== null)
          state = block(state, now + 1000 * Number(retryAfter), true, stamp);
      }
    },
    get refusedAt() {
      return refusedAt;
    },
    get admitted() {
      return admitted;
    },
  };
}

describe('a sliding log met with a full ledger at its first reset', () => {
  it('sends no more than the log has room for when the oldest requests leave', () => {
    const run = bench();
    // 30 at once, 60 one by one 3 s later, 10 more at 6 s: the log is full until 10 s.
    run.send(START, 1);
    run.answer(START);
    run.send(START, 29);
    run.answer(START);
    for (let index = 0; index < 60; index += 1) {
      run.send(START + 3_000, 1);
      if (index >= 35) run.answer(START + 3_000);
    }
    run.answer(START + 3_000);
    run.send(START + 6_000, 10);
    run.answer(START + 6_000);
    expect(run.admitted).toBe(LIMIT);
    // At 10 s the first 30 leave. Callers waiting send what the ledger lets go, an answer comes
    // in, and they send again before the others are answered.
    const at = START + WINDOW_MS;
    run.send(at, 100);
    run.answer(at, 1);
    run.send(at, 100);
    run.answer(at);
    run.send(at, 100);
    run.answer(at);
    expect(run.refusedAt).toEqual([]);
    expect(run.admitted).toBe(LIMIT + 30);
  });
});
