/**
 * The arithmetic of one quota, as pure functions over {@link BucketState}: when the next request
 * may go, what granting it changes, and what an answer teaches.
 *
 * A quota is a ledger of the requests that count against it, each until its own expiry, not a
 * window the client imagines: no alignment on the clock and no contiguity of windows is assumed.
 * A request granted while the server's current window is known counts until that window's reset;
 * otherwise until a whole window after it was sent (a window that starts with the first request,
 * as `INCR` + `EXPIRE` limiters keep them, ends no later). Each answer corrects the ledger: the
 * server counted `limit - remaining` requests in the window that ends at its reset, so the most
 * recent that many of ours count until then, however early or late we had guessed.
 *
 * Pacing is a small token bucket in front of the quota: it holds `burst + 1` requests and
 * refills at `requests left / time left`, so a quiet client sends at once while a crowd is
 * spread over the window instead of spending the quota in the first second and then waiting
 * for the reset.
 *
 * What the server itself says is left is another matter: once the answers show the quota is a
 * window (its reset stands still while units go) the freshest reading's `remaining`, less what
 * went since, goes as it is asked for, until that reading's reset; a bucket that refills as it
 * goes (its reset moves later as units go) lets each unit go as the reading says it comes back;
 * a window that slides (its reset moves on by the spacing of earlier grants as it passes) counts
 * each request a window after it went, so units come back as the earliest grants age out.
 * A quota of tokens (or any unit other than requests) is never divided into requests: it holds
 * them only while a reading says it is spent, and only the routes shown to spend it
 * (`other-units.ts`). A quota whose readings say only what is left, no limit and no reset, is
 * `remaining-only.ts`'s.
 * @module
 */
import type { RateLimitObservation } from '../headers/rate-limit.js';
import { costAfter, inFlightWait, spendingGrant, spends, withSpender } from './other-units.js';
import type { BucketState, CountedRequests } from './rate-limit-store.js';
import { refillBetweenReadings } from './refill-between-readings.js';
import {
  isRemainingOnly,
  nextRefill,
  observeRemainingOnly,
  planRemainingOnly,
  readsRemainingOnly,
  refillAfterRefusal,
  remainingOnlyGrant,
} from './remaining-only.js';
import { backoffProbeGranted, probeWait } from './shared-backoff.js';
import { phaseAfter, probeMoment, probeOut, probeSent } from './window-phase.js';

/**
 * A request sent to learn a quota nothing is known of yet (a probe) counts at most this long if
 * no answer says otherwise: until its answer, however long the way takes.
 */
const UNANSWERED_PROBE_MS = 60_000;
/** A request whose window is unknown counts this much longer than a window, for latency. */
const WINDOW_MARGIN_MS = 25;
/** Without any idea of the window, a request counts this long. */
const UNKNOWN_WINDOW_MS = 1_000;
/**
 * A reset this short after the request that opened a window is not a window but the refill of
 * one unit of a bucket that refills continuously (OpenAI's `20ms`): taken as the window, it
 * would let the whole limit go again within it. Such quotas are counted until each answer's
 * reset instead, which bounds both kinds.
 */
const SHORTEST_LEARNED_WINDOW_MS = 1_000;
/** A bucket's refill rate is measured over at least this long between two readings' requests. */
/** A reset in whole seconds may fall this much after the moment it stands for. */
const RESET_ROUNDING_MS = 1_000;
/** A refilling bucket's units coming back are kept in this many groups. */
const REFILL_GROUPS = 16;
/** The ledger keeps at most this many groups; older ones merge (each keeps the later expiry). */
const MAX_GROUPS = 48;
/** Requests that may go back to back while nothing says how many the server offers. */
const DEFAULT_BURST = 2;
/** A window declared and not read yet is spent at this many times its own rate (see `plan`). */
const DECLARED_WINDOW_PACE = 4;
/** The governor's jitter adds at most this share of a wait to it. */
export const MAX_JITTER_SHARE = 0.1;

export const EMPTY_BUCKET: BucketState = { blockedUntil: 0 };

export type Plan =
  | {
      readonly kind: 'go';
      readonly paceTokens: number;
      /** The request probes whether the spent window ended before its rounded reset (`window-phase.ts`). */
      readonly phaseProbe?: true;
    }
  | {
      readonly kind: 'wait';
      readonly waitMs: number;
      readonly reason: 'retry-after' | 'backoff' | 'quota' | 'pacing';
    }
  | { readonly kind: 'unknown' };

/** The groups of `state` still counting at `now`. */
function live(state: BucketState, now: number): CountedRequests[] {
  return (state.counted ?? []).filter(([, expiresAt]) => expiresAt > now);
}

function countOf(groups: readonly CountedRequests[]): number {
  return groups.reduce((sum, [, , count]) => sum + count, 0);
}

/** Requests the quota still allows at `now`; undefined while its limit is unknown. */
export function remainingAt(state: BucketState, now: number): number | undefined {
  if (state.limit === undefined) return undefined;
  return state.limit - countOf(live(state, now));
}

/**
 * The groups of `state` that stopped counting at `now` but are kept a window longer: while the
 * quota is a window not yet known to slide, a request counts until the window's reset, where a
 * sliding window counts it until a window after it went. The answer that shows the window
 * slides comes only once that reset has passed; these give the server's count of them their
 * times again (see `observe`). Never counted otherwise, and the first dropped when the ledger
 * is full (see `bounded`).
 */
function history(state: BucketState, now: number): CountedRequests[] {
  if (state.windowed !== true || state.sliding === true || state.gradual === true) return [];
  const windowMs = state.windowMs;
  if (windowMs === undefined) return [];
  return (state.counted ?? []).filter(([, expiresAt]) => expiresAt <= now && expiresAt > now - windowMs);
}

/** The state without the groups it no longer needs at `now` (those counting, and `history`). */
export function rollOver(state: BucketState, now: number): BucketState {
  const counted = [...history(state, now), ...live(state, now)].sort((a, b) => a[0] - b[0]);
  return counted.length === (state.counted?.length ?? 0) ? state : { ...state, counted };
}

/** The moment at which `excess` of the live groups will have expired. */
function freedAt(groups: readonly CountedRequests[], excess: number): number {
  const byExpiry = [...groups].sort((a, b) => a[1] - b[1]);
  let freed = 0;
  for (const [, expiresAt, count] of byExpiry) {
    freed += count;
    if (freed >= excess) return expiresAt;
  }
  return byExpiry.at(-1)?.[1] ?? 0;
}

/** The end of the server's window as last reported, while it is still ahead of `now`. */
function windowEnd(state: BucketState, now: number): number | undefined {
  return state.resetAt !== undefined && state.resetAt > now ? state.resetAt : undefined;
}

