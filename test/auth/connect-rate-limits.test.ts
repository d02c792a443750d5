import { ManualClock } from 'generation-agent-toolkit-emulator';
import { afterEach, describe, expect, it } from 'vitest';
import { connect } from '../../src/auth/index.js';
import { RateLimitGovernor } from '../../src/http/index.js';
import { type DocumentServer, serveDocuments } from '../support/document-server.js';
import { createTestTransport } from '../support/test-transport.js';
import { createVirtualClock } from '../support/virtual-clock.js';

/** A governor that remembers every URL it was asked about. */
class RecordingGovernor extends RateLimitGovernor {
  readonly asked: string[] = [];
  override acquire(url: URL, options?: Parameters<RateLimitGovernor['acquire']>[1]) {
    this.asked.push(url.pathname);
    return super.acquire(url, options);
  }
}

const DOCUMENT = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'pinger', version: '1' },
  // Three requests a minute, published before any call; the service itself sends no fields.
  'x-rate-limit': { limit: 3, window: '60s' },
  paths: { '/ping': { get: { operationId: 'ping', responses: { 200: { description: 'ok' } } } } },
});

describe('connect() and the quotas a service publishes', () => {
  let server: DocumentServer | undefined;
  const closing: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closing.splice(0)) await close();
    await server?.close();
  });

  it("sends discovery's requests through the session's governor and keeps the first burst within the published quota", async () => {
    server = await serveDocuments({
      '/openapi.json': { body: DOCUMENT },
      '/ping': { body: '{"pong":true}' },
    });
    const clock = createVirtualClock(new ManualClock(Date.UTC(2026, 0, 1)));
    const { transport, close } = createTestTransport();
    closing.push(close);
    const governor = new RecordingGovernor({ clock, random: () => 0 });
    const session = await connect({
      baseUrl: server.url,
      discovery: { models: false },
      operations: { ids: ['ping'] },
      apiKey: 'key-1',
      http: { clock, transport: clock.wrap(transport), governor },
    });
    closing.push(() => session.close());
    expect(governor.asked).toContain('/openapi.json');
    expect(session.service.rateLimits).toEqual([{ limit: 3, windowMs: 60_000, source: 'openapi' }]);

    const start = clock.now();
    const doneAt = await Promise.all(
      Array.from({ length: 5 }, async () => {
        await session.call('ping', {});
        return clock.now() - start;
      }),
    );
    // Three at once, with no probe; the other two a window later.
    expect(doneAt.filter((ms) => ms === 0)).toHaveLength(3);
    expect(Math.min(...doneAt.filter((ms) => ms > 0))).toBeGreaterThanOrEqual(60_000);
    expect(server.hits.get('/ping')).toBe(5);
  });
});
