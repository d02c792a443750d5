import fc from 'fast-check';
import {
  type Emulator,
  type EmulatorAccount,
  type ManualClock,
  startEmulator,
} from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Session } from '../../src/auth/index.js';
import { discover } from '../../src/discovery/discover.js';
import type { ServiceDescription } from '../../src/discovery/service-description.js';
import { createUndiciTransport } from '../../src/http/index.js';
import { createToolSpecs, type ToolSet } from '../../src/tools/index.js';
import { createVirtualClock } from '../support/virtual-clock.js';
import { argumentCases } from './support/argument-cases.js';
import { refused } from './support/argument-fuzz-bed.js';
import { CANARY_PASSWORD } from './support/canaries.js';
import { emulatorRefusal } from './support/emulator-request-check.js';
import { formRefusal } from './support/input-refusal.js';
import { type RecordingTransport, recordingTransport } from './support/recording-transport.js';
import { SecretCollector } from './support/secret-collector.js';
import { secretRecordingStore } from './support/secret-recording-store.js';
import { type RejectionWatch, watchUnhandledRejections } from './support/unhandled-rejections.js';

/** Calls per operation over real HTTP: a sample; the capturing suites run the thousands. */
const RUNS = Number(process.env.GENTK_HTTP_RUNS ?? 3);
const SEED = 4_242;
/** Operations that end or switch the session's own token: called by the token tests instead. */
const ENDS_THE_SESSION = new Set([
  'post_auth_logout',
  'post_auth_logout_all',
  'post_auth_refresh',
  'patch_me_password',
  'post_auth_switch_account',
  'post_auth_tokens_revoke_others',
]);
const UNLIMITED = { limit: 1_000_000, windowSeconds: 60 };

let emulator: Emulator;
let account: EmulatorAccount;
let service: ServiceDescription;
let session: Session;
let tools: ToolSet;
let wire: RecordingTransport;
let closeTransport: () => Promise<void>;
let watch: RejectionWatch;
const collector = new SecretCollector([CANARY_PASSWORD]);

beforeAll(async () => {
  watch = watchUnhandledRejections();
  emulator = await startEmulator({
    clock: 'manual',
    queueLimit: 100_000,
    quirks: { http200Errors: false },
    rateLimits: {
      generation: UNLIMITED,
      control: UNLIMITED,
      billing: UNLIMITED,
      auth: UNLIMITED,
      public: UNLIMITED,
    },
  });
  account = emulator.createAccount({ password: CANARY_PASSWORD, credits: 1_000_000 });
  collector.addSecret(account.apiKey);
  service = await discover(emulator.url);
  const clock = createVirtualClock(emulator.clock as ManualClock);
  const undici = createUndiciTransport();
  closeTransport = undici.close;
  wire = recordingTransport(clock.wrap(undici.transport));
  session = await connect({
    service,
    apiKey: account.apiKey,
    auth: { email: account.email, password: CANARY_PASSWORD },
    operations: { all: true },
    tokenStore: secretRecordingStore(collector),
    http: { clock, transport: wire.transport, onEvent: (event) => collector.record('http event', event) },
  });
  tools = createToolSpecs(session, { mode: 'typed', waitMs: 0 });
  wire.take();
});
afterAll(async () => {
  await session?.close();
  await closeTransport?.();
  await emulator?.close();
  watch?.stop();
});

describe(`every typed tool over real HTTP, ${RUNS} generated arguments each`, () => {
  it('the emulator refuses the form of no request the tools send, and refusals send nothing', {
    timeout: 90_000,
  }, async () => {
    let sentCalls = 0;
    let refusedCalls = 0;
    for (const [index, operation] of session.operations.entries()) {
      if (ENDS_THE_SESSION.has(operation.id)) continue;
      const tool = tools.tools.find((candidate) => candidate.operationId === operation.id)!;
      await fc.assert(
        fc.asyncProperty(argumentCases(operation.input.schema), async ({ args }) => {
          const result = await tool.execute(args);
          collector.record(tool.name, result);
          const exchanges = wire.take();
          expect(!result.ok && result.status === 'error' && result.code, operation.id).not.toBe(
            'internal_error',
          );
          if (refused(result)) {
            refusedCalls += 1;
            expect(exchanges, `${operation.id}: refused, yet sent`).toEqual([]);
            return;
          }
          sentCalls += 1;
          for (const exchange of exchanges) {
            const expected = exchange.request.url.pathname.includes('/fetch')
              ? undefined
              : { operationId: operation.id, origin: operation.origin };
            if (expected) expect(emulatorRefusal(exchange.request, expected), operation.id).toBeUndefined();
            expect(
              formRefusal(exchange),
              `${operation.id}: ${exchange.request.method} ${exchange.request.url.pathname} ${exchange.request.body?.slice(0, 300)}`,
            ).toBeUndefined();
          }
        }),
        { seed: SEED + index, numRuns: RUNS },
      );
    }
    expect(sentCalls).toBeGreaterThan(100);
    expect(refusedCalls).toBeGreaterThan(100);
  });

  it('leaked nothing and left nothing unhandled', () => {
    expect(collector.leaks()).toEqual([]);
    expect(watch.escaped).toEqual([]);
  });
});