/** The window length to count a request for: declared, else learned, else a guess. */
function windowOf(state: BucketState): number {
  return state.windowMs ?? UNKNOWN_WINDOW_MS;
}

/**
 * How long after it is sent a request may count at most: a window's length (plus latency),
 * whichever way the server keeps its windows, once that length is known. Resets in whole
 * seconds are rounded up by servers, so on short windows this is tighter than their resets.
 */
function longestCount(state: BucketState): number {
  return state.windowMs === undefined ? Number.POSITIVE_INFINITY : state.windowMs + WINDOW_MARGIN_MS;
}

/**
 * The pacing bucket's tokens at `now`, refilled at `rate` per millisecond up to `capacity`. Always
 * a finite number: the state is shared as JSON, where NaN and Infinity do not survive (and an
 * elapsed 0 times an unbounded rate is NaN), so anything not finite counts as a full bucket.
 */
function paceTokens(state: BucketState, now: number, capacity: number, rate: number): number {
  if (state.paceTokens === undefined || state.paceUpdatedAt === undefined) return capacity;
  const elapsed = Math.max(0, now - state.paceUpdatedAt);
  const tokens = Math.min(capacity, state.paceTokens + (elapsed > 0 ? elapsed * rate : 0));
  return Number.isFinite(tokens) ? tokens : capacity;
}

/**
 * Whether a quota of units other than requests holds the next request at `now`: only while its
 * last reading says it is spent and its reset is ahead; a bucket that refills as it goes holds
 * it for a sixteenth of the way to full (some units are back by then), a window until its reset.
 * What one request costs is unknown before its answer (a prompt's length, the output), so the
 * quota is never divided into requests: counted one unit each, 400 tokens left would read as
 * 400 requests; at an average cost, short prompts would wait behind long ones. The quota of
 * requests, when the server states one, paces them; a refusal blocks both, as any refusal.
 */
function spentUnitsWait(state: BucketState, now: number): number | undefined {
  const { remaining, resetAt } = state;
  // Spent: nothing left, or less than a spending request cost lately (`other-units.ts`).
  const enough = Math.max(1, state.unitCost ?? 0);
  if (remaining === undefined || remaining >= enough || resetAt === undefined || resetAt <= now)
    return undefined;
  const readAt = state.readingSentAt ?? now;
  const until = state.gradual ? Math.min(resetAt, readAt + (resetAt - readAt) / REFILL_GROUPS) : resetAt;
  return until > now ? until - now : undefined;
}

/**
 * Whether a request may go at `now`, and if not, how long to wait. The same on a store shared
 * by several processes: every grant is in the shared ledger, and a reading's offer was cut at
 * the answer by the grants it may not have seen (see `unseenAt`).
 */
export function plan(
  state: BucketState,
  now: number,
  burst: number | undefined,
  /** The route asking: a quota of other units holds only the routes shown to spend it (`spentBy`). */
  routeKey?: string,
): Plan {
  if (state.otherUnits && !spends(state, routeKey)) return { kind: 'go', paceTokens: 1 };
  if (now < state.blockedUntil)
    return { kind: 'wait', waitMs: state.blockedUntil - now, reason: 'retry-after' };
  // A backoff after refusals that stated no wait: one request at a time sees whether it is over.
  const probing = probeWait(state, now);
  if (probing !== undefined) return { kind: 'wait', waitMs: probing, reason: 'backoff' };
  if (state.otherUnits) {
    const waitMs = spentUnitsWait(state, now) ?? inFlightWait(state, now);
    return waitMs === undefined ? { kind: 'go', paceTokens: 1 } : { kind: 'wait', waitMs, reason: 'quota' };
  }
  if (isRemainingOnly(state)) return planRemainingOnly(state, now);
  if (state.limit === undefined) {
    if (state.learnedRate === undefined) return { kind: 'unknown' };
    // A quota nobody published: paced at the rate learned from the refusals, evenly (a burst
    // on top of a rate found by probing would be refused). The bucket holds one request and
    // the jitter's share of one more: a request the jitter delayed lets the next go that much
    // sooner, so the jitter moves requests in time without slowing the pace (without the
    // credit it cost the learned rate 5 % of its pace).
    // A declared token bucket holds its depth (no credit on top: it would be one unit the
    // server's full bucket does not have; its depth absorbs the jitter's delays itself).
    const rate = state.learnedRate / 1000;
    const tokens = paceTokens(state, now, state.rateDepth ?? 1 + MAX_JITTER_SHARE, rate);
    if (tokens >= 1) return { kind: 'go', paceTokens: tokens };
    return { kind: 'wait', waitMs: Math.max(1, (1 - tokens) / rate), reason: 'pacing' };
  }
  const counted = live(state, now);
  const remaining = state.limit - countOf(counted);
  // What the server's freshest reading says is left now, less what went since: a window's until
  // its reset; a refilling bucket's growing as its units come back, to the millisecond.
  const refill = state.gradual ? refilled(state, counted, now) : undefined;
  const offer = refill?.units ?? offered(state, counted, now);
  if (remaining <= 0) {
    // The ledger keeps requests in at most 48 groups, merged conservatively (a refilling
    // bucket's units in a few, each coming back at once): where the reading has a unit left or
    // back sooner, it goes.
    if (offer >= 1) return { kind: 'go', paceTokens: 1 };
    const ledgerWaitMs = freedAt(counted, 1 - remaining) - now;
    const waitMs = Math.max(1, Math.min(ledgerWaitMs, refill?.waitMs ?? ledgerWaitMs));
    // A window whose reset is rounded may end sooner: one request may go to see (`window-phase.ts`).
    const probeAt = probeMoment(state);
    if (probeAt === undefined || probeAt >= now + waitMs) return { kind: 'wait', waitMs, reason: 'quota' };
    // While a probe is on its way, look again once its answer may be in.
    if (probeOut(state, now))
      return {
        kind: 'wait',
        waitMs: Math.max(1, Math.min(waitMs, (state.roundTripMs ?? 0) + 1)),
        reason: 'quota',
      };
    if (now >= probeAt) return { kind: 'go', paceTokens: 1, phaseProbe: true };
    return { kind: 'wait', waitMs: Math.max(1, probeAt - now), reason: 'quota' };
  }
  // A bucket that refills as it goes offers what it holds now: spreading it until it is full
  // again would leave it full (the ledger lets each unit go as it comes back).
  // Its pacing bucket is always full (the ledger paces it).
  // So does a sliding window: a unit held back comes back that much later, a window after it
  // went; none expires unused at a reset.
  if (state.gradual || state.sliding) return { kind: 'go', paceTokens: (burst ?? DEFAULT_BURST) + 1 };
  // Spread what is left until the window ends (or, not knowing it, until the next request frees
  // up), but never slower than the quota's own rate: requests keep freeing up as they expire.
  const horizon = windowEnd(state, now) ?? (counted.length > 0 ? freedAt(counted, 1) : now);
  const sustained = state.windowMs === undefined ? 0 : state.limit / state.windowMs;
  // A window only declared (no reading yet) is spent at a few times its own rate: the burst its
  // documentation promises, in the first part of the window whatever the server's phase (spread
  // evenly, the last units of each window fell in the server's next one), and spread enough that
  // the first refusal of a declaration too high stops it.
  const declared = state.resetAt === undefined ? DECLARED_WINDOW_PACE * sustained : 0;
  const rate = Math.max(sustained, declared, remaining / Math.max(1, horizon - now));
  const tokens = paceTokens(state, now, (burst ?? DEFAULT_BURST) + 1, rate);
  if (tokens >= 1) return { kind: 'go', paceTokens: tokens };
  // What the server itself said is left goes as it is asked for: held back, a window's units
  // would expire unused at its reset, and a sliding log's come back a window after they went,
  // burst or not. Only what a reading confirms goes this way; past its window, pacing again
  // until an answer says what the next one holds.
  if (offer >= 1) return { kind: 'go', paceTokens: 1 };
  return { kind: 'wait', waitMs: Math.max(1, (1 - tokens) / rate), reason: 'pacing' };
}

