import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PLANE_OPERATIONS } from '../../src/catalogue/control-plane-operations.js';
import { ERROR_CODES } from '../../src/catalogue/error-codes.js';
import { CONTROL_PLANE_SCOPES } from '../../src/catalogue/scopes.js';
import { connectMcp, SERVERS } from './mcp-client.js';

const URIS = [
  'reference://error-model',
  'reference://rate-limit-policy',
  'reference://scope-catalogue',
  'reference://site-index',
];

let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator({
    rateLimits: { billing: { limit: 7, windowSeconds: 30 } },
    queueLimit: 10,
  });
});
afterAll(() => emulator.close());

async function read(client: Client, uri: string): Promise<{ mimeType?: string; text: string }> {
  const { contents } = await client.readResource({ uri });
  expect(contents).toHaveLength(1);
  const [content] = contents;
  if (!content || !('text' in content)) throw new Error(`${uri} has no text`);
  expect(content.uri).toBe(uri);
  return { ...(content.mimeType ? { mimeType: content.mimeType } : {}), text: content.text };
}

describe.each(SERVERS.map((server) => server.id))('the resources of %s', (id) => {
  let client: Client;
  beforeAll(async () => {
    client = await connectMcp(`${emulator.url}/mcp/${id}`);
  });
  afterAll(() => client.close());

  it('are the four references, with a title, description and media type', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(URIS);
    for (const resource of resources) {
      expect(resource.description).toBeTruthy();
      expect(resource.mimeType).toMatch(/^(application\/json|text\/markdown)$/);
    }
  });

  it('can each be read, as JSON or markdown as announced', async () => {
    const { resources } = await client.listResources();
    for (const resource of resources) {
      const { mimeType, text } = await read(client, resource.uri);
      expect(mimeType).toBe(resource.mimeType);
      if (mimeType === 'application/json') expect(() => JSON.parse(text)).not.toThrow();
      else expect(text).toMatch(/^# /);
    }
  });

  it('refuses an unknown resource', async () => {
    await expect(client.readResource({ uri: 'reference://nothing' })).rejects.toThrow(/not found/i);
  });
});

describe('the reference resources say', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connectMcp(`${emulator.url}/mcp/control-plane`);
  });
  afterAll(() => client.close());

  it('every error code, the generation error shape and the job states', async () => {
    const model = JSON.parse((await read(client, 'reference://error-model')).text);
    expect(model.controlPlane.codes.map((entry: { code: string }) => entry.code)).toEqual(
      ERROR_CODES.map((entry) => entry.code),
    );
    expect(model.generation.error.shape).toEqual({ status: 'error', message: expect.any(String) });
    expect(model.generation.asyncStates.map((entry: { state: string }) => entry.state)).toEqual([
      'processing',
      'success',
      'failed',
    ]);
  });

  it("the running emulator's quotas, queue limit and rate-limit fields", async () => {
    const policy = JSON.parse((await read(client, 'reference://rate-limit-policy')).text);
    expect(policy.policies).toContainEqual(
      expect.objectContaining({ name: 'billing', limit: 7, windowSeconds: 30 }),
    );
    expect(policy.policies).toContainEqual(expect.objectContaining({ name: 'generation', limit: 60 }));
    expect(policy.queue.limit).toBe(10);
    expect(policy.headers.map((header: { name: string }) => header.name)).toEqual(
      expect.arrayContaining([
        'RateLimit-Limit',
        'RateLimit-Remaining',
        'RateLimit-Reset',
        'RateLimit-Policy',
        'RateLimit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
        'Retry-After',
      ]),
    );
  });

  it('each scope, what it grants and the operations that need it', async () => {
    const catalogue = JSON.parse((await read(client, 'reference://scope-catalogue')).text);
    expect(catalogue.scopes.map((entry: { scope: string }) => entry.scope)).toEqual(
      CONTROL_PLANE_SCOPES.map((scope) => scope.name),
    );
    for (const entry of catalogue.scopes as { scope: string; grants: string; operationIds: string[] }[]) {
      expect(entry.grants).toBeTruthy();
      const needing = CONTROL_PLANE_OPERATIONS.filter((operation) => operation.requiredScope === entry.scope);
      expect(entry.operationIds).toEqual(needing.map((operation) => operation.operationId));
    }
    expect(catalogue.noScope.operationIds).toContain('post_auth_login');
  });

  it('the published addresses as absolute URLs on the origin', async () => {
    const { text } = await read(client, 'reference://site-index');
    const links = [...text.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1] as string);
    for (const path of [
      '/openapi.json',
      '/agents-openapi.json',
      '/.well-known/mcp.json',
      '/auth.md',
      '/llms.txt',
    ]) {
      expect(links).toContain(`${emulator.url}${path}`);
    }
    for (const { id } of SERVERS) expect(links).toContain(`${emulator.url}/mcp/${id}`);
    for (const link of links) expect(link.startsWith(`${emulator.url}/`)).toBe(true);
  });
});
