import { describe, expect, it } from 'vitest';
import { readLinkset } from '../../../src/discovery/documents/api-catalog.js';
import { readRunbook } from '../../../src/discovery/documents/auth-runbook.js';
import { readDeprecationPolicy } from '../../../src/discovery/documents/deprecation-policy.js';
import { readLlmsTxt } from '../../../src/discovery/documents/llms-txt.js';
import { mergeMcpServers, readMcpServers } from '../../../src/discovery/documents/mcp-manifest.js';
import { readFeedPage } from '../../../src/discovery/documents/models-feed.js';
import { readAuthorizationMetadata } from '../../../src/discovery/documents/oauth-metadata.js';

const base = 'https://api.example.com/.well-known/api-catalog';

describe('readLinkset', () => {
  it('reads relation values written as arrays, single objects or bare strings, resolving relative hrefs', () => {
    const reading = readLinkset(
      {
        linkset: [
          {
            anchor: '/api',
            'service-desc': [{ href: '/openapi.json', type: 'application/openapi+json' }],
            'service-doc': { href: 'https://docs.example.com/generation' },
            status: '/status',
            'terms-of-service': ['/terms'],
            deprecation: { href: '/api-deprecation-policy' },
          },
          { anchor: 'https://api.example.com/agents', 'service-desc': '/agents-openapi.json' },
          { anchor: '/nested', 'api-catalog': '/more/api-catalog' },
        ],
      },
      base,
    );
    expect(reading.entries).toEqual([
      {
        anchor: 'https://api.example.com/api',
        specUrl: 'https://api.example.com/openapi.json',
        links: {
          serviceDoc: 'https://docs.example.com/generation',
          status: 'https://api.example.com/status',
          termsOfService: 'https://api.example.com/terms',
          deprecationPolicy: 'https://api.example.com/api-deprecation-policy',
        },
      },
      {
        anchor: 'https://api.example.com/agents',
        specUrl: 'https://api.example.com/agents-openapi.json',
        links: {},
      },
    ]);
    expect(reading.nested).toEqual(['https://api.example.com/more/api-catalog']);
  });

  it('accepts a single context object and reports a document without contexts', () => {
    expect(readLinkset({ linkset: { 'service-desc': '/a.json' } }, base).entries).toHaveLength(1);
    expect(readLinkset({ hello: 'world' }, base).problems).toEqual(['no linkset contexts found']);
    expect(readLinkset('garbage', base).entries).toEqual([]);
  });
});

const RUNBOOK = `# Agent registration

Intro text.

## 1. Discover

Read \`GET /.well-known/api-catalog\`.

## 2. Sign up

Call \`POST /api/agents/v1/auth/signup\` with:

| Field | Type | Required | Description |
|---|---|---|---|
| email | string | yes | Address |
| password | string | yes | At least 8 characters |
| name | string | no | Display name |

## 3. Claim the account

A person or an inbox supplies the code.

## 4. Verify the e-mail

\`POST /api/agents/v1/auth/verify-email\`

| Field | Type | Required | Description |
|---|---|---|---|
| verification_code | string | yes | The code |

## 5. Exchange credentials for a scoped token

\`POST /api/agents/v1/auth/login\`

## 6. Revoke the claim token

\`POST /api/agents/v1/auth/logout\`

## Errors

| Code | HTTP status | Meaning | What to do |
|---|---|---|---|
| email_taken | 409 | Exists | Log in |

## Scopes

| Scope | Grants |
|---|---|
| wallet:read | Read wallet balance |
`;

describe('readRunbook', () => {
  it('reads numbered steps with their endpoints, fields, kinds, and the error and scope tables', () => {
    const { runbook, problems } = readRunbook(RUNBOOK, 'https://api.example.com/auth.md');
    expect(problems).toEqual([]);
    expect(runbook.title).toBe('Agent registration');
    expect(runbook.steps.map((step) => step.kind)).toEqual([
      'discover',
      'signup',
      'claim',
      'verify',
      'token-exchange',
      'revoke-claim',
    ]);
    const signup = runbook.steps[1];
    expect(signup?.endpoint).toEqual({
      method: 'POST',
      path: '/api/agents/v1/auth/signup',
      url: 'https://api.example.com/api/agents/v1/auth/signup',
    });
    expect(signup?.fields.map((field) => [field.name, field.required])).toEqual([
      ['email', true],
      ['password', true],
      ['name', false],
    ]);
    expect(runbook.errors).toEqual([
      { code: 'email_taken', status: 409, meaning: 'Exists', action: 'Log in' },
    ]);
    expect(runbook.scopes).toEqual([{ name: 'wallet:read', grants: 'Read wallet balance' }]);
  });

  it('reports a document without numbered steps', () => {
    expect(readRunbook('# Nothing here\n\nJust text.', 'https://x/auth.md').problems[0]).toMatch(
      /no numbered steps/,
    );
  });
});