/**
 * The burst the server's freshest reading offers at `now`: what it said was left, less every
 * request granted since (from a round trip before the reading's request was sent, since those
 * may have reached the server after it); none once the reading's window has ended.
 */
function offered(state: BucketState, counted: readonly CountedRequests[], now: number): number {
  const { offerRemaining, offerSince, offerUntil } = state;
  if (state.windowed !== true) return 0;
  if (offerRemaining === undefined || offerSince === undefined || offerUntil === undefined) return 0;
  if (now >= offerUntil) return 0;
  const since = countOf(counted.filter(([grantedAt]) => grantedAt > offerSince));
  // Groups merge keeping the later grant, once the ledger is full (see `bounded`): the reading's
  // own request, merged with those granted after it, would count as granted since and hold a unit
  // back on every later window. Until the reading's window ends, the requests it counted (and those
  // it may not have seen: `limit - offerRemaining` in all) still count in the ledger; beyond them,
  // only the grants since can. A ledger short of full merged nothing: its count since is exact,
  // and the bound would only trust a ledger that, in a fleet whose answers arrive late and out of
  // order, may not hold every request the reading counted (a 429 in about 1 run in 2 of three
  // processes sharing one quota).
  if (state.limit === undefined || counted.length < MAX_GROUPS) return offerRemaining - since;
  const after = countOf(counted) - (state.limit - offerRemaining);
  return offerRemaining - Math.min(since, Math.max(0, after));
}

/**
 * What a reading shows of the quota's kind, against the first reading that announced the current
 * reset (the anchor). A window's reset stands still while its units are spent; a bucket that
 * refills as it goes announces when it will be full again, which moves later with each unit
 * spent faster than it comes back. So: `spent` units went and the reset stood still (within a
 * whole second's rounding) where a bucket, at the unit time this reading implies (`resetMs /
 * used`, the reset taken a second shorter in case it was rounded up), would have moved it by at
 * least half again as much: a window. Units went and the reset moved later by more than the
 * rounding before the anchor's reset came: a bucket (a new window would have shown more left,
 * and a sliding log moves its reset only as the anchor's reset passes). A request sent once the
 * anchor's reset had passed, whose reading still counts others and announces a reset less than a
 * window (less the rounding of both resets) after the anchor's: a sliding window. A fixed window
 * would have started afresh, its reset a whole window on (or more, if it starts with the first
 * request after); a log only lets its oldest request go, and its reset moves on by the spacing of
 * the requests after it. Any other reading that announces another reset becomes the anchor.
 */
function kindEvidence(
  state: BucketState,
  reading: {
    readonly limit: number;
    readonly remaining: number;
    readonly resetAt: number;
    readonly resetMs: number;
    readonly receivedAt: number;
    readonly sentAt: number;
    readonly windowMs: number | undefined;
  },
): Partial<BucketState> {
  const { anchorRemaining, anchorResetAt } = state;
  const anchor = { anchorRemaining: reading.remaining, anchorResetAt: reading.resetAt };
  if (anchorResetAt === undefined || anchorRemaining === undefined || state.limit !== reading.limit)
    return anchor;
  const spent = anchorRemaining - reading.remaining;
  const moved = reading.resetAt - anchorResetAt;
  const beforeAnchorReset = reading.receivedAt < anchorResetAt - RESET_ROUNDING_MS;
  // A reset is measured from the answer's arrival, which comes after the server counted it by
  // up to the round trip (more on a loaded machine, where answers wait for the event loop): a
  // window's reset seems to move later by up to the rounding plus that, never by more.
  const latencyMs = Math.max(0, reading.receivedAt - reading.sentAt);
  if (spent > 0 && moved >= RESET_ROUNDING_MS + latencyMs && beforeAnchorReset)
    return { ...anchor, gradual: true };
  if (
    reading.windowMs !== undefined &&
    reading.sentAt >= anchorResetAt &&
    reading.remaining < reading.limit - 1 &&
    moved < reading.windowMs - 2 * RESET_ROUNDING_MS
  )
    return { ...anchor, sliding: true };
  if (Math.abs(moved) >= RESET_ROUNDING_MS + latencyMs) return anchor;
  const unitMs =
    Math.max(0, reading.resetMs - RESET_ROUNDING_MS) / Math.max(1, reading.limit - reading.remaining);
  return spent * unitMs >= 1.5 * RESET_ROUNDING_MS ? { windowed: true } : {};
}

/**
 * A refilling bucket as its freshest reading describes it: `offerRemaining` units at
 * `offerReadAt`, full at `offerUntil`, so coming back at `used / time to full`; less every request
 * granted since (from a round trip before the reading's request). The units it holds at `now`,
 * and how long until it holds one more.
 */
function refilled(
  state: BucketState,
  counted: readonly CountedRequests[],
  now: number,
): { readonly units: number; readonly waitMs: number } | undefined {
  const { limit, offerRemaining, offerSince, offerUntil, offerReadAt } = state;
  if (limit === undefined || offerRemaining === undefined || offerSince === undefined) return undefined;
  if (offerUntil === undefined || offerReadAt === undefined || offerUntil <= offerReadAt) return undefined;
  const perMs = (limit - offerRemaining) / (offerUntil - offerReadAt);
  if (!(perMs > 0)) return undefined;
  const level = Math.min(limit, offerRemaining + (now - offerReadAt) * perMs);
  const since = countOf(counted.filter(([grantedAt]) => grantedAt > offerSince));
  const units = Math.floor(level) - since;
  return {
    units,
    waitMs: Math.max(1, (Math.floor(level) + 1 - level) / perMs) + Math.max(0, -units) / perMs,
  };
}

