import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Session } from '../../src/auth/index.js';
import type { ServiceDescription } from '../../src/discovery/service-description.js';
import { createUndiciTransport, type Transport } from '../../src/http/index.js';
import { hostileAnswer } from './support/answer-plans.js';
import { CANARY_KEY, CANARY_TOKEN } from './support/canaries.js';
import { type HostileServer, startHostileServer } from './support/hostile-server.js';
import { serviceAt } from './support/rebased-service.js';
import { SecretCollector } from './support/secret-collector.js';
import { createSkippingClock } from './support/skipping-clock.js';
import { typedOutcome } from './support/typed-outcome.js';
import { watchFile } from './support/watch-file.js';

/** Generated exchanges with the hostile service; each may take several requests. */
const RUNS = Number(process.env.GENTK_FUZZ_SERVICE_RUNS ?? 150);
const SEED = 5_150;
/** Real time an exchange may take before it counts as a hang. */
const HANG_MS = 8_000;

let server: HostileServer;
let attacker: HostileServer;
let service: ServiceDescription;
let transport: Transport;
let closeTransport: () => Promise<void>;
const collector = new SecretCollector();
const watch = watchFile(collector);

beforeAll(async () => {
  server = await startHostileServer();
  attacker = await startHostileServer();
  service = await serviceAt(server.url);
  ({ transport, close: closeTransport } = createUndiciTransport());
});
afterAll(async () => {
  await closeTransport?.();
  await server?.close();
  await attacker?.close();
});

/** A fresh session per exchange: what one hostile answer teaches the governor must not leak into the next run. */
function session(): Promise<Session> {
  return connect({
    service,
    apiKey: CANARY_KEY,
    auth: { token: CANARY_TOKEN, scopes: ['*'] },
    operations: {
      ids: ['v7_images_text_to_image', 'v6_images_text2img', 'get_wallet_balance', 'post_wallet_fund'],
    },
    http: {
      clock: createSkippingClock(),
      transport,
      timeoutMs: 150,
      totalTimeoutMs: 20_000,
      retry: { limit: 2, initialDelayMs: 10, jitter: false },
      onEvent: (event) => collector.record('http event', event),
      onWarning: (warning) => collector.record('warning', warning),
    },
  });
}

type Scenario = 'read' | 'submit' | 'generate' | 'legacy' | 'control' | 'money';

async function exchange(scenario: Scenario) {
  const current = await session();
  try {
    switch (scenario) {
      case 'read':
        return await current.client.request({
          method: 'GET',
          url: '/api/v7/models',
          credential: { name: 'generationKey', placement: 'bearer' },
          idempotency: 'safe',
        });
      case 'submit':
        return await current.client.request({
          method: 'POST',
          url: '/api/v7/images/text-to-image',
          json: { model_id: 'flux-dev', prompt: 'a lighthouse' },
          credential: { name: 'generationKey', placement: 'body-key' },
          idempotency: 'unsafe',
          submitsJob: true,
        });
      case 'generate':
        return await current.call(
          'v7_images_text_to_image',
          { model_id: 'flux-dev', prompt: 'a lighthouse' },
          { wait: 30_000 },
        );
      case 'legacy':
        return await current.call('v6_images_text2img', { prompt: 'a lighthouse' }, { wait: 30_000 });
      case 'control':
        return await current.call('get_wallet_balance');
      case 'money':
        return await current.call('post_wallet_fund', { amount: 10, payment_method_id: 'pm_card_visa' });
    }
  } finally {
    await current.close();
  }
}

describe(`a hostile service, ${RUNS} generated exchanges`, () => {
  it('every exchange ends in a value or a typed error, in bounded time, and nothing reaches the attacker', {
    timeout: 90_000,
  }, async () => {
    const outcomes = { value: 0, 'typed-error': 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Scenario>('read', 'submit', 'generate', 'legacy', 'control', 'money'),
        fc.array(hostileAnswer(attacker.url), { minLength: 1, maxLength: 4 }),
        async (scenario, answers) => {
          server.plan(answers);
          const outcome = await typedOutcome(exchange(scenario), HANG_MS, scenario);
          outcomes[outcome.kind] += 1;
          collector.record(scenario, outcome.kind === 'value' ? outcome.value : outcome.error);
          server.take();
          expect(attacker.take(), 'a request reached the attacker').toEqual([]);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    // Both ends are reached: hostile answers are not all refused, nor all accepted.
    expect(outcomes.value).toBeGreaterThan(RUNS * 0.05);
    expect(outcomes['typed-error']).toBeGreaterThan(RUNS * 0.3);
  });

  it('leaked nothing and left nothing unhandled', () => {
    expect(collector.checked).toBeGreaterThan(RUNS);
    expect(collector.leaks()).toEqual([]);
    expect(watch.escaped).toEqual([]);
  });
});
