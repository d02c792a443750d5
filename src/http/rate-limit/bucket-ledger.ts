/**
 * The governor's read-modify-write cycles on the state store: each reads, computes with the pure
 * functions of `bucket-math.ts`, and writes with compare-and-set, retrying when another writer
 * (another caller, another process) got there first.
 * @module
 */
import type { RateLimitObservation } from '../headers/rate-limit.js';
import {
  block,
  EMPTY_BUCKET,
  grant,
  grantStamp,
  observe,
  type Plan,
  plan,
  probeGranted,
  release,
  rollOver,
} from './bucket-math.js';
import { type CycleDecision, compareAndSetCycle } from './compare-and-set-cycle.js';
import type { FollowUpHold } from './fleet-follow-ups.js';
import { inFlightEverywhere, withInFlight } from './in-flight-leases.js';
import type { BucketState, RateLimitStore } from './rate-limit-store.js';
import { isRemainingOnly, refusedWithoutWait } from './remaining-only.js';
import { backingOff, probeAccepted, refusedWithoutStatedWait } from './shared-backoff.js';

const MAX_CAS_ATTEMPTS = 16;

export type GrantDecision =
  | {
      readonly kind: 'granted';
      readonly grantedAt: number;
      /** The request is the probe of a backoff after refusals that stated no wait (`shared-backoff.ts`). */
      readonly backoffProbe: boolean;
    }
  | { readonly kind: 'wait'; readonly waitMs: number; readonly reason: string; readonly bucket: string }
  | { readonly kind: 'unknown'; readonly buckets: readonly string[] };

export class BucketLedger {
  /**
   * @param owner This governor's id in the shared state: its count of requests in flight is
   * kept under it (`in-flight-leases.ts`).
   */
  constructor(
    private readonly store: RateLimitStore,
    private readonly ttlMs: number,
    private readonly owner: string,
  ) {}

  /** The stored state of `bucket`, if any. */
  async read(bucket: string): Promise<BucketState | undefined> {
    return (await this.store.read(bucket))?.state;
  }

  /** Applies `change` to the stored state of `bucket` (compare-and-set, retried under contention). */
  update(bucket: string, change: (state: BucketState) => BucketState): Promise<BucketState> {
    return compareAndSetCycle({
      store: this.store,
      keys: [bucket],
      ttlMs: this.ttlMs,
      attempts: MAX_CAS_ATTEMPTS,
      change: ([current]) => {
        const next = change(current?.state ?? EMPTY_BUCKET);
        return { writes: [next], result: next };
      },
    });
  }

