import { describe, expect, it } from 'vitest';
import { CONTROL_PLANE_OPERATIONS } from '../../src/catalogue/control-plane-operations.js';
import { GENERATION_OPERATIONS } from '../../src/catalogue/generation-operations.js';
import { getDocument, useEmulator } from './emulator-fixture.js';

const emulator = useEmulator();

interface LinkTarget {
  href: string;
  type?: string;
  title?: string;
}
type LinksetEntry = { anchor: string } & Record<string, LinkTarget[] | string>;

const SURFACE_RELATIONS = [
  'service-desc',
  'service-doc',
  'status',
  'terms-of-service',
  'privacy-policy',
  'deprecation',
];

/** The catalogue's entries: the catalogue itself, then the generation API and the control plane. */
async function linkset(): Promise<[LinksetEntry, LinksetEntry, LinksetEntry]> {
  const { text } = await getDocument(emulator.current, '/.well-known/api-catalog');
  const entries = (JSON.parse(text) as { linkset: LinksetEntry[] }).linkset;
  expect(entries).toHaveLength(3);
  return entries as [LinksetEntry, LinksetEntry, LinksetEntry];
}

describe('GET /.well-known/api-catalog', () => {
  it('lists each API surface under its base URL, and the surfaces as items of the catalogue', async () => {
    const origin = emulator.current.url;
    const entries = await linkset();
    const anchors = entries.map((entry) => entry.anchor);
    expect(anchors).toEqual([
      `${origin}/.well-known/api-catalog`,
      `${origin}/api`,
      `${origin}/api/agents/v1`,
    ]);
    const items = (entries[0].item as LinkTarget[]).map((item) => item.href);
    expect(items).toEqual([`${origin}/api`, `${origin}/api/agents/v1`]);
  });

  it('links every surface to its description, documentation, status, terms, privacy and deprecation policy', async () => {
    const origin = emulator.current.url;
    const [, generation, controlPlane] = await linkset();
    for (const entry of [generation, controlPlane]) {
      for (const relation of SURFACE_RELATIONS) {
        expect(Array.isArray(entry[relation]), `${entry.anchor} ${relation}`).toBe(true);
      }
      expect((entry['service-desc'] as LinkTarget[])[0]?.type).toBe('application/openapi+json');
    }
    expect((generation['service-desc'] as LinkTarget[])[0]?.href).toBe(`${origin}/openapi.json`);
    expect((controlPlane['service-desc'] as LinkTarget[])[0]?.href).toBe(`${origin}/agents-openapi.json`);
    expect((controlPlane['service-doc'] as LinkTarget[]).map((link) => link.href)).toContain(
      `${origin}/auth.md`,
    );
  });

  it('links only addresses that answer, in the media type the link announces', async () => {
    const targets = (await linkset()).flatMap((entry) =>
      Object.values(entry).filter((value): value is LinkTarget[] => Array.isArray(value)),
    );
    for (const target of targets.flat()) {
      if (!target.type) continue;
      const response = await fetch(target.href, { headers: { Accept: target.type } });
      expect(response.status, target.href).toBe(200);
      expect(response.headers.get('content-type'), target.href).toContain(target.type);
      await response.body?.cancel();
    }
  });

  it('answers HEAD with a Link to itself and no body', async () => {
    const response = await fetch(`${emulator.current.url}/.well-known/api-catalog`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('link')).toBe(
      `<${emulator.current.url}/.well-known/api-catalog>; rel="api-catalog"`,
    );
    expect(await response.text()).toBe('');
  });
});

describe('the pages the catalogue links', () => {
  it('documents every generation operation in /docs/generation', async () => {
    const { text } = await getDocument(emulator.current, '/docs/generation');
    for (const operation of GENERATION_OPERATIONS)
      expect(text).toContain(`<section id="${operation.operationId}">`);
  });

  it('documents every control-plane operation and its scope in /docs/control-plane', async () => {
    const { text } = await getDocument(emulator.current, '/docs/control-plane');
    for (const operation of CONTROL_PLANE_OPERATIONS) {
      expect(text).toContain(`<section id="${operation.operationId}">`);
      if (operation.requiredScope) expect(text).toContain(`scope <code>${operation.requiredScope}</code>`);
    }
  });

  it('reports the health of both surfaces in /status', async () => {
    const { text } = await getDocument(emulator.current, '/status');
    const status = JSON.parse(text) as {
      status: string;
      surfaces: Array<{ base_url: string; status: string }>;
    };
    expect(status.status).toBe('ok');
    expect(status.surfaces.map((surface) => surface.base_url)).toEqual([
      `${emulator.current.url}/api`,
      `${emulator.current.url}/api/agents/v1`,
    ]);
  });
});

describe('OAuth metadata', () => {
  it('publishes RFC 8414 and RFC 9728 fields at /.well-known/oauth-authorization-server', async () => {
    const origin = emulator.current.url;
    const { text } = await getDocument(emulator.current, '/.well-known/oauth-authorization-server');
    const metadata = JSON.parse(text) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer: origin,
      token_endpoint: `${origin}/api/agents/v1/auth/login`,
      revocation_endpoint: `${origin}/api/agents/v1/auth/logout`,
      registration_endpoint: `${origin}/api/agents/v1/auth/signup`,
      token_endpoint_auth_methods_supported: ['none'],
      response_types_supported: [],
      service_documentation: `${origin}/auth.md`,
      resource: `${origin}/api/agents/v1`,
      authorization_servers: [origin],
      bearer_methods_supported: ['header'],
      resource_documentation: expect.stringMatching(/^http/),
    });
    expect(metadata.grant_types_supported).toEqual(expect.any(Array));
    const scopes = metadata.scopes_supported as string[];
    expect(scopes[0]).toBe('*');
    expect(scopes).toHaveLength(18);
    expect(new Set(scopes).size).toBe(18);
  });

  it('publishes protected resource metadata (RFC 9728) at its well-known address and under the resource path', async () => {
    const origin = emulator.current.url;
    for (const path of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/api/agents/v1',
    ]) {
      const metadata = JSON.parse((await getDocument(emulator.current, path)).text) as Record<
        string,
        unknown
      >;
      expect(metadata).toMatchObject({
        resource: `${origin}/api/agents/v1`,
        authorization_servers: [origin],
        bearer_methods_supported: ['header'],
      });
      expect(metadata.scopes_supported).toHaveLength(18);
    }
  });
});
