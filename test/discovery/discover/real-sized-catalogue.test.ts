/**
 * The defaults fit the real service: its catalogue lists 34 OpenAPI documents with 199 operations
 * together, and `discover()` and `connect()` with default options read them all. The publisher here
 * is shaped like it: the four production documents as published, and 30 more made from the two
 * largest of them (each under its own server path, with its own operation ids), 199 operations in
 * all. The defaults sit at least four times above what such a catalogue needs, so a service that
 * grows keeps working; hostile ones are stopped by bytes, time and total work instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DISCOVERY_LIMITS } from '../../../src/discovery/index.js';
import { connect, createToolSpecs, discover } from '../../../src/index.js';
import { type DocumentServer, type Route, serveDocuments } from '../../support/document-server.js';
import { REAL_OPENAPI_FIXTURES, realOpenApiText } from '../../support/fixtures.js';

const DOCUMENTS = 34;
const OPERATIONS = 199;
const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

type OpenApi = { servers?: { url: string }[]; paths: Record<string, Record<string, unknown>> };

/**
 * `document` on `server` (path and operation `servers` too, so that every operation is on the
 * publisher's origin), keeping its first `count` operations, each id suffixed with `suffix`.
 */
function derived(document: OpenApi, server: string, count: number, suffix: string): OpenApi {
  const paths: OpenApi['paths'] = {};
  let kept = 0;
  for (const [path, item] of Object.entries(document.paths)) {
    const copy: Record<string, unknown> = {};
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) {
        if (method !== 'servers') copy[method] = operation;
        continue;
      }
      if (kept >= count) continue;
      kept += 1;
      const { operationId } = operation as { operationId?: string };
      const { servers: _servers, ...rest } = operation as { servers?: unknown };
      copy[method] = {
        ...rest,
        operationId: `${operationId ?? `${method}_${path.replaceAll(/\W+/g, '_')}`}${suffix}`,
      };
    }
    if (Object.keys(copy).some((key) => METHODS.has(key))) paths[path] = copy;
  }
  return { ...document, servers: [{ url: server }], paths };
}

/** The operations of a document, counted as discovery counts them. */
const operationCount = (document: OpenApi) =>
  Object.values(document.paths).reduce(
    (sum, item) => sum + Object.keys(item).filter((key) => METHODS.has(key)).length,
    0,
  );

/** 34 documents, 199 operations: the four real ones, then 30 made from the two largest. */
function realShapedDocuments(origin: string): Map<string, OpenApi> {
  const documents = new Map<string, OpenApi>();
  const real = REAL_OPENAPI_FIXTURES.map(
    (name) => [name, JSON.parse(realOpenApiText(name)) as OpenApi] as const,
  );
  for (const [name, document] of real)
    documents.set(`/specs/${name}`, derived(document, `${origin}/api/v6`, Number.POSITIVE_INFINITY, ''));
  const sources = real.filter(([name]) => name === 'video-api.json' || name === 'voice-cloning.json');
  let left =
    OPERATIONS - [...documents.values()].reduce((sum, document) => sum + operationCount(document), 0);
  for (let index = 0; documents.size < DOCUMENTS; index++) {
    const remaining = DOCUMENTS - documents.size;
    const count = Math.ceil(left / remaining);
    const [, source] = sources[index % sources.length] as (typeof sources)[number];
    const document = derived(source, `${origin}/api/v6/set-${index}`, count, `_set_${index}`);
    left -= operationCount(document);
    documents.set(`/specs/set-${index}.json`, document);
  }
  return documents;
}

let server: DocumentServer;

beforeAll(async () => {
  const routes: Record<string, Route> = {};
  const paths = [...realShapedDocuments('http://placeholder').keys()];
  for (const path of paths)
    routes[path] = { body: (origin) => JSON.stringify(realShapedDocuments(origin).get(path)) };
  routes['/.well-known/api-catalog'] = {
    type: 'application/linkset+json',
    body: JSON.stringify({
      linkset: paths.map((path) => ({
        anchor: path.replace('/specs/', '/apis/').replace('.json', ''),
        'service-desc': [{ href: path, type: 'application/openapi+json' }],
      })),
    }),
  };
  server = await serveDocuments(routes);
});
afterAll(() => server?.close());

describe('a catalogue shaped like the real one, with default options', () => {
  it('is what the real service publishes: 34 documents, 199 operations', () => {
    const documents = [...realShapedDocuments('http://127.0.0.1').values()];
    expect(documents).toHaveLength(DOCUMENTS);
    expect(documents.reduce((sum, document) => sum + operationCount(document), 0)).toBe(OPERATIONS);
  });

  it('is read whole by discover()', async () => {
    const service = await discover(server.url, { models: false });
    expect(service.surfaces).toHaveLength(DOCUMENTS);
    expect(service.operations).toHaveLength(OPERATIONS);
  });

  it('is read whole by connect() with default options', async () => {
    const session = await connect({ baseUrl: server.url, apiKey: 'real-sized-key-0000' });
    try {
      expect(session.service.surfaces).toHaveLength(DOCUMENTS);
      expect(session.service.operations).toHaveLength(OPERATIONS);
    } finally {
      await session.close();
    }
  });

  it('offers every operation as a tool of its own when all are chosen', async () => {
    const session = await connect({
      baseUrl: server.url,
      apiKey: 'real-sized-key-0000',
      operations: { all: true },
    });
    try {
      expect(session.service.surfaces).toHaveLength(DOCUMENTS);
      const tools = createToolSpecs(session, { mode: 'typed' });
      expect(session.withheld).toEqual([]);
      expect(new Set(tools.typedOperationIds).size).toBe(OPERATIONS);
    } finally {
      await session.close();
    }
  });

  it('sits at least four times below every count limit', () => {
    const limits = DEFAULT_DISCOVERY_LIMITS;
    expect(limits.maxSurfaces).toBeGreaterThanOrEqual(4 * DOCUMENTS);
    expect(limits.maxOperations).toBeGreaterThanOrEqual(4 * OPERATIONS);
    // The catalogue, 34 documents, the eight well-known ones and 20 pages of the model feed.
    expect(limits.maxDocuments).toBeGreaterThanOrEqual(4 * (1 + DOCUMENTS + 8 + 20));
    const largest = Math.max(
      ...REAL_OPENAPI_FIXTURES.map((name) => Buffer.byteLength(realOpenApiText(name))),
    );
    expect(limits.maxTotalBytes).toBeGreaterThanOrEqual(4 * DOCUMENTS * largest);
  });
});
