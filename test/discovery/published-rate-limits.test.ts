import { describe, expect, it } from 'vitest';
import {
  distinctRateLimits,
  rateLimitsFromMcp,
  rateLimitsFromOpenApi,
} from '../../src/discovery/published-rate-limits.js';

describe('the quotas an OpenAPI document publishes', () => {
  it('reads rate-limit extensions on the document and on operations, in their common spellings', () => {
    const document = {
      openapi: '3.1.0',
      'x-rate-limit': { limit: 600, window: '1m' },
      paths: {
        '/images/{id}': { get: { 'x-ratelimit': { requests: 10, windowSeconds: 1, name: 'reads' } } },
        '/images': { post: { 'x-rate-limits': [{ quota: 2, period: 1 }] } },
      },
    };
    expect(rateLimitsFromOpenApi(document, '/v1')).toEqual([
      { limit: 600, windowMs: 60_000, source: 'openapi' },
      { limit: 10, windowMs: 1_000, name: 'reads', pathPrefixes: ['/v1/images'], source: 'openapi' },
      { limit: 2, windowMs: 1_000, pathPrefixes: ['/v1/images'], source: 'openapi' },
    ]);
  });

  it('reads the example of a declared RateLimit-Policy response header, through its component', () => {
    const document = {
      components: { headers: { Policy: { schema: { type: 'string', example: '"generation";q=60;w=60' } } } },
      paths: {
        '/api/v7/chat': {
          post: {
            responses: { 200: { headers: { 'RateLimit-Policy': { $ref: '#/components/headers/Policy' } } } },
          },
        },
      },
    };
    expect(rateLimitsFromOpenApi(document)).toEqual([
      { limit: 60, windowMs: 60_000, name: 'generation', pathPrefixes: ['/api/v7/chat'], source: 'openapi' },
    ]);
  });

  it('ignores what states no limit or no window', () => {
    expect(
      rateLimitsFromOpenApi({
        'x-rate-limit': { limit: 5 },
        paths: { '/a': { get: { 'x-ratelimit': 'fast' } } },
      }),
    ).toEqual([]);
    expect(rateLimitsFromOpenApi('not a document')).toEqual([]);
  });
});

describe('the MCP rate-limit-policy resource', () => {
  const resource = JSON.stringify({
    policies: [
      {
        name: 'generation',
        limit: 60,
        windowSeconds: 60,
        appliesTo: '/api/v6, /api/v7 and /api/v8: every generation call',
      },
      { name: 'auth', limit: 20, windowSeconds: 60, appliesTo: '/api/agents/v1/auth/*' },
      { name: 'control', limit: 120, windowSeconds: 60, appliesTo: 'the rest of the control plane' },
    ],
  });

  it('reads each policy with the paths it names; one that names none is left out when there are several', () => {
    expect(rateLimitsFromMcp(resource)).toEqual([
      {
        name: 'generation',
        limit: 60,
        windowMs: 60_000,
        pathPrefixes: ['/api/v6', '/api/v7', '/api/v8'],
        source: 'mcp',
      },
      { name: 'auth', limit: 20, windowMs: 60_000, pathPrefixes: ['/api/agents/v1/auth'], source: 'mcp' },
    ]);
  });

  it('reads a one-segment path listed after a longer one as its sibling, and each policy once', () => {
    const billing = JSON.stringify({
      policies: [
        {
          name: 'billing',
          limit: 15,
          windowSeconds: 60,
          appliesTo: '/api/agents/v1/billing, /wallet, /subscriptions and /payments',
        },
      ],
    });
    const quotas = rateLimitsFromMcp(billing);
    expect(quotas[0]?.pathPrefixes).toEqual([
      '/api/agents/v1/billing',
      '/api/agents/v1/wallet',
      '/api/agents/v1/subscriptions',
      '/api/agents/v1/payments',
    ]);
    // Each of the three MCP servers lists the same resource: one quota, not three.
    expect(distinctRateLimits([...quotas, ...rateLimitsFromMcp(billing)])).toEqual(quotas);
  });

  it('applies a lone policy that names no path to the whole service, and ignores what is not JSON', () => {
    expect(rateLimitsFromMcp('{"policies":[{"limit":5,"windowSeconds":1}]}')).toEqual([
      { limit: 5, windowMs: 1_000, source: 'mcp' },
    ]);
    expect(rateLimitsFromMcp('<html>')).toEqual([]);
  });
});
