/**
 * The wire under the chaos suite: counts every answer and failure, and remembers, per logical
 * call, each attempt that went out. A call is named by a tag its request carries (`tagOf`), so
 * that the suite can prove afterwards that no generation was sent twice unless the service
 * provably ignored the first attempt, and that every retry of a payment reused one key.
 * @module
 */
import { type Transport, TransportFailure, type TransportRequest } from '../../../src/http/index.js';

/** How one attempt ended: an HTTP status, or a failure that did (`sent`) or did not reach the service. */
export type AttemptOutcome = `${number}` | 'sent-failure' | 'unsent-failure';

export interface ChaosWire {
  readonly transport: Transport;
  /** Answers by HTTP status. */
  readonly statuses: ReadonlyMap<number, number>;
  /** Attempts that got no answer (resets, timeouts). */
  readonly failures: { sent: number; unsent: number; timedOut: number };
  /** Attempts made for the call tagged `tag`, in order. */
  attemptsOf(tag: string): readonly AttemptOutcome[];
  /** The Idempotency-Keys the attempts of `tag` carried. */
  keysOf(tag: string): readonly string[];
  /**
   * Tags whose request went out again after an attempt the service may have acted on (anything
   * but a refusal before the work: 401, 403, 429, 503, or a failure before sending). Only keyed
   * requests may do that.
   */
  resentAfterPossibleEffect(isKeyed: (tag: string) => boolean): string[];
}

/**
 * Whether the service provably did nothing with an attempt that ended so: it was busy, or it
 * refused the credential (a session sends a control-plane call again after renewing its token).
 */
const PROVABLY_IGNORED: ReadonlySet<AttemptOutcome> = new Set(['401', '403', '429', '503', 'unsent-failure']);
const provablyIgnored = (outcome: AttemptOutcome) => PROVABLY_IGNORED.has(outcome);

export function chaosWire(
  inner: Transport,
  tagOf: (request: TransportRequest) => string | undefined,
): ChaosWire {
  const statuses = new Map<number, number>();
  const failures = { sent: 0, unsent: 0, timedOut: 0 };
  const attempts = new Map<string, AttemptOutcome[]>();
  const keys = new Map<string, Set<string>>();
  const transport: Transport = async (request) => {
    const tag = tagOf(request);
    const note = (outcome: AttemptOutcome) => {
      if (!tag) return;
      attempts.set(tag, [...(attempts.get(tag) ?? []), outcome]);
      const key = request.headers['idempotency-key'];
      if (key) keys.set(tag, new Set([...(keys.get(tag) ?? []), key]));
    };
    try {
      const response = await inner(request);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      note(`${response.status}`);
      return response;
    } catch (error) {
      if (error instanceof TransportFailure) {
        if (error.timedOut) failures.timedOut += 1;
        if (error.requestSent) failures.sent += 1;
        else failures.unsent += 1;
        note(error.requestSent ? 'sent-failure' : 'unsent-failure');
      }
      throw error;
    }
  };
  return {
    transport,
    statuses,
    failures,
    attemptsOf: (tag) => attempts.get(tag) ?? [],
    keysOf: (tag) => [...(keys.get(tag) ?? [])],
    resentAfterPossibleEffect(isKeyed) {
      return [...attempts.entries()]
        .filter(
          ([tag, outcomes]) =>
            !isKeyed(tag) && outcomes.slice(0, -1).some((outcome) => !provablyIgnored(outcome)),
        )
        .map(([tag, outcomes]) => `${tag}: ${outcomes.join(' -> ')}`);
    },
  };
}
