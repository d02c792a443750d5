/**
 * What the service does wrong during the chaos suite, round by round, and a count of what it
 * actually did: a suite that proves resilience must first prove the faults happened.
 * @module
 */
import type {
  EmulatorFaults,
  FaultController,
  FaultKind,
  FaultRule,
} from 'generation-agent-toolkit-emulator';

/** Faults every round meets: each kind now and then, with and without the work done first. */
const STEADY: readonly FaultRule[] = [
  { kind: 'rate-limited', probability: 0.03 },
  { kind: 'unavailable', probability: 0.02 },
  { kind: 'server-error', probability: 0.015 },
  // The service did the work and the answer was lost: a retry here would pay twice.
  { kind: 'server-error', probability: 0.015, afterEffect: true },
  { kind: 'reset', probability: 0.01 },
  { kind: 'reset', probability: 0.01, afterEffect: true },
  { kind: 'garbled', probability: 0.01, afterEffect: true },
  { kind: 'html', probability: 0.01 },
  { kind: 'slow', probability: 0.01, delayMs: 30 },
];

/** A burst of refusals whatever the quota says, as a service under load sends. */
const RATE_LIMIT_STORM: FaultRule = { kind: 'rate-limited', probability: 0.4, times: 200 };

/** Answers slower than the client's per-attempt timeout (few: each costs real time). */
export const ATTEMPT_TIMEOUT_MS = 1_500;
const TOO_SLOW: FaultRule = { kind: 'slow', probability: 0.05, times: 2, delayMs: 2_000 };

/**
 * The token rotation whose answer is lost: the service issued a new token and revoked the old
 * one, and the client never saw the new one.
 */
export const LOST_ROTATION_ROUND = 4;
const LOST_ROTATION: FaultRule = {
  kind: 'server-error',
  match: 'post_auth_refresh',
  times: 1,
  afterEffect: true,
};

/**
 * The round whose first token rotation must go through untouched, so that the suite sees a plain
 * rotation too: a zero-delay `slow` rule wins over the random faults for that one request.
 */
export const CLEAN_ROTATION_ROUND = 3;
const CLEAN_ROTATION: FaultRule = { kind: 'slow', match: 'post_auth_refresh', times: 1, delayMs: 0 };

/**
 * The faults of round `round` (1-based): odd rounds bring a 429 storm, even rounds timeouts. Rounds
 * 3 and 4 start with the token due for renewal: round 3's rotation goes through, round 4's loses
 * its answer.
 */
export function chaosFaults(round: number): EmulatorFaults {
  return {
    jobFailureRate: 0.1,
    stuckJobRate: 0.03,
    rules: [
      ...(round === CLEAN_ROTATION_ROUND ? [CLEAN_ROTATION] : []),
      ...(round === LOST_ROTATION_ROUND ? [LOST_ROTATION] : []),
      ...(round % 2 === 1 ? [RATE_LIMIT_STORM] : [TOO_SLOW]),
      ...STEADY,
    ],
  };
}

export interface FiredFaults {
  readonly byKind: Readonly<Record<FaultKind, number>>;
  readonly total: number;
}

/**
 * Counts the faults `controller` hands out from now on. The emulator's middleware asks the same
 * controller object, so wrapping its `pick` sees every fault that met a request.
 */
export function countFiredFaults(controller: FaultController): FiredFaults {
  const byKind: Record<FaultKind, number> = {
    'server-error': 0,
    unavailable: 0,
    'rate-limited': 0,
    reset: 0,
    garbled: 0,
    html: 0,
    slow: 0,
  };
  const pick = controller.pick.bind(controller);
  controller.pick = (request) => {
    const rule = pick(request);
    if (rule) byKind[rule.kind] += 1;
    return rule;
  };
  return {
    byKind,
    get total() {
      return Object.values(byKind).reduce((sum, count) => sum + count, 0);
    },
  };
}