/**
 * The offer after a reading of `remaining` units until `resetAt`, for a request sent at `sentAt`
 * and answered at `receivedAt`: it replaces an older request's reading or one whose window ended.
 * Less the `unseen` grants sent before that request which the reading did not count and which
 * may still be on their way (from any process sharing the quota): they will take their units.
 */
function offerAfter(
  state: BucketState,
  reading: {
    readonly remaining: number;
    readonly resetAt: number;
    readonly unseen: number;
    /** Made by the server after the current offer's reading, however the requests were stamped. */
    readonly overtaking?: boolean;
  },
  sentAt: number,
  receivedAt: number,
): Partial<BucketState> {
  const current = state.offerSentAt !== undefined && (state.offerUntil ?? 0) > receivedAt;
  if (current && sentAt < state.offerSentAt! && reading.overtaking !== true) return {};
  return {
    offerRemaining: reading.remaining - reading.unseen,
    offerReadAt: receivedAt,
    offerSentAt: sentAt,
    offerSince: sentAt - Math.max(0, receivedAt - sentAt),
    offerUntil: reading.resetAt,
  };
}

/**
 * `groups` (and what fits of `past`, see `history`) in at most MAX_GROUPS entries: neighbours
 * merge, those whose expiries and grants both lie closest first, each merged group keeping the
 * later grant and the later expiry (so that it never counts as seen by an answer to a request
 * sent before its last grant). Requests of one burst, counting until one reset, merge with each
 * other at almost no cost; a burst and the requests of a later reset merge last, and so do
 * requests seconds apart that count until one reset: a window that turns out to slide counts
 * each from its own grant (merged, the earlier would count from the later's).
 */
function bounded(groups: CountedRequests[], past: readonly CountedRequests[] = []): CountedRequests[] {
  // A merge moves the earlier group's units later by both differences: their expiry (counted
  // longer) and their grant (taken as sent later, which a sliding window counts from).
  const cost = (index: number): readonly [number, number] => {
    const expiry = Math.abs(groups[index + 1]![1] - groups[index]![1]);
    const granted = groups[index + 1]![0] - groups[index]![0];
    return [Math.max(expiry, granted), Math.min(expiry, granted)];
  };
  while (groups.length > MAX_GROUPS) {
    let closest = 0;
    let best = cost(0);
    for (let index = 1; index < groups.length - 1; index += 1) {
      const candidate = cost(index);
      if (candidate[0] < best[0] || (candidate[0] === best[0] && candidate[1] < best[1])) {
        closest = index;
        best = candidate;
      }
    }
    const [first, second] = [groups[closest]!, groups[closest + 1]!];
    groups.splice(closest, 2, [second[0], Math.max(first[1], second[1]), first[2] + second[2]]);
  }
  // What stopped counting (`history`) only fills the room left, the latest first; never merged.
  const room = MAX_GROUPS - groups.length;
  if (past.length === 0 || room <= 0) return groups;
  return [...past.slice(-room), ...groups].sort((a, b) => a[0] - b[0]);
}

/**
 * The moment to record a grant at, wanted at `stamp`: later than every grant `states` hold, by
 * a microsecond. Each governor's stamps are unique in its own process only; governors sharing
 * a store stamp alike (always, on a virtual clock), and answers are matched with the grants
 * before them by this moment, so a grant's stamp is settled in the same atomic write as the
 * grant: the order of grants on a shared quota is the order they were written in.
 */
export function grantStamp(states: readonly BucketState[], stamp: number): number {
  return states.reduce((latest, state) => Math.max(latest, (state.lastGrantAt ?? latest) + 0.001), stamp);
}

/**
 * The state after granting one request at `now` (which `plan` allowed with `tokens`), recorded
 * in the ledger as sent at `grantedAt` (the governor's stamp, unique per request).
 */
export function grant(
  state: BucketState,
  now: number,
  tokens: number,
  grantedAt = now,
  /** The request probes the spent window's end (`plan` said so): the others wait for its answer. */
  phaseProbe = false,
  /** The route granted (a quota of other units counts the requests of the routes that spend it). */
  routeKey?: string,
): BucketState {
  const granted = state.otherUnits
    ? spendingGrant(state, now, grantedAt, routeKey)
    : grantOne(state, now, tokens, grantedAt);
  return backoffProbeGranted(phaseProbe ? probeSent(granted, grantedAt, now) : granted, now);
}

/**
 * The state once a request probing a quota nothing is known of (`plan` said `unknown`) was sent
 * at `grantedAt`. Each process sharing the quota sends its own probe, and a probe whose answer is
 * slow (a loaded machine: 1.7 s) is still on its way when another process's answer makes the
 * quota known: kept out of the ledger, the answers that followed took the server's count of it
 * for later grants overtaking theirs, and the fleet sent one more than the window held (1 run in
 * 4 of three processes under load). It counts until its answer, as any grant the server may not
 * have counted yet; the first reading sets when (at its window's reset, or dropped if uncounted).
 */
export function probeGranted(state: BucketState, now: number, grantedAt: number): BucketState {
  return {
    ...state,
    lastGrantAt: Math.max(grantedAt, state.lastGrantAt ?? grantedAt),
    counted: bounded([...live(state, now), [grantedAt, now + UNANSWERED_PROBE_MS, 1]], history(state, now)),
  };
}

function grantOne(state: BucketState, now: number, tokens: number, grantedAt: number): BucketState {
  // Never NaN or Infinity in a state: a shared store's JSON could not keep them.
  const paced = {
    ...state,
    paceTokens: Number.isFinite(tokens) ? tokens - 1 : 0,
    paceUpdatedAt: now,
    lastGrantAt: Math.max(grantedAt, state.lastGrantAt ?? grantedAt),
    grantsTotal: (state.grantsTotal ?? 0) + 1,
  };
  if (isRemainingOnly(state))
    return { ...paced, counted: bounded(remainingOnlyGrant(live(state, now), grantedAt, now)) };
  if (state.limit === undefined) return paced;
  // A request that may reach the server after the window's end (within a round trip of it:
  // the grant's own write, the way there) may be counted in the next window instead, where the
  // ledger, rolled over at the reset, would not hold it: it counts a whole window after it.
  // A sliding window's requests each count a window after they went, whatever its reset says.
  const end = state.sliding ? undefined : windowEnd(state, now);
  const mayCross = end !== undefined && now + (state.roundTripMs ?? 0) >= end;
  const counted = live(state, now);
  // A bucket whose refill rate is measured (its readings state no reset) lets its units out in
  // turn: a unit taken now is back once those before it are, one refill's time later.
  const expiresAt =
    state.leakPerMs !== undefined
      ? Math.max(now, ...counted.map(([, until]) => until)) + 1 / state.leakPerMs
      : Math.min(
          end !== undefined && !mayCross ? end : Number.POSITIVE_INFINITY,
          now + windowOf(state) + WINDOW_MARGIN_MS,
        );
  counted.push([grantedAt, expiresAt, 1]);
  return { ...paced, counted: bounded(counted, history(state, now)) };
}

