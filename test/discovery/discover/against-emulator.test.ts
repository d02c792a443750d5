import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PLANE_SCOPES } from '../../../packages/emulator/src/catalogue/scopes.js';
import { createMcpInspector } from '../../../src/adapters/mcp.js';
import { discover } from '../../../src/discovery/discover.js';
import type { ServiceDescription } from '../../../src/discovery/service-description.js';
import { UnknownOperationError } from '../../../src/discovery/unknown-operation-error.js';
import { operationsCatalogue } from '../../support/fixtures.js';

let emulator: Emulator;
let service: ServiceDescription;
const catalogue = operationsCatalogue();

beforeAll(async () => {
  emulator = await startEmulator();
  service = await discover(emulator.url, { mcp: createMcpInspector() });
});
afterAll(() => emulator.close());

describe('discover() against the emulator', () => {
  it('describes all 133 + 75 operations of both surfaces, with the catalogue ids', () => {
    expect(service.surfaces.map((surface) => surface.operationCount).sort((a, b) => a - b)).toEqual([
      75, 133,
    ]);
    const ids = service.operations.map((operation) => operation.id).sort();
    expect(ids).toEqual(
      [...catalogue.generation, ...catalogue.control_plane].map((entry) => entry.operationId).sort(),
    );
    expect(service.warnings.filter((warning) => !warning.code.startsWith('media'))).toEqual([]);
  });

  it('knows every scope, from the OAuth metadata, the control-plane document, the runbook and the MCP resource', () => {
    const names = service.scopes.map((scope) => scope.name);
    for (const scope of CONTROL_PLANE_SCOPES) expect(names).toContain(scope.name);
    const wallet = service.scopes.find((scope) => scope.name === 'wallet:read');
    expect(wallet?.sources).toEqual(expect.arrayContaining(['oauth-metadata', 'openapi', 'runbook', 'mcp']));
    expect(wallet?.description).toMatch(/wallet/i);
  });

  it('computes minimum scopes for single operations, groups and the whole control plane', () => {
    expect(service.minimumScopes(['get_wallet_balance'])).toEqual(['wallet:read']);
    expect(service.minimumScopes(['get_wallet_balance', 'post_wallet_fund', 'get_me'])).toEqual([
      'profile:read',
      'wallet:read',
      'wallet:write',
    ]);
    expect(service.minimumScopes(['post_auth_logout', 'v7_images_text_to_image'])).toEqual([]);
    const controlPlane = service.minimumScopes((operation) => operation.path.startsWith('/api/agents/v1/'));
    expect(controlPlane).toEqual(CONTROL_PLANE_SCOPES.map((scope) => scope.name).sort());
    const expectedFromCatalogue = [
      ...new Set(catalogue.control_plane.map((entry) => entry['x-required-scope']).filter((scope) => scope)),
    ].sort();
    expect(controlPlane).toEqual(expectedFromCatalogue);
  });

  it('refuses an unknown operation id with close matches', () => {
    expect(() => service.minimumScopes(['get_wallet_balanse'])).toThrow(UnknownOperationError);
    try {
      service.minimumScopes(['get_wallet_balanse']);
    } catch (error) {
      expect((error as UnknownOperationError).suggestions[0]).toBe('get_wallet_balance');
      expect((error as Error).message).toMatch(/Did you mean "get_wallet_balance"/);
    }
  });

  it('parses the runbook into its steps', () => {
    const kinds = service.runbook?.steps.map((step) => step.kind);
    expect(kinds).toEqual(expect.arrayContaining(['signup', 'claim', 'verify', 'token-exchange', 'revoke']));
    const signup = service.runbook?.steps.find((step) => step.kind === 'signup');
    expect(signup?.endpoint?.url).toBe(`${emulator.url}/api/agents/v1/auth/signup`);
    expect(signup?.fields.filter((field) => field.required).map((field) => field.name)).toEqual([
      'email',
      'password',
      'name',
    ]);
    const exchange = service.runbook?.steps.find((step) => step.kind === 'token-exchange');
    expect(exchange?.fields.map((field) => field.name)).toContain('scopes');
    expect(service.runbook?.errors.map((error) => error.code)).toContain('insufficient_scope');
  });

  it('reads the MCP servers, the model feed, llms.txt, the policy and the catalogue links', () => {
    expect(service.mcpServers.map((server) => server.name).sort()).toEqual([
      'control-plane',
      'generation-v7',
      'generation-v8',
    ]);
    expect(service.mcpServers.find((server) => server.name === 'generation-v7')?.tools).toContain(
      'text-to-image',
    );
    expect(service.mcpReference.some((resource) => resource.uri === 'reference://rate-limit-policy')).toBe(
      true,
    );
    expect(service.models.length).toBeGreaterThan(50);
    expect(new Set(service.models.map((model) => model.category))).toContain('video');
    expect(service.llmsTxt?.title).toBeTruthy();
    expect(service.deprecationPolicy?.versions.find((version) => version.version === 'v6')?.lifecycle).toBe(
      'deprecated',
    );
    const generation = service.surfaces.find((surface) => surface.operationCount === 133);
    expect(generation?.links.deprecationPolicy).toBe(`${emulator.url}/api-deprecation-policy`);
    expect(service.authorization?.issuer.replace(/\/$/, '')).toBe(emulator.url);
  });

  it('infers asynchronous operations and their fetch operations in both styles', () => {
    const video = service.requireOperation('v6_video_text2video');
    expect(video.async).toMatchObject({
      fetchOperationId: 'v6_video_fetch_id',
      fetchStyle: 'path',
      idField: 'id',
    });
    const image = service.requireOperation('v6_images_text2img');
    expect(image.async).toMatchObject({
      fetchOperationId: 'v6_images_fetch',
      fetchStyle: 'body',
      idField: 'request_id',
    });
    expect(service.requireOperation('post_wallet_fund')).toMatchObject({
      effect: 'money',
      idempotencyKey: true,
    });
    expect(service.requireOperation('delete_api_keys_by_id').effect).toBe('destructive');
  });

  it('reads in parallel, and a warm start with a cache downloads nothing that has not changed', async () => {
    const { MemoryDiscoveryCache } = await import('../../../src/discovery/cache.js');
    const cache = new MemoryDiscoveryCache();
    const cold = await discover(emulator.url, { cache, now: () => 0 });
    expect(cold.stats.downloadedBytes).toBeGreaterThan(100_000);
    // Within max-age nothing is asked; after it, everything is revalidated with If-None-Match (304).
    const fresh = await discover(emulator.url, { cache, now: () => 1_000 });
    expect(fresh.stats.downloadedBytes).toBe(0);
    const stale = await discover(emulator.url, { cache, now: () => 3_600_000 });
    expect(stale.stats.downloadedBytes).toBeLessThan(5_000);
    expect(stale.operations.length).toBe(208);
  });

  it('saves a snapshot that loads offline', async () => {
    const { ServiceDescription } = await import('../../../src/discovery/service-description.js');
    const snapshot = JSON.parse(JSON.stringify(service));
    const loaded = ServiceDescription.fromSnapshot(snapshot);
    expect(loaded.operations).toHaveLength(208);
    expect(loaded.minimumScopes(['get_teams'])).toEqual(['teams:read']);
    expect(() => ServiceDescription.fromSnapshot({ hello: 1 })).toThrow(/not a service description snapshot/);
  });
});
