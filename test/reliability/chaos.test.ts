/**
 * Chaos: thousands of calls, through `session.call` and through the tools, against an emulator
 * that answers with 429 storms, 5xx, resets, garbled and HTML bodies, slow answers, jobs that fail
 * or never finish, and tokens that expire while the session lives. Every call must end in a
 * success, a resumable handle or a typed error; nothing may escape as an unhandled rejection; the
 * emulator's ledger must show no logical call paid twice; and the heap must not grow with rounds.
 *
 * Time is virtual (the emulator's manual clock, moved by the client's sleeps), so Retry-After
 * waits, backoffs and polls cost no real time. Every draw (the calls, the faults, the jobs' fates)
 * comes from a fixed seed; the interleaving of the 20 concurrent calls can still change which
 * request meets which fault from run to run, and no assertion depends on that.
 */

import {
  type Emulator,
  type EmulatorAccount,
  type ManualClock,
  startEmulator,
} from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Session, type StoredToken, type TokenStore } from '../../src/auth/index.js';
import { discover } from '../../src/discovery/discover.js';
import type { ServiceDescription } from '../../src/discovery/service-description.js';
import { createUndiciTransport, type TransportRequest } from '../../src/http/index.js';
import { createToolSpecs } from '../../src/tools/index.js';
import { createVirtualClock, type VirtualClock } from '../support/virtual-clock.js';
import { CANARY_PASSWORD } from './support/canaries.js';
import {
  ASYNC_OPERATIONS,
  CHAT_OPERATIONS,
  type ChaosBed,
  CONTROL_PLANE_OPERATIONS,
  drawCalls,
  resumeHandedBack,
} from './support/chaos-calls.js';
import {
  ATTEMPT_TIMEOUT_MS,
  CLEAN_ROTATION_ROUND,
  chaosFaults,
  countFiredFaults,
  type FiredFaults,
  LOST_ROTATION_ROUND,
} from './support/chaos-faults.js';
import { chargedTwice, type PaidJob, paidJobs } from './support/chaos-ledger.js';
import { OutcomeTally } from './support/chaos-outcomes.js';
import { runWithConcurrency } from './support/chaos-pool.js';
import { seededRandom } from './support/chaos-random.js';
import { type ChaosWire, chaosWire } from './support/chaos-wire.js';
import { heapUsedAfterGc } from './support/heap.js';
import { SecretCollector } from './support/secret-collector.js';
import { secretRecordingStore } from './support/secret-recording-store.js';
import { watchFile } from './support/watch-file.js';

const SEED = 90_210;
const ROUNDS = 5;
const CALLS_PER_ROUND = 400;
const CONCURRENCY = 20;
/** 1 week of token life is 605 s of virtual time; jobs take milliseconds. */
const TIME_SCALE = 0.001;
/** The client renews a token this long before it expires (TokenManager's default). */
const REFRESH_MARGIN_MS = 300_000;
const MB = 1024 * 1024;

const TAG = /chaos-\d+/;
/** Names the logical call a request belongs to: its tag, or the unique amount of a funding. */
function tagOf(request: TransportRequest): string | undefined {
  const tag = request.body?.match(TAG)?.[0];
  if (tag) return tag;
  if (request.url.pathname.endsWith('/wallet/fund') && request.body) {
    const amount = (JSON.parse(request.body) as { amount?: unknown }).amount;
    return `fund:${String(amount)}`;
  }
  return undefined;
}

let emulator: Emulator;
let account: EmulatorAccount;
let service: ServiceDescription;
let session: Session;
let clock: VirtualClock;
let wire: ChaosWire;
let fired: FiredFaults;
let closeTransport: () => Promise<void>;
const collector = new SecretCollector([CANARY_PASSWORD]);
const watch = watchFile(collector);
const tally = new OutcomeTally();
const crashes: unknown[] = [];
/** Every token the session kept, in order, and which round was running when it came. */
const tokensSaved: Array<{ token: StoredToken; round: number }> = [];
/** Answers to the session's logins and token rotations: `<round> <operation> <status>`. */
const renewals: string[] = [];
const retries = new Map<string, number>();
let throttleWaits = 0;
const heap: number[] = [];
const fundAmounts: string[] = [];
let paid: PaidJob[] = [];
let round = 0;
/** Control-plane successes per round: calls went on after each token renewal. */
const controlPlaneSuccesses: number[] = [];