/**
 * The ledger once the server said it counted `used` requests in the window that ends at
 * `resetAt` and began at `windowStart`: the most recent `used` of ours granted at or before
 * `sentAt` count until then (however early or late we had guessed), and any it counted beyond
 * ours were ours stamped later (overtaking it, or merged into a later group), else someone
 * else's (another client of the account). Ours of that window it did not count, other than the
 * `inFlight` it may not have seen yet, never counted.
 */
function countUntil(
  groups: readonly CountedRequests[],
  sentAt: number,
  window: {
    readonly used: number;
    readonly resetAt: number;
    readonly windowStart: number;
    readonly inFlight: number;
    /** No request counts longer than this after it was sent, when the window is known. */
    readonly longestMs: number;
    /**
     * The window slides: each request counts `longestMs` after it was sent, not until the reset
     * (which is only when the oldest leaves).
     */
    readonly sliding?: boolean;
  },
): CountedRequests[] {
  const result: CountedRequests[] = [];
  let left = window.used;
  let unseen = window.inFlight;
  for (let index = groups.length - 1; index >= 0; index -= 1) {
    const [grantedAt, expiresAt, count] = groups[index]!;
    if (grantedAt > sentAt) {
      result.push([grantedAt, expiresAt, count]);
      continue;
    }
    const moved = Math.min(count, left);
    left -= moved;
    // Counted until the reset, but no longer than a window after the grant (resets are rounded
    // up) unless the ledger already had it later: an earlier answer may have shown the request
    // reached the server long after its grant, which this answer's round trip does not show. A
    // sliding window's request counts a window from its own grant, whatever the reset says.
    const until = window.sliding
      ? grantedAt + window.longestMs
      : Math.min(window.resetAt, Math.max(expiresAt, grantedAt + window.longestMs));
    if (moved > 0) result.push([grantedAt, until, moved]);
    let rest = count - moved;
    if (rest > 0 && grantedAt >= window.windowStart) {
      // In the server's window but not counted there: only those still on their way may be.
      const kept = Math.min(rest, unseen);
      unseen -= kept;
      rest = kept;
    }
    if (rest > 0) result.push([grantedAt, expiresAt, rest]);
  }
  // Beyond ours sent before it: first, ours sent after it that overtook it on the way (another
  // process's), or that a merge stamped later (see `bounded`); they count already. Taken for
  // someone else's as well, each such merge during a burst would count its requests twice.
  const later = countOf(groups.filter(([grantedAt]) => grantedAt > sentAt));
  // A sliding window's ledger may lack requests of its own it once held: until it was known to
  // slide, they counted until the reset and were kept aside (`history`) only while the ledger had
  // room. The grants after this request still on their way (as many as `inFlight`, every
  // process's) may not have reached the server: taken for what it counted beyond ours, each
  // freed a unit the log still held (2 refused of 242 when 30 callers met the first reset).
  // Counted as well, they hold a unit back at most until the reset.
  const others = Math.max(0, left - (window.sliding ? Math.max(0, later - window.inFlight) : later));
  if (others > 0 && window.sliding) {
    // Someone else's: a sliding window's reset is when its oldest request leaves, so they count
    // until then, stamped as sent a window before it (the oldest they may be), so that the next
    // answer takes them for ours last, never a window from this answer.
    result.push([window.resetAt - window.longestMs, window.resetAt, others]);
  } else if (others > 0) result.push([sentAt, window.resetAt, others]);
  return result.sort((a, b) => a[0] - b[0]);
}

/**
 * Of a ledger just corrected by a reading (for the request sent at `sentAt`, counting `used`),
 * the grants sent no later than that request and still counting at `receivedAt` beyond those
 * the reading counted: the ones it did not see, kept because they may still be on their way.
 */
function unseenAt(
  groups: readonly CountedRequests[],
  sentAt: number,
  used: number,
  receivedAt: number,
): number {
  const before = groups.filter(([grantedAt, expiresAt]) => grantedAt <= sentAt && expiresAt > receivedAt);
  return Math.max(0, countOf(before) - used);
}

/**
 * Which of two readings of one fixed window the server made later, where the stamps of their
 * requests may say otherwise: a window's count only grows until its reset, so the reading that
 * shows more spent was made later, whichever request was granted first. Requests cross on the
 * way to the server (a process paused between its grant and its send, several processes' event
 * loops on a loaded machine): by the stamps alone, a reading made earlier at the server would
 * replace a later one, its smaller count dropping grants the server had counted (a 429 in about
 * 1 run in 15 of three processes sharing one quota under load), and the later one, stamped
 * earlier, would be ignored. Undefined when the two are not readings of one fixed window.
 */
function serverOrder(
  state: BucketState,
  observation: RateLimitObservation,
  receivedAt: number,
  sentAt: number,
): 'earlier' | 'later' | undefined {
  const { remaining, resetMs, limit } = observation;
  if (state.windowed !== true || state.sliding === true || state.gradual === true) return undefined;
  if (state.remaining === undefined || state.resetAt === undefined || state.windowMs === undefined)
    return undefined;
  if (remaining === undefined || resetMs === undefined || (limit ?? state.limit) !== state.limit)
    return undefined;
  if (state.resetAt <= receivedAt || remaining === state.remaining) return undefined;
  // One window: both resets, each measured from its answer's arrival and rounded up, agree within
  // the rounding and both round trips; the next window's is a whole window later.
  const tolerance =
    RESET_ROUNDING_MS +
    Math.max(0, receivedAt - sentAt) +
    Math.max(0, (state.readingReceivedAt ?? 0) - (state.readingSentAt ?? 0));
  if (state.windowMs <= 2 * tolerance || Math.abs(receivedAt + resetMs - state.resetAt) > tolerance)
    return undefined;
  if (remaining < state.remaining) return 'later';
  // A request sent after the held reading arrived reached the server after it was made: more
  // left then is units come back (a bucket that refills), never an earlier count.
  return sentAt < (state.readingReceivedAt ?? Number.NEGATIVE_INFINITY) ? 'earlier' : undefined;
}

/**
 * The state after an answer arrived at `receivedAt`, for a request granted at `sentAt`, saying
 * `observation`. A reset is measured from the answer. A window the fields do not declare is
 * learned from the answers to requests that opened one (`remaining = limit - 1`): their reset
 * is the whole window, rounded up.
 */
