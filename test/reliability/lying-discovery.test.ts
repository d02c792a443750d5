import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConnectAuth, connect, type Session } from '../../src/auth/index.js';
import { discover } from '../../src/discovery/discover.js';
import { createUndiciTransport, type Transport } from '../../src/http/index.js';
import { validSample } from '../tools/support/valid-sample.js';
import { CANARY_CODE, CANARY_KEY, CANARY_PASSWORD, CANARY_TOKEN } from './support/canaries.js';
import { type DocumentHost, type ReceivedRequest, startDocumentHost } from './support/document-host.js';
import { lies, publishedDocuments, servedBy } from './support/lying-documents.js';
import { SecretCollector } from './support/secret-collector.js';
import { createSkippingClock } from './support/skipping-clock.js';
import { typedOutcome } from './support/typed-outcome.js';
import { watchFile } from './support/watch-file.js';

/** Generated lying publishers; each run discovers, connects and calls. */
const RUNS = Number(process.env.GENTK_FUZZ_DISCOVERY_RUNS ?? 60);
const SEED = 3_141;
const HANG_MS = 10_000;
const SECRETS = [CANARY_KEY, CANARY_TOKEN, CANARY_PASSWORD, CANARY_CODE];

let service: DocumentHost;
let attacker: DocumentHost;
let transport: Transport;
let closeTransport: () => Promise<void>;
const collector = new SecretCollector();
const watch = watchFile(collector);

beforeAll(async () => {
  service = await startDocumentHost({ token: CANARY_TOKEN });
  // The attacker answers a login with a token of its own: a client that logs in there learns nothing secret.
  attacker = await startDocumentHost({ token: 'attacker-token-0000' });
  ({ transport, close: closeTransport } = createUndiciTransport());
});
afterAll(async () => {
  await closeTransport?.();
  await service?.close();
  await attacker?.close();
});

/** What of `request` carries a secret: its URL, a header or its body. */
function secretsIn(request: ReceivedRequest): string[] {
  const texts = [request.url, request.body, ...Object.values(request.headers).flat().map(String)];
  return SECRETS.filter((secret) =>
    texts.some((text) => text.includes(secret) || text.includes(encodeURIComponent(secret))),
  );
}

function authOf(register: boolean): ConnectAuth {
  return register
    ? { register: { email: 'agent@example.test', password: CANARY_PASSWORD, claim: () => CANARY_CODE } }
    : { email: 'agent@example.test', password: CANARY_PASSWORD };
}

/** Calls a few of the offered operations with valid arguments; each ends in a value or a typed error. */
async function useSession(session: Session): Promise<number> {
  let calls = 0;
  // Token operations answer tokens by design (this host hands out the canary); they are not what is tested here.
  const callable = session.operations.filter(
    (candidate) => !candidate.path.includes('{') && !candidate.path.includes('/auth/'),
  );
  for (const operation of callable.slice(0, 6)) {
    let args: unknown;
    try {
      args = validSample(operation.input.schema);
    } catch {
      args = {};
    }
    const outcome = await typedOutcome(
      session.call(operation.id, args, { wait: 5_000 }),
      HANG_MS,
      operation.id,
    );
    collector.record(operation.id, outcome.kind === 'value' ? outcome.value : outcome.error);
    calls += 1;
  }
  return calls;
}

describe(`discovery documents that lie, ${RUNS} generated publishers`, () => {
  it('discovery ends in a description with warnings or a typed error, never a crash or a hang; no secret reaches another origin', {
    timeout: 90_000,
  }, async () => {
    const published = await publishedDocuments();
    const counts = { described: 0, refused: 0, connected: 0, calls: 0 };
    attacker.publish(servedBy(published, { origin: attacker.url, attacker: attacker.url }));
    await fc.assert(
      fc.asyncProperty(lies(), fc.boolean(), async (told, register) => {
        const documents = new Map(published);
        for (const lie of told) lie.apply(documents);
        service.publish(servedBy(documents, { origin: service.url, attacker: attacker.url }));
        const clock = createSkippingClock();
        const http = {
          clock,
          transport,
          timeoutMs: 500,
          totalTimeoutMs: 5_000,
          retry: { limit: 1, initialDelayMs: 1 },
        };
        const discovered = await typedOutcome(
          discover(service.url, { timeoutMs: 400, requiredSurfaces: 'none' }),
          HANG_MS,
          'discover',
        );
        if (discovered.kind === 'typed-error') {
          counts.refused += 1;
          collector.record('discover', discovered.error);
        } else {
          counts.described += 1;
          collector.record('warnings', discovered.value.warnings);
          const connected = await typedOutcome(
            connect({
              service: discovered.value,
              apiKey: CANARY_KEY,
              auth: authOf(register),
              operations: { all: true },
              http: { ...http, onEvent: (event) => collector.record('http event', event) },
            }),
            HANG_MS,
            'connect',
          );
          if (connected.kind === 'typed-error') collector.record('connect', connected.error);
          else {
            counts.connected += 1;
            try {
              counts.calls += await useSession(connected.value);
            } finally {
              await typedOutcome(connected.value.close(), HANG_MS, 'close');
            }
          }
        }
        service.take();
        const reached = attacker
          .take()
          .flatMap((request) =>
            secretsIn(request).map((secret) => `${request.method} ${request.url} carried ${secret}`),
          );
        expect(reached, told.map((lie) => lie.name).join('; ')).toEqual([]);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(counts.described).toBeGreaterThan(RUNS * 0.3);
    expect(counts.connected).toBeGreaterThan(RUNS * 0.2);
    expect(counts.calls).toBeGreaterThan(RUNS);
  });

  it('leaked nothing and left nothing unhandled', () => {
    expect(collector.leaks()).toEqual([]);
    expect(watch.escaped).toEqual([]);
  });
});
