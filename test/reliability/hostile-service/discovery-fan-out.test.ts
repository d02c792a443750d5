/**
 * A hostile publisher's fan-out (issue 14, finding 7): a catalogue of ten thousand APIs, documents
 * that together describe too many operations, a feed of slow pages, a service slower than the
 * deadline, a document that trickles. Each stays within the limits of `discover()` and ends in a
 * `DiscoveryDocumentError` (or, for the optional feed, a warning) in bounded time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DISCOVERY_LIMITS } from '../../../src/discovery/index.js';
import { connect, DiscoveryDocumentError, discover } from '../../../src/index.js';
import { type Route, serveDocuments } from '../../support/document-server.js';
import { tricklingServer } from '../../support/trickling-server.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function publish(routes: Record<string, Route>) {
  const server = await serveDocuments(routes);
  cleanups.push(() => server.close());
  return server;
}

/** An OpenAPI document with `count` GET operations named `<prefix>_<n>`. */
function openApi(prefix: string, count: number): string {
  const paths: Record<string, unknown> = {};
  for (let n = 0; n < count; n++) {
    paths[`/${prefix}/${n}`] = {
      get: { operationId: `${prefix}_${n}`, responses: { '200': { description: 'ok' } } },
    };
  }
  return JSON.stringify({ openapi: '3.1.0', info: { title: prefix, version: '1' }, paths });
}

const catalogueOf = (...specUrls: string[]): Route => ({
  body: JSON.stringify({ linkset: specUrls.map((href) => ({ 'service-desc': [{ href }] })) }),
  type: 'application/linkset+json',
});

const total = (hits: Map<string, number>) => [...hits.values()].reduce((sum, count) => sum + count, 0);

async function failureOf(promise: Promise<unknown>): Promise<DiscoveryDocumentError> {
  const error = await promise.then(
    () => expect.unreachable('discover() should have failed'),
    (reason: unknown) => reason,
  );
  expect(DiscoveryDocumentError.isInstance(error)).toBe(true);
  return error as DiscoveryDocumentError;
}