export function observe(
  state: BucketState,
  observation: RateLimitObservation,
  receivedAt: number,
  sentAt: number,
  inFlight = 0,
): BucketState {
  if (countsOtherUnits(observation)) return observeOtherUnits(state, observation, receivedAt, sentAt);
  if (readsRemainingOnly(state, observation))
    return observeRemainingOnly(
      rollOver(state, receivedAt),
      observation.remaining!,
      receivedAt,
      sentAt,
      inFlight,
    );
  const atServer = serverOrder(state, observation, receivedAt, sentAt);
  const olderStamp = sentAt < (state.readingSentAt ?? Number.NEGATIVE_INFINITY);
  if (atServer === 'earlier' || (olderStamp && atServer !== 'later')) {
    // An answer to a request sent before the one whose reading the ledger already holds: what
    // it counted, the newer reading counted too, and the ledger's entries since that request
    // include the newer reading's own accounting (stamped with its request). Rewritten from the
    // older count, those would count twice; answers cross on the wire, from every process
    // sharing the quota, so this is common. Only what the state lacks is learned from it.
    return {
      ...rollOver(state, receivedAt),
      ...(state.limit === undefined && observation.limit !== undefined ? { limit: observation.limit } : {}),
      ...(state.windowMs === undefined && observation.windowMs !== undefined
        ? { windowMs: observation.windowMs }
        : {}),
    };
  }
  const limit = observation.limit ?? state.limit;
  let windowMs = observation.windowMs ?? state.windowMs;
  const { remaining } = observation;
  // Readings that never say when units come back (a leaky bucket's `used/limit`): the refill
  // rate measured between them tells when it is full again, as a token bucket's reset would.
  const leak =
    observation.resetMs === undefined && observation.windowMs === undefined
      ? learnLeak(state, observation, sentAt)
      : {};
  // Until a rate is measured, one unit a second: a guess that must be safe, not fast (taken as a
  // window that refills whole each second, a bucket 40 deep leaking 2 a second was overrun).
  const leakPerMs =
    observation.resetMs === undefined && observation.windowMs === undefined
      ? (leak.leakPerMs ?? state.leakPerMs ?? 1 / UNKNOWN_WINDOW_MS)
      : undefined;
  const leaking = leakPerMs !== undefined && limit !== undefined && remaining !== undefined;
  const resetMs = leaking ? Math.max(0, limit - remaining) / leakPerMs : observation.resetMs;
  // A probe of a window's end that found the old window still there (a log that let its oldest
  // go, a window not yet over) says nothing new of the quota's kind: the anchor stays.
  const staleProbe = state.phaseProbeAt === sentAt && state.phaseProbeUntil !== 0 && remaining !== limit! - 1;
  const evidence =
    !staleProbe &&
    sentAt > (state.readingSentAt ?? Number.NEGATIVE_INFINITY) &&
    limit !== undefined &&
    remaining !== undefined &&
    resetMs !== undefined
      ? kindEvidence(state, {
          limit,
          remaining,
          resetAt: receivedAt + resetMs,
          resetMs,
          receivedAt,
          sentAt,
          windowMs,
        })
      : {};
  // A window declared with no reset (HubSpot's `-Interval-Milliseconds`: 100 in any rolling
  // 10 s) is kept as a log, each unit counted a window after its grant: whatever the window's
  // phase, no window of that length then holds more than the limit. Its units coming back before
  // a reset it never stated are a log's oldest leaving, not a bucket refilling.
  const undated = observation.windowMs !== undefined && observation.resetMs === undefined;
  const gradual =
    leaking ||
    state.gradual === true ||
    evidence.gradual === true ||
    (!undated && refillsGradually(state, observation, receivedAt, sentAt));
  // A window the fields declare (`w`) is one; otherwise the answers must show it.
  const sliding = !gradual && (state.sliding === true || evidence.sliding === true || undated);
  const windowed =
    !gradual &&
    (sliding || state.windowed === true || evidence.windowed === true || observation.windowMs !== undefined);
  if (
    !gradual &&
    observation.windowMs === undefined &&
    resetMs !== undefined &&
    resetMs >= SHORTEST_LEARNED_WINDOW_MS &&
    limit !== undefined &&
    remaining === limit - 1
  ) {
    // Undeclared window: a request that opened one saw it whole (rounded up).
    windowMs = Math.max(state.windowMs ?? 0, resetMs);
  }
  // Where a window whose reset is rounded really ends (`window-phase.ts`). Not for a declared
  // window (IETF fields' `w`): their `t` is when more quota comes, which a log's oldest request
  // leaving brings as well as a window's end (a log probed before it is known to slide lost pace).
  const phased =
    !gradual &&
    !sliding &&
    observation.windowMs === undefined &&
    limit !== undefined &&
    remaining !== undefined &&
    resetMs !== undefined
      ? phaseAfter(state, {
          limit,
          remaining,
          resetAt: receivedAt + resetMs,
          grainMs: observation.resetGrainMs,
          sentAt,
          receivedAt,
        })
      : undefined;
  const before = phased?.endedBy === undefined ? state : ended(state, sentAt, phased.endedBy, inFlight);
  const used = limit !== undefined && remaining !== undefined ? Math.max(0, limit - remaining) : 0;
  if (gradual && observation.windowMs === undefined && resetMs !== undefined && used > 0) {
    // A bucket's reset is when it is full again: `used` units come back over it.
    windowMs = (limit! * resetMs) / used;
  }
  const base: BucketState = {
    ...rollOver(before, receivedAt),
    ...phased?.phase,
    ...(limit !== undefined ? { limit } : {}),
    ...(windowMs !== undefined ? { windowMs } : {}),
    ...(gradual ? { gradual } : {}),
    ...(windowed ? { windowed } : {}),
    ...(sliding ? { sliding } : {}),
    ...(evidence.anchorResetAt !== undefined
      ? { anchorRemaining: evidence.anchorRemaining, anchorResetAt: evidence.anchorResetAt }
      : {}),
    ...(leaking ? { leakPerMs } : {}),
    ...leak,
  };
  if (remaining === undefined || limit === undefined) return base;
  const resetAt = receivedAt + (resetMs ?? windowOf(base));
  const reading = {
    remaining,
    resetAt,
    readingSentAt: Math.max(sentAt, state.readingSentAt ?? sentAt),
    readingReceivedAt: Math.max(receivedAt, state.readingReceivedAt ?? receivedAt),
    // From grant to answer (the store's write included), the longest lately: a spike is
    // remembered, halving with each reading after it.
    roundTripMs: Math.max(receivedAt - sentAt, (state.roundTripMs ?? 0) / 2),
  };
  const counted = gradual
    ? refillSchedule(base.counted ?? [], sentAt, used, receivedAt, resetAt, inFlight)
    : windowCounts(before, base, { sentAt, receivedAt, used, resetAt, inFlight, sliding });
  const unseen = unseenAt(counted, sentAt, used, receivedAt);
  return {
    ...base,
    ...reading,
    ...offerAfter(
      state,
      { remaining, resetAt, unseen, overtaking: atServer === 'later' },
      sentAt,
      receivedAt,
    ),
    counted,
  };
}