describe('readAuthorizationMetadata', () => {
  it('accepts the service as issuer and refuses another', () => {
    const good = readAuthorizationMetadata(
      {
        issuer: 'https://api.example.com',
        token_endpoint: 'https://api.example.com/login',
        scopes_supported: ['*', 'a:read'],
      },
      'https://api.example.com',
    );
    expect(good.ok && good.metadata.scopesSupported).toEqual(['*', 'a:read']);
    const evil = readAuthorizationMetadata({ issuer: 'https://evil.example' }, 'https://api.example.com');
    expect(evil).toEqual({ ok: false, problem: expect.stringContaining('is not the service') });
    expect(readAuthorizationMetadata([], 'https://api.example.com').ok).toBe(false);
  });

  it('reports endpoints on another origin', () => {
    const reading = readAuthorizationMetadata(
      { issuer: 'https://api.example.com/', token_endpoint: 'https://elsewhere.example/token' },
      'https://api.example.com',
    );
    expect(reading.ok && reading.problems).toEqual([
      'token_endpoint https://elsewhere.example/token is on another origin',
    ]);
  });
});

describe('readMcpServers', () => {
  it('reads servers as an array, a map, or a single card, and merges sources by name', () => {
    const manifest = readMcpServers(
      {
        servers: [
          {
            name: 'gen',
            transport: { type: 'streamable-http', url: '/mcp/gen' },
            resources: ['reference://a'],
          },
        ],
      },
      'https://api.example.com/.well-known/mcp.json',
    );
    const map = readMcpServers(
      { mcpServers: { gen: { url: 'https://api.example.com/mcp/gen', tools: [{ name: 't1' }] } } },
      base,
    );
    const card = readMcpServers({ serverInfo: { name: 'solo' }, transport: { endpoint: '/mcp' } }, base);
    expect(manifest.servers[0]).toMatchObject({
      name: 'gen',
      url: 'https://api.example.com/mcp/gen',
      transport: 'streamable-http',
    });
    expect(card.servers[0]?.name).toBe('solo');
    const merged = mergeMcpServers(manifest.servers, map.servers);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ resources: ['reference://a'], tools: ['t1'] });
    expect(readMcpServers({ servers: [{ title: 'no name' }] }, base).problems).toHaveLength(1);
  });
});

describe('readLlmsTxt', () => {
  it('reads the title, the summary and the sections of links', () => {
    const { llmsTxt, problems } = readLlmsTxt(
      '# Service\n\n> Generate media.\n\nMore text.\n\n## Docs\n\n- [OpenAPI](/openapi.json): the API\n- [Auth](https://x.example/auth.md)\n',
      'https://api.example.com/llms.txt',
    );
    expect(problems).toEqual([]);
    expect(llmsTxt).toMatchObject({ title: 'Service', summary: 'Generate media.', details: 'More text.' });
    expect(llmsTxt.sections[0]?.links).toEqual([
      { title: 'OpenAPI', url: 'https://api.example.com/openapi.json', description: 'the API' },
      { title: 'Auth', url: 'https://x.example/auth.md' },
    ]);
  });
});

describe('readFeedPage and readDeprecationPolicy', () => {
  it('read models leniently and find the next page in the body or the Link field', () => {
    const page = readFeedPage(
      { data: [{ model_id: 'm1', category: 'image', price: '0.02', plans: ['basic'] }, { name: 'no id' }] },
      'https://api.example.com/models-feed',
      '<https://api.example.com/models-feed?page=2>; rel="next"',
    );
    expect(page.models).toEqual([{ id: 'm1', category: 'image', price: 0.02, plans: ['basic'] }]);
    expect(page.next).toBe('https://api.example.com/models-feed?page=2');
    expect(page.problems).toHaveLength(1);
  });

  it('reads the versions table and the notice period', () => {
    const policy = readDeprecationPolicy(
      'At least 90 days separate them.\n\n| Version | Lifecycle | Deprecated | Sunset |\n|---|---|---|---|\n| v6 | deprecated | 2026-09-01 | 2027-05-01 |\n| v7 | stable | | |\n',
      'https://x/policy',
    );
    expect(policy.minimumNoticeDays).toBe(90);
    expect(policy.versions).toEqual([
      { version: 'v6', lifecycle: 'deprecated', deprecatedAt: '2026-09-01', sunsetAt: '2027-05-01' },
      { version: 'v7', lifecycle: 'stable' },
    ]);
  });
});
