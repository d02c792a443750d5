/**
 * A fleet's first requests on a quota nothing is known of: each process sends one probe, and on a
 * loaded machine their answers take long (1.7 s). Before: the probes were in no shared ledger;
 * once one answer made the quota known, the answers that followed took the server's count of the
 * slow probes for later grants overtaking theirs, and three processes sent 21 in a window of 20
 * (the cross-process test under load, 1 run in 4). The readings below are that run's.
 */
import { describe, expect, it } from 'vitest';
import {
  EMPTY_BUCKET,
  grant,
  observe,
  plan,
  probeGranted,
  remainingAt,
} from '../../src/http/rate-limit/bucket-math.js';
import type { BucketState } from '../../src/http/rate-limit/rate-limit-store.js';

const START = 1_767_225_600_000;
const LIMIT = 20;

describe('probes of an unknown quota from several processes', () => {
  it('count until their answers, however late, so the fleet never sends more than the window holds', () => {
    let state: BucketState = EMPTY_BUCKET;
    const onTheWay = new Set<number>();
    const send = (at: number, probe: boolean) => {
      state = probe ? probeGranted(state, START + at, START + at) : grant(state, START + at, 1, START + at);
      onTheWay.add(at);
    };
    const answer = (sentAt: number, receivedAt: number, remaining: number, resetSeconds: number) => {
      onTheWay.delete(sentAt);
      const reading = { limit: LIMIT, remaining, resetMs: resetSeconds * 1_000, resetGrainMs: 1_000 };
      state = observe(
        state,
        { ...reading, source: 'separate' as const },
        START + receivedAt,
        START + sentAt,
        onTheWay.size,
      );
    };
    // Three processes probe; the first answer comes 1.7 s later, the others later still.
    for (const at of [195, 362, 574]) {
      expect(plan(state, START + at, undefined).kind).toBe('unknown');
      send(at, true);
    }
    answer(195, 1_921, 19, 5);
    for (const at of [1_966, 1_973, 1_978, 1_985, 1_990, 2_000]) send(at, false);
    answer(1_966, 2_098, 18, 3);
    answer(362, 2_149, 17, 3);
    answer(574, 2_176, 16, 3);
    answer(1_973, 2_192, 15, 3);
    answer(1_978, 2_233, 14, 3);
    answer(1_985, 2_268, 13, 3);
    answer(1_990, 2_283, 12, 3);
    // The server counted 8 (the three probes and five others); the one sent at 2000 is on its way.
    expect(remainingAt(state, START + 2_290)).toBe(LIMIT - 8 - 1);
  });
});