/** What a reading with a depth but no reset teaches of a bucket's refill rate (`refillBetweenReadings`). */
function learnLeak(
  state: BucketState,
  observation: RateLimitObservation,
  sentAt: number,
): Partial<BucketState> {
  const { limit, remaining } = observation;
  if (limit === undefined || remaining === undefined) return {};
  // Grants stamped after this request's are not in its reading (merged groups keep the later
  // stamp: at worst fewer grants are counted in between, and the rate comes out lower).
  const grantsUntil =
    (state.grantsTotal ?? 0) - countOf((state.counted ?? []).filter(([grantedAt]) => grantedAt > sentAt));
  return refillBetweenReadings(state, remaining, limit, sentAt, grantsUntil);
}

/**
 * The state once a reading showed the window that `state` knew had ended by `endedBy`, before the
 * reset it announced: the requests granted before the request read (`sentAt`) that counted until
 * that reset stop counting then.
 */
function ended(state: BucketState, sentAt: number, endedBy: number, inFlight: number): BucketState {
  const resetAt = state.resetAt ?? Number.POSITIVE_INFINITY;
  const groups = state.counted ?? [];
  const counted: CountedRequests[] = [];
  // The latest `inFlight` of them may still be on their way (from any process): reaching the
  // server after the probe, they count in the new window, so they keep counting as they did.
  let unseen = inFlight;
  for (let index = groups.length - 1; index >= 0; index -= 1) {
    const [grantedAt, expiresAt, count] = groups[index]!;
    if (grantedAt >= sentAt || expiresAt <= endedBy || expiresAt > resetAt + WINDOW_MARGIN_MS) {
      counted.push([grantedAt, expiresAt, count]);
      continue;
    }
    const kept = Math.min(count, unseen);
    unseen -= kept;
    if (kept > 0) counted.push([grantedAt, expiresAt, kept]);
    if (count > kept) counted.push([grantedAt, endedBy, count - kept]);
  }
  return { ...state, counted: counted.sort((a, b) => a[0] - b[0]) };
}

/** A window's ledger after a reading (a refilling bucket's is `refillSchedule`'s). */
function windowCounts(
  state: BucketState,
  base: BucketState,
  reading: {
    readonly sentAt: number;
    readonly receivedAt: number;
    readonly used: number;
    readonly resetAt: number;
    readonly inFlight: number;
    readonly sliding: boolean;
  },
): CountedRequests[] {
  const { sentAt, receivedAt, used, resetAt, inFlight, sliding } = reading;
  // Once the window is known to slide, what stopped counting at the reset counts again, each
  // request from its own time; a fixed window's is kept aside, as it was.
  const past = history(state, receivedAt);
  return bounded(
    countUntil(
      sliding ? [...past, ...live(base, receivedAt)].sort((a, b) => a[0] - b[0]) : live(base, receivedAt),
      sentAt,
      {
        used,
        resetAt,
        windowStart: resetAt - windowOf(base),
        inFlight,
        // A request reaches the server some time after its grant (the store's write, the event
        // loop, the wire): as long, at most, as this answer's own round trip took.
        longestMs: longestCount(base) + Math.max(0, receivedAt - sentAt),
        sliding,
      },
    ),
    sliding ? [] : past,
  );
}

/** Whether the quota counts something other than requests (`-tokens` fields, `qu="content-bytes"`). */
export function countsOtherUnits(observation: RateLimitObservation): boolean {
  const unit = observation.quotaUnit?.toLowerCase();
  return unit !== undefined && !/^requests?$/.test(unit);
}

/** A quota of other units keeps only its last reading (of a later request than the one before). */
function observeOtherUnits(
  state: BucketState,
  observation: RateLimitObservation,
  receivedAt: number,
  sentAt: number,
): BucketState {
  const { limit, remaining, resetMs } = observation;
  const gradual = state.gradual === true || refillsGradually(state, observation, receivedAt, sentAt);
  const fresher = sentAt >= (state.readingSentAt ?? Number.NEGATIVE_INFINITY);
  const base: BucketState = {
    ...state,
    otherUnits: true,
    // The spending requests up to this reading's are in its count.
    counted: fresher
      ? (state.counted ?? []).filter(([grantedAt]) => grantedAt > sentAt)
      : (state.counted ?? []),
    ...(limit !== undefined ? { limit } : {}),
    ...(observation.windowMs !== undefined ? { windowMs: observation.windowMs } : {}),
    ...(gradual ? { gradual } : {}),
  };
  if (remaining === undefined || sentAt < (state.readingSentAt ?? Number.NEGATIVE_INFINITY)) return base;
  return {
    ...base,
    ...costAfter(state, remaining, sentAt),
    remaining,
    // No reset stated: the quota is back when refusals showed it comes back, else a guess.
    resetAt:
      resetMs !== undefined
        ? receivedAt + resetMs
        : (nextRefill(state, receivedAt) ?? receivedAt + windowOf(base)),
    readingSentAt: sentAt,
    readingReceivedAt: Math.max(receivedAt, state.readingReceivedAt ?? receivedAt),
  };
}

/**
 * Whether the quota refills as it goes (a token bucket) rather than at its reset: an answer to
 * a request sent after the last reading shows more left, well before the reset that reading
 * announced. A window never gives back before its reset.
 */
function refillsGradually(
  state: BucketState,
  observation: RateLimitObservation,
  receivedAt: number,
  sentAt: number,
): boolean {
  const { remaining, limit } = observation;
  if (state.remaining === undefined || state.resetAt === undefined || remaining === undefined) return false;
  // Only a request sent once the last reading had arrived surely reached the server after that
  // reading's request: one merely sent later may have been overtaken on its way (a busy
  // process, a slower connection, another process's), and a window's count read out of order
  // shows more left.
  const after = state.readingReceivedAt ?? state.readingSentAt ?? Number.POSITIVE_INFINITY;
  if (limit !== state.limit || sentAt <= after) return false;
  // The held reset was measured from its answer's arrival, up to a round trip after the server
  // counted (longer on a loaded machine, where answers wait for the event loop): it may be that
  // much late, and a new window opening before it is not a refill.
  const lateBy = RESET_ROUNDING_MS + (state.roundTripMs ?? 0);
  return remaining > state.remaining && receivedAt < state.resetAt - lateBy;
}