function countingStore(inner: TokenStore): TokenStore {
  return {
    load: (key) => inner.load(key),
    save: async (key, token) => {
      tokensSaved.push({ token, round });
      await inner.save(key, token);
    },
    delete: (key) => inner.delete(key),
  };
}

/** Sleeps on virtual time until `target` (epoch ms on the emulator's clock). */
async function virtualPauseUntil(target: number): Promise<void> {
  await clock.sleep(Math.max(0, target - clock.now()));
}

function controlPlaneSuccessCount(): number {
  return ['balance', 'usage-tool', 'tokens', 'me-tool', 'api-key', 'fund', 'fund-tool'].reduce(
    (sum, kind) => sum + tally.count('success', kind),
    0,
  );
}

beforeAll(async () => {
  emulator = await startEmulator({ clock: 'manual', timeScale: TIME_SCALE, seed: SEED, queueLimit: 10_000 });
  account = emulator.createAccount({ password: CANARY_PASSWORD, credits: 100_000 });
  collector.addSecret(account.apiKey);
  service = await discover(emulator.url);
  clock = createVirtualClock(emulator.clock as ManualClock);
  const undici = createUndiciTransport();
  closeTransport = undici.close;
  wire = chaosWire(undici.transport, tagOf);
  fired = countFiredFaults(emulator.faults);
  const random = seededRandom(SEED);
  session = await connect({
    service,
    apiKey: account.apiKey,
    auth: { email: account.email, password: CANARY_PASSWORD },
    tokenExpiry: '1_week',
    operations: { surfaces: ['generation'], ids: CONTROL_PLANE_OPERATIONS },
    tokenStore: countingStore(secretRecordingStore(collector)),
    http: {
      clock,
      transport: clock.wrap(wire.transport),
      random,
      timeoutMs: ATTEMPT_TIMEOUT_MS,
      onEvent: (event) => {
        collector.record('http event', event);
        if (event.type === 'retry') retries.set(event.code, (retries.get(event.code) ?? 0) + 1);
        if (event.type === 'throttle-wait') throttleWaits += 1;
        if (event.type === 'response' && (event.operationId === 'login' || event.operationId === 'refresh'))
          renewals.push(`${round} ${event.operationId} ${event.status}`);
      },
      onWarning: (warning) => collector.record('warning', warning),
    },
  });
  const tools = createToolSpecs(session, { mode: 'auto', waitMs: 4_000 });
  let tags = 0;
  let funds = 0;
  const bed: ChaosBed = {
    session,
    tools,
    collector,
    handedBack: [],
    random,
    nextTag: () => `chaos-${++tags}`,
    nextFundAmount: () => {
      funds += 1;
      const amount = 5 + funds / 100;
      fundAmounts.push(String(amount));
      return amount;
    },
    keyCreated: (secret) => collector.addSecret(secret),
  };

  let previousControlPlane = 0;
  for (round = 1; round <= ROUNDS; round += 1) {
    emulator.faults.set(chaosFaults(round));
    const tasks = [
      ...resumeHandedBack(bed),
      ...drawCalls(bed, CALLS_PER_ROUND, (round - 1) * CALLS_PER_ROUND),
    ];
    const ended = await runWithConcurrency(
      tasks.map((task) => async () => tally.add(task.kind, await task.run())),
      CONCURRENCY,
    );
    crashes.push(...ended);
    const total = controlPlaneSuccessCount();
    controlPlaneSuccesses.push(total - previousControlPlane);
    previousControlPlane = total;
    heap.push(await heapUsedAfterGc());
    // Between rounds the agent idles on virtual time: before rounds 3 and 4 until its token is due
    // for renewal (a rotation, whose answer is lost in round 4), before round 5 until the token
    // has expired (a fresh login).
    const current = tokensSaved.at(-1)?.token.expiresAt;
    if (current && (round === CLEAN_ROTATION_ROUND - 1 || round === LOST_ROTATION_ROUND - 1))
      await virtualPauseUntil(Date.parse(current) - REFRESH_MARGIN_MS / 2);
    if (current && round === 4) await virtualPauseUntil(Date.parse(current) + 1_000);
  }
  emulator.faults.clear();
  paid = await paidJobs({
    emulator,
    service,
    email: account.email,
    apiKey: account.apiKey,
    asyncOperationIds: new Set(ASYNC_OPERATIONS),
    tagOf: (text) => text.match(TAG)?.[0],
  });
  await session.close();
  collector.stopWatchingConsole();
}, 150_000);