describe('discover() against a publisher that fans out', () => {
  it('refuses a catalogue of 10,000 APIs before fetching any of them', async () => {
    const elsewhere = await publish({});
    const links = Array.from({ length: 10_000 }, (_, n) => `${elsewhere.url}/api-${n}.json`);
    const service = await publish({ '/.well-known/api-catalog': catalogueOf(...links) });
    const failure = await failureOf(discover(service.url, { models: false }));
    expect(failure.message).toMatch(/lists 10000 APIs .*more than the limit of 256.*limits\.maxSurfaces/);
    expect(total(elsewhere.hits)).toBe(0);
    expect(total(service.hits)).toBeLessThan(15);
  });

  it('makes no more reads than limits.maxDocuments, whatever the documents link to', async () => {
    const routes: Record<string, Route> = {};
    // A chain of nested catalogues, each naming the next.
    for (let n = 0; n < 10; n++) {
      routes[n === 0 ? '/.well-known/api-catalog' : `/catalogue-${n}`] = {
        body: JSON.stringify({
          linkset: [{ anchor: 'x', 'api-catalog': [{ href: `/catalogue-${n + 1}` }] }],
        }),
      };
    }
    const service = await publish(routes);
    await failureOf(
      discover(service.url, { models: false, limits: { maxDocuments: 4 }, catalog: { maxDepth: 20 } }),
    );
    expect(total(service.hits)).toBeLessThanOrEqual(4);
  });

  it('refuses more operations than limits.maxOperations across every document together', async () => {
    const service = await publish({
      '/.well-known/api-catalog': {
        body: (origin) => catalogueOf(`${origin}/a.json`, `${origin}/b.json`).body as string,
      },
      '/a.json': { body: openApi('a', 3) },
      '/b.json': { body: openApi('b', 3) },
    });
    const failure = await failureOf(discover(service.url, { models: false, limits: { maxOperations: 5 } }));
    expect(failure.message).toMatch(/6 operations together, more than the limit of 5/);
    const within = await discover(service.url, { models: false, limits: { maxOperations: 6 } });
    expect(within.operations).toHaveLength(6);
  });

  it('applies the OpenAPI limits given in limits (maxDocumentDepth)', async () => {
    let deep: unknown = 'bottom';
    for (let n = 0; n < 30; n++) deep = { deeper: deep };
    const document = JSON.parse(openApi('a', 1)) as Record<string, unknown>;
    const service = await publish({
      '/.well-known/api-catalog': { body: (origin) => catalogueOf(`${origin}/a.json`).body as string },
      '/a.json': { body: JSON.stringify({ ...document, 'x-deep': deep }) },
    });
    const failure = await failureOf(
      discover(service.url, { models: false, limits: { maxDocumentDepth: 20 } }),
    );
    expect(failure.message).toMatch(/nests deeper than 20 levels/);
    await expect(discover(service.url, { models: false })).resolves.toBeDefined();
  });

  it('stops reading a feed of slow pages at limits.feedDeadlineMs and keeps what it read', async () => {
    const routes: Record<string, Route> = {
      '/openapi.json': { body: openApi('a', 1) },
    };
    for (let page = 1; page <= 20; page++) {
      routes[page === 1 ? '/models-feed' : `/feed/${page}`] = {
        body: JSON.stringify({
          data: [{ model_id: `model-${page}`, category: 'image' }],
          ...(page < 20 ? { next: `/feed/${page + 1}` } : {}),
        }),
        delayMs: page === 1 ? 0 : 200,
      };
    }
    const service = await publish(routes);
    const started = performance.now();
    const description = await discover(service.url, { limits: { feedDeadlineMs: 500 } });
    expect(performance.now() - started).toBeLessThan(2_500);
    expect(description.models.length).toBeGreaterThanOrEqual(1);
    expect(description.models.length).toBeLessThan(20);
    expect(description.warnings).toContainEqual(
      expect.objectContaining({ code: 'models-feed-limit', message: expect.stringMatching(/500 ms/) }),
    );
  });

  it('ends at limits.deadlineMs with a DiscoveryDocumentError, whatever is still being read', async () => {
    const service = await publish({
      '/.well-known/api-catalog': { body: '{"linkset":[]}', delayMs: 5_000 },
    });
    const started = performance.now();
    const failure = await failureOf(discover(service.url, { models: false, limits: { deadlineMs: 300 } }));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(failure.message).toMatch(/deadline of 300 ms/);
  });

  it('bounds connect() by the same deadline (discovery.limits)', async () => {
    const service = await publish({
      '/.well-known/api-catalog': { body: '{"linkset":[]}', delayMs: 5_000 },
    });
    const started = performance.now();
    const failure = await failureOf(
      connect({
        baseUrl: service.url,
        apiKey: 'unused-key-0000',
        discovery: { limits: { deadlineMs: 300 } },
      }),
    );
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(failure.message).toMatch(/deadline of 300 ms/);
  });

  it('has a deadline by default', () => {
    expect(DEFAULT_DISCOVERY_LIMITS).toMatchObject({
      deadlineMs: 60_000,
      maxDocuments: 512,
      maxSurfaces: 256,
      maxTotalBytes: 64 * 1024 * 1024,
    });
  });

  it('downloads no more than limits.maxTotalBytes, every document together, nor holds more at once', async () => {
    // 40 documents of about 100 KB each within every per-document limit; 1 MB for them all.
    const size = 100_000;
    const padding = 'x'.repeat(size);
    const routes: Record<string, Route> = {};
    const links: string[] = [];
    for (let n = 0; n < 40; n++) {
      routes[`/api-${n}.json`] = {
        body: JSON.stringify({ ...JSON.parse(openApi(`a${n}`, 1)), 'x-padding': padding }),
        delayMs: 20,
      };
      links.push(`/api-${n}.json`);
    }
    routes['/.well-known/api-catalog'] = catalogueOf(...links);
    const service = await publish(routes);
    const failure = await failureOf(
      discover(service.url, {
        models: false,
        maxDocumentBytes: 200_000,
        limits: { maxTotalBytes: 1_000_000 },
      }),
    );
    expect(failure.message).toMatch(/limits\.maxTotalBytes/);
    const served = [...service.hits].filter(([path]) => path.startsWith('/api-'));
    // Reads in flight reserve a document's limit each: at most five at once within 1 MB.
    expect(served.length * size).toBeLessThanOrEqual(1_000_000 + 5 * 200_000);
    expect(served.length).toBeLessThan(40);
    const within = await discover(service.url, {
      models: false,
      maxDocumentBytes: 200_000,
      limits: { maxTotalBytes: 50 * size },
    });
    expect(within.operations).toHaveLength(40);
  });

  it('turns a document that trickles past its time limit into a DiscoveryDocumentError (slowloris)', async () => {
    const server = await tricklingServer();
    cleanups.push(() => server.close());
    const started = performance.now();
    const error = await discover(server.url, { models: false, timeoutMs: 300 }).then(
      () => expect.unreachable('discover() should have failed'),
      (reason: unknown) => reason,
    );
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(DiscoveryDocumentError.isInstance(error)).toBe(true);
    expect((error as Error).name).toBe('DiscoveryDocumentError');
  });
});