/**
 * The ledger of a bucket that refills as it goes: `used` units come back evenly until the bucket
 * is full at `resetAt`; ours granted after the answered request keep counting as they did, and
 * so do those granted before it that the server did not count, up to the `inFlight` that may
 * still be on their way.
 */
function refillSchedule(
  groups: readonly CountedRequests[],
  sentAt: number,
  used: number,
  receivedAt: number,
  resetAt: number,
  inFlight: number,
): CountedRequests[] {
  const later = groups.filter(([grantedAt]) => grantedAt > sentAt);
  let counted = used;
  let unseen = inFlight;
  for (let index = groups.length - 1; index >= 0 && unseen > 0; index -= 1) {
    const [grantedAt, expiresAt, count] = groups[index]!;
    if (grantedAt > sentAt) continue;
    // The most recent `used` of ours are what the server counted; the rest it has not seen yet.
    const seen = Math.min(count, counted);
    counted -= seen;
    const kept = Math.min(count - seen, unseen);
    unseen -= kept;
    if (kept > 0) later.push([grantedAt, expiresAt, kept]);
  }
  later.sort((first, second) => first[0] - second[0]);
  const parts = Math.min(used, REFILL_GROUPS);
  const schedule: CountedRequests[] = [];
  let scheduled = 0;
  for (let part = 1; part <= parts; part += 1) {
    const end = Math.round((part * used) / parts);
    if (end > scheduled)
      schedule.push([sentAt, receivedAt + ((resetAt - receivedAt) * end) / used, end - scheduled]);
    scheduled = end;
  }
  return bounded([...schedule, ...later]);
}

/**
 * The state once the request granted at `grantedAt` turned out not to draw on this quota (a
 * route not yet known borrowed it from a relative, and the answer named the quotas it does draw
 * on): its unit comes back. Groups merge keeping the later stamp (see `bounded`), so the unit is
 * taken from the grant's own group, else from the first group stamped after it.
 */
export function release(state: BucketState, grantedAt: number): BucketState {
  const counted = state.counted ?? [];
  // A probe of the window's end (`window-phase.ts`) it was tells nothing of this quota: another may go.
  const probe = state.phaseProbeAt === grantedAt ? { phaseProbeUntil: 0 } : {};
  // A reading of a request sent after it already counted the ledger to the server's count, which
  // never held this request: it took the place of one the server did count. Given back again, the
  // ledger would hold one less than the server (a 429 in a real fleet, answers read out of order).
  if ((state.readingSentAt ?? Number.NEGATIVE_INFINITY) >= grantedAt) return { ...state, ...probe };
  const index = counted.findIndex(([stamp, , count]) => stamp >= grantedAt && count > 0);
  if (index < 0) return { ...state, ...probe };
  const [stamp, expiresAt, count] = counted[index]!;
  const kept: CountedRequests[] = count > 1 ? [[stamp, expiresAt, count - 1]] : [];
  return { ...state, ...probe, counted: [...counted.slice(0, index), ...kept, ...counted.slice(index + 1)] };
}

/** The state after the service refused with 429 or 503 and asked to wait until `untilMs`. */
export function block(
  state: BucketState,
  untilMs: number,
  quotaSpent: boolean,
  sentAt: number,
  /** The refused request's route: a quota of other units it was refused on holds it from now on. */
  routeKey?: string,
): BucketState {
  // A refusal withdraws any burst a reading offered: the server no longer has it.
  const blocked = {
    ...(quotaSpent ? cutLeak(state, sentAt, untilMs) : state),
    ...(quotaSpent ? { ...refillAfterRefusal(state, untilMs, sentAt), ...withSpender(state, routeKey) } : {}),
    blockedUntil: Math.max(state.blockedUntil, untilMs),
    offerRemaining: 0,
  };
  // A quota of other units keeps no count of units to correct (its ledger holds only the spending
  // requests on their way, `other-units.ts`).
  if (!quotaSpent || state.limit === undefined || state.otherUnits) return blocked;
  if (blocked.leakPerMs !== undefined)
    return blockLeaking(blocked, state.limit, blocked.leakPerMs, untilMs, sentAt);
  // A refusal is a measurement: the whole quota counts until then (a sliding window's until
  // each of its requests is a window old: the wait is only until the oldest is).
  const window = {
    used: state.limit,
    resetAt: untilMs,
    windowStart: untilMs,
    inFlight: 0,
    longestMs: state.sliding ? longestCount(state) : Number.POSITIVE_INFINITY,
    sliding: state.sliding === true,
  };
  const past = history(state, sentAt);
  // A sliding window logs only what it admits: the refused request never counts in it.
  const counting = (state.counted ?? [])
    .filter((group) => !past.includes(group))
    .map(
      ([grantedAt, expiresAt, count]): CountedRequests =>
        state.sliding && grantedAt === sentAt
          ? [grantedAt, expiresAt, count - 1]
          : [grantedAt, expiresAt, count],
    )
    .filter(([, , count]) => count > 0);
  return { ...blocked, counted: bounded(countUntil(counting, sentAt, window), past) };
}

/**
 * A bucket that refills as it goes, refused: empty when the refused request reached it, so its
 * units come back one by one at its refill rate from the end of the wait (not all at once then,
 * as a window's would: every request waiting would go, and the most be refused again). The
 * refused request took nothing: it is not among the grants its refill rate is measured from.
 */
function blockLeaking(
  state: BucketState,
  limit: number,
  leakPerMs: number,
  untilMs: number,
  sentAt: number,
): BucketState {
  const fullAt = untilMs + limit / leakPerMs;
  return {
    ...state,
    grantsTotal: Math.max(0, (state.grantsTotal ?? 0) - 1),
    counted: refillSchedule(state.counted ?? [], sentAt, limit, untilMs, fullAt, 0),
    offerRemaining: 0,
    offerReadAt: untilMs,
    offerSentAt: sentAt,
    offerSince: sentAt,
    offerUntil: fullAt,
  };
}

/**
 * A refill rate learned from readings that the server refused past was too high (or another
 * client shares the bucket): halved, and measured afresh from the next reading. Once per
 * refusal's wait: the refusals of requests sent before the wait ended are one lesson.
 */
function cutLeak(state: BucketState, sentAt: number, untilMs: number): BucketState {
  const { leakPerMs } = state;
  if (leakPerMs === undefined || sentAt < (state.leakCutUntil ?? Number.NEGATIVE_INFINITY)) return state;
  const { leakFromSentAt: _sentAt, leakFromRemaining: _remaining, leakFromGrants: _grants, ...rest } = state;
  return { ...rest, leakPerMs: leakPerMs / 2, leakCutUntil: untilMs };
}