  /**
   * Grants one request on every bucket when all allow it at `now`; otherwise says how long to
   * wait (the longest wait among them) or which buckets are still unknown.
   */
  tryGrant(
    buckets: readonly string[],
    now: number,
    burst: number | undefined,
    /** The governor's stamp for the request; the grant's own is later than any before it. */
    grantedAt: number = now,
    /** This governor's requests in flight on `bucket` once this one is granted. */
    inFlightAfter: (bucket: string) => number = () => 1,
    /**
     * How long the request waits for others' follow-ups, given the quotas' states at `now`, and
     * on which quota (see `fleet-follow-ups.ts`); undefined, or absent, it goes.
     */
    holdFor?: (states: readonly BucketState[]) => FollowUpHold | undefined,
    /** The route asking (a quota of other units holds only the routes that spend it). */
    routeKey?: string,
  ): Promise<GrantDecision> {
    return this.#cycleRolledOver<GrantDecision>(
      buckets,
      now,
      (states) => {
        const plans: Plan[] = states.map((state) => plan(state, now, burst, routeKey));
        let longest: GrantDecision | undefined;
        const unknown: string[] = [];
        plans.forEach((decision, index) => {
          if (decision.kind === 'unknown') unknown.push(buckets[index]!);
          if (decision.kind === 'wait' && (longest?.kind !== 'wait' || decision.waitMs > longest.waitMs)) {
            longest = {
              kind: 'wait',
              waitMs: decision.waitMs,
              reason: decision.reason,
              bucket: buckets[index]!,
            };
          }
        });
        if (longest) return { result: longest };
        if (unknown.length > 0) return { result: { kind: 'unknown', buckets: unknown } };
        const hold = holdFor?.(states);
        if (hold !== undefined && hold.waitMs > 0)
          return { result: { kind: 'wait', waitMs: hold.waitMs, reason: 'follow-up', bucket: hold.bucket } };
        const stamp = grantStamp(states, grantedAt);
        const writes = buckets.map((bucket, index) => {
          const decision = plans[index] as Extract<Plan, { kind: 'go' }>;
          return withInFlight(
            grant(states[index]!, now, decision.paceTokens, stamp, decision.phaseProbe === true, routeKey),
            this.owner,
            inFlightAfter(bucket),
            now,
          );
        });
        return {
          writes,
          result: { kind: 'granted', grantedAt: stamp, backoffProbe: states.some(backingOff) },
        };
      },
      () => ({ kind: 'wait', waitMs: 1, reason: 'contention', bucket: buckets[0] ?? '' }),
    );
  }

  /**
   * Records a probe of `buckets` (quotas nothing is known of yet) sent at `grantedAt` or later:
   * the fleet counts it until its answer (`probeGranted`). Returns the probe's stamp.
   */
  async recordProbe(
    buckets: readonly string[],
    now: number,
    grantedAt: number,
    inFlightAfter: (bucket: string) => number,
  ): Promise<number> {
    const recorded = await this.#cycleRolledOver<number | undefined>(
      buckets,
      now,
      (states) => {
        const stamp = grantStamp(states, grantedAt);
        const writes = buckets.map((bucket, index) =>
          withInFlight(probeGranted(states[index]!, now, stamp), this.owner, inFlightAfter(bucket), now),
        );
        return { writes, result: stamp };
      },
      () => undefined,
    );
    return recorded ?? grantedAt;
  }

  /** One compare-and-set cycle on `buckets`, `change` given their states rolled over to `now`. */
  #cycleRolledOver<T>(
    buckets: readonly string[],
    now: number,
    change: (states: readonly BucketState[]) => CycleDecision<T>,
    lost: () => T,
  ): Promise<T> {
    return compareAndSetCycle<T>({
      store: this.store,
      keys: buckets,
      ttlMs: this.ttlMs,
      attempts: MAX_CAS_ATTEMPTS,
      change: (reads) => change(reads.map((read) => rollOver(read?.state ?? EMPTY_BUCKET, now))),
      lost,
    });
  }

  /**
   * Applies a reading. `answer.inFlight` is this governor's requests on `bucket` still in flight
   * (the answered one no longer is); every governor's count decides which uncounted grants stay.
   */
  observe(
    bucket: string,
    observation: RateLimitObservation,
    answer: { readonly receivedAt: number; readonly sentAt: number; readonly inFlight: number },
  ): Promise<BucketState> {
    return this.update(bucket, (state) => {
      const leased = withInFlight(state, this.owner, answer.inFlight, answer.receivedAt);
      const unseen = inFlightEverywhere(leased, answer.receivedAt);
      const next = observe(leased, observation, answer.receivedAt, answer.sentAt, unseen);
      // The lease ends with the last counted request, which the reading may have moved.
      return withInFlight(next, this.owner, answer.inFlight, answer.receivedAt);
    });
  }

  /**
   * Records that this governor has `count` requests on `bucket` in flight, when what the store
   * holds says otherwise (its last request answered, with no reading to carry the news).
   */
  async settleInFlight(bucket: string, count: number, now: number): Promise<void> {
    const stored = await this.store.read(bucket);
    const lease = stored?.state.inFlight?.find(([owner]) => owner === this.owner);
    if ((lease?.[1] ?? 0) === count) return;
    await this.update(bucket, (state) => withInFlight(state, this.owner, count, now));
  }

  /**
   * Withdraws the burst the last reading of `bucket` offered, and any later reading's until the
   * window it announced ends (no reading is taken as newer than this withdrawal).
   */
  async withdrawOffer(bucket: string): Promise<void> {
    if ((await this.read(bucket))?.offerRemaining === undefined) return;
    await this.update(bucket, (state) => ({
      ...state,
      offerRemaining: 0,
      offerSentAt: Number.MAX_SAFE_INTEGER,
    }));
  }

  /** Gives back the unit of `bucket` that the request granted at `grantedAt` took (see `release`). */
  async release(bucket: string, grantedAt: number): Promise<void> {
    await this.update(bucket, (state) => release(state, grantedAt));
  }

  /** A quota that says only what is left refused a request sent at `sentAt` without a wait (see `remaining-only.ts`). */
  async refusedWithoutWait(bucket: string, receivedAt: number, sentAt: number): Promise<void> {
    const state = await this.read(bucket);
    if (state === undefined || !isRemainingOnly(state)) return;
    await this.update(bucket, (current) => refusedWithoutWait(current, receivedAt, sentAt));
  }

  /**
   * `bucket` was refused without a stated wait (an overload, a bare 429): every caller waits the
   * next step of the shared backoff (see `shared-backoff.ts`).
   */
  backOff(bucket: string, receivedAt: number, sentAt: number, random: () => number): Promise<BucketState> {
    return this.update(bucket, (state) => refusedWithoutStatedWait(state, receivedAt, sentAt, random));
  }

  /** The backoff's probe, sent at `sentAt`, was accepted: the hold on `bucket` ends. */
  async probeAccepted(bucket: string, sentAt: number): Promise<void> {
    const state = await this.read(bucket);
    if (state === undefined || !backingOff(state)) return;
    await this.update(bucket, (current) => probeAccepted(current, sentAt));
  }

  block(
    bucket: string,
    untilMs: number,
    quotaSpent: boolean,
    sentAt: number,
    routeKey?: string,
  ): Promise<BucketState> {
    return this.update(bucket, (state) => block(state, untilMs, quotaSpent, sentAt, routeKey));
  }
}
