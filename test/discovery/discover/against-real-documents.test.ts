import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discover } from '../../../src/discovery/discover.js';
import type { ServiceDescription } from '../../../src/discovery/service-description.js';
import { type DocumentServer, serveDocuments } from '../../support/document-server.js';
import { REAL_OPENAPI_FIXTURES, realOpenApiText } from '../../support/fixtures.js';

let server: DocumentServer;
let service: ServiceDescription;

beforeAll(async () => {
  const routes: Record<string, { body: string | ((origin: string) => string); type?: string }> = {};
  for (const name of REAL_OPENAPI_FIXTURES) {
    routes[`/specs/${name}`] = { body: realOpenApiText(name) };
  }
  routes['/.well-known/api-catalog'] = {
    type: 'application/linkset+json',
    body: JSON.stringify({
      linkset: REAL_OPENAPI_FIXTURES.map((name) => ({
        anchor: `/apis/${name.replace('.json', '')}`,
        'service-desc': [{ href: `/specs/${name}`, type: 'application/openapi+json' }],
        status: '/status',
      })),
    }),
  };
  server = await serveDocuments(routes);
  service = await discover(server.url, { models: false });
});
afterAll(() => server.close());

describe('discover() against the four real production documents', () => {
  it('describes every operation of every document as its own surface', () => {
    expect(
      service.surfaces.map((surface) => [surface.specUrl.split('/').pop(), surface.operationCount]),
    ).toEqual([
      ['3d-api.json', 4],
      ['llm-api.json', 4],
      ['video-api.json', 9],
      ['voice-cloning.json', 16],
    ]);
    expect(service.operations).toHaveLength(33);
    expect(new Set(service.operations.map((operation) => operation.id)).size).toBe(33);
  });

  it('marks operations whose servers point at production as cross-origin', () => {
    for (const operation of service.operations) {
      expect(operation.origin).toBe('https://modelslab.com');
      expect(operation.crossOrigin).toBe(true);
    }
  });

  it('warns about what it repaired and what it could not read, without failing', () => {
    const codes = service.warnings.map((warning) => warning.code);
    expect(codes).toContain('required-not-in-properties');
    expect(codes).toContain('missing-operation-id');
    // The optional documents are absent from this publisher: each is one warning.
    expect(codes.filter((code) => code === 'document-unavailable').length).toBeGreaterThanOrEqual(5);
    expect(service.runbook).toBeUndefined();
    expect(service.scopes).toEqual([]);
  });
});