afterAll(async () => {
  await session?.close();
  await closeTransport?.();
  await emulator?.close();
});

describe(`chaos: ${ROUNDS} rounds of ${CALLS_PER_ROUND} calls, ${CONCURRENCY} at a time, through injected faults`, () => {
  it('every call ends in a success, a resumable handle or a typed error, within bounded time', () => {
    const described = crashes.map((crash) => (crash instanceof Error ? crash.message : String(crash)));
    expect(described, 'calls that crashed or hung').toEqual([]);
    expect(tally.calls).toBeGreaterThanOrEqual(ROUNDS * CALLS_PER_ROUND);
    expect(tally.count('success'), tally.summary()).toBeGreaterThan(tally.calls * 0.6);
    expect(tally.count('pending'), 'jobs handed back as resumable handles').toBeGreaterThan(0);
    expect(
      tally.count('success', 'resume') + tally.count('success', 'resume-tool'),
      'handles resumed to a result',
    ).toBeGreaterThan(0);
  });

  it('the faults fired, and the client retried through them', () => {
    const figures = `faults ${JSON.stringify(fired.byKind)}; retries ${JSON.stringify(Object.fromEntries(retries))}; statuses ${JSON.stringify(Object.fromEntries(wire.statuses))}; failures ${JSON.stringify(wire.failures)}; throttle waits ${throttleWaits}`;
    for (const kind of Object.keys(fired.byKind) as (keyof FiredFaults['byKind'])[])
      expect(fired.byKind[kind], `${kind} faults fired; ${figures}`).toBeGreaterThan(0);
    expect(retries.get('rate_limited') ?? 0, figures).toBeGreaterThan(0);
    expect(retries.get('server_error') ?? 0, figures).toBeGreaterThan(0);
    expect(retries.get('network_error') ?? 0, figures).toBeGreaterThan(0);
    expect(wire.failures.sent, figures).toBeGreaterThan(0);
    expect(tally.count('error:generation_failed'), 'jobs that failed').toBeGreaterThan(0);
  });

  it('no logical call was charged twice (emulator ledger)', () => {
    expect(paid.length, 'paid generation jobs read back').toBeGreaterThan(0);
    expect(chargedTwice(paid), 'tags paid by more than one job').toEqual([]);
    expect(
      paid.filter((job) => job.tag === undefined).map((job) => `${job.jobId}: ${job.excerpt}`),
      'paid jobs that no call of the suite submitted',
    ).toEqual([]);
    const snapshot = emulator.inspect(account.email)!;
    // A synchronous paid call leaves no job to read back; it may be paid at most once per call made.
    const chatCalls = tally.callsOf('chat') + tally.callsOf('chat-tool');
    const chatDebits = snapshot.transactions.filter(
      (entry) => entry.type === 'debit' && (CHAT_OPERATIONS as readonly string[]).includes(entry.description),
    ).length;
    expect(chatDebits).toBeLessThanOrEqual(chatCalls);
    expect(chatDebits).toBeGreaterThanOrEqual(
      tally.count('success', 'chat') + tally.count('success', 'chat-tool'),
    );
    // Each funding has its own amount: the same amount paid twice is a payment repeated.
    const payments = snapshot.payments
      .filter((payment) => payment.status === 'succeeded')
      .map((p) => String(p.amount));
    expect(
      payments.filter((amount, index) => payments.indexOf(amount) !== index),
      'fundings paid twice',
    ).toEqual([]);
    expect(payments.length).toBeLessThanOrEqual(fundAmounts.length);
    expect(payments.length).toBeGreaterThanOrEqual(
      tally.count('success', 'fund') + tally.count('success', 'fund-tool'),
    );
  });

  it('a generation is sent again only when the service provably ignored it; a payment keeps one key', () => {
    const keyed = (tag: string) => tag.startsWith('fund:');
    expect(wire.resentAfterPossibleEffect(keyed), 'unsafe requests repeated after a possible effect').toEqual(
      [],
    );
    const fundings = fundAmounts
      .map((amount) => `fund:${amount}`)
      .filter((tag) => wire.attemptsOf(tag).length > 0);
    expect(fundings.length).toBeGreaterThan(0);
    for (const tag of fundings)
      expect(wire.keysOf(tag), `${tag}: ${wire.attemptsOf(tag).join(' -> ')}`).toHaveLength(1);
    const retriedFundings = fundings.filter((tag) => wire.attemptsOf(tag).length > 1);
    expect(retriedFundings.length, 'fundings that were retried').toBeGreaterThan(0);
  });

  it('tokens were renewed mid-run, even when a rotation lost its answer, and calls went on', () => {
    const inRound = (n: number) => renewals.filter((line) => line.startsWith(`${n} `));
    // Round 3 starts with the token due: it is rotated before it expires.
    expect(inRound(CLEAN_ROTATION_ROUND), renewals.join('; ')).toContain(
      `${CLEAN_ROTATION_ROUND} refresh 200`,
    );
    // Round 4's rotation is done by the service but its answer is lost; the revoked token cannot
    // be rotated again, and the session logs in afresh.
    expect(inRound(LOST_ROTATION_ROUND), renewals.join('; ')).toEqual(
      expect.arrayContaining([
        `${LOST_ROTATION_ROUND} refresh 500`,
        `${LOST_ROTATION_ROUND} refresh 401`,
        `${LOST_ROTATION_ROUND} login 200`,
      ]),
    );
    // Round 5 starts after the token expired: only a login can renew it.
    expect(inRound(5), renewals.join('; ')).toContain('5 login 200');
    expect(
      tokensSaved.map((saved) => saved.round),
      'rounds in which the session kept a new token',
    ).toEqual(expect.arrayContaining([CLEAN_ROTATION_ROUND, LOST_ROTATION_ROUND, 5]));
    for (const [index, successes] of controlPlaneSuccesses.entries())
      expect(successes, `control-plane successes in round ${index + 1}`).toBeGreaterThan(0);
    expect(tally.count('error:authentication_failed'), tally.summary()).toBe(0);
  });

  it('memory does not grow from round to round', () => {
    const [first = 0] = heap;
    const last = heap.at(-1) ?? 0;
    const figures = `heap after each round (MB): ${heap.map((bytes) => (bytes / MB).toFixed(1)).join(', ')}`;
    // The emulator shares the heap and keeps every job, payment and ledger line it made (about
    // 0.6 MB a round here); a client that kept each call's answer would add several MB a round.
    expect(last - first, figures).toBeLessThan(10 * MB);
  });

  it('no rejection escaped and no secret leaked', () => {
    expect(watch.escaped).toEqual([]);
    expect(collector.checked).toBeGreaterThan(tally.calls);
    expect(collector.leaks()).toEqual([]);
  });
});
