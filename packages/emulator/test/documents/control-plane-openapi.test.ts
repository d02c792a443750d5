import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { operationsCatalogue } from '../../../../test/support/fixtures.js';
import { CONTROL_PLANE_SCOPES } from '../../src/catalogue/scopes.js';
import { getDocument, useEmulator } from './emulator-fixture.js';
import {
  compileFailures,
  deref,
  type Json,
  operationsOf,
  refsIn,
  resolvePointer,
} from './openapi-support.js';

const PREFIX = '/api/agents/v1';
const catalogue = operationsCatalogue().control_plane;
const emulator = useEmulator();
let document: Json;
const byId = new Map<string, Json>();

beforeAll(async () => {
  const { response, text } = await getDocument(emulator.current, '/agents-openapi.json');
  expect(response.status).toBe(200);
  document = JSON.parse(text) as Json;
  for (const entry of operationsOf(document)) byId.set(String(entry.operation.operationId), entry.operation);
});

const operation = (operationId: string) => byId.get(operationId) as Json;

describe('GET /agents-openapi.json', () => {
  it('passes the OpenAPI 3.1 validator', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('puts the prefix in the server URL and keeps paths relative to it', () => {
    expect(document.servers).toEqual([{ url: `${emulator.current.url}${PREFIX}` }]);
    for (const path of Object.keys(document.paths as Json)) expect(path.startsWith('/api/')).toBe(false);
  });

  it('describes exactly the 75 operations of operations.json, with unique operationIds', () => {
    const ours = operationsOf(document).map(
      (entry) => `${entry.method} ${PREFIX}${entry.path} ${entry.operation.operationId}`,
    );
    const theirs = catalogue.map((entry) => `${entry.method} ${entry.path} ${entry.operationId}`);
    expect(ours).toHaveLength(75);
    expect(byId.size).toBe(75);
    expect(ours.sort()).toEqual(theirs.sort());
  });

  it('carries x-required-scope exactly where operations.json has a scope, and explains its absence', () => {
    for (const entry of catalogue) {
      const described = operation(entry.operationId);
      const scope = entry['x-required-scope'];
      if (scope === null) {
        expect('x-required-scope' in described, entry.operationId).toBe(false);
        expect(String(described.description)).toMatch(/No scope is needed: /);
      } else {
        expect(described['x-required-scope'], entry.operationId).toBe(scope);
      }
    }
    expect(String(operation('post_auth_logout').description)).toContain('self-revocation');
    expect(String(operation('get_changelog').description)).toContain('public');
    expect(String(operation('post_auth_login').description)).toContain('credential-exchange');
  });

  it('requires every scope of the catalogue in at least one operation', () => {
    const required = new Set([...byId.values()].map((described) => described['x-required-scope']));
    for (const scope of CONTROL_PLANE_SCOPES) expect(required.has(scope.name), scope.name).toBe(true);
  });

  it('derives security from authentication and scope', () => {
    expect((document.components as Json).securitySchemes).toEqual({
      agentToken: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    expect(operation('post_auth_signup').security).toEqual([]);
    expect(operation('get_changelog').security).toEqual([]);
    expect(operation('post_auth_logout').security).toEqual([{ agentToken: [] }]);
    expect(operation('get_wallet_balance').security).toEqual([{ agentToken: ['wallet:read'] }]);
    for (const described of byId.values()) {
      const scope = described['x-required-scope'];
      if (scope) expect(described.security).toEqual([{ agentToken: [scope] }]);
    }
  });

  it('offers Idempotency-Key and 402 on the money operations, and only there', () => {
    const money = new Set(
      catalogue.filter((entry) => entry.notes?.startsWith('money')).map((entry) => entry.operationId),
    );
    expect(money.size).toBe(20);
    for (const [operationId, described] of byId) {
      const parameters = ((described.parameters ?? []) as Json[]).map((parameter) =>
        deref(document, parameter),
      );
      const idempotencyKey = parameters.find((parameter) => parameter.name === 'Idempotency-Key');
      expect(Boolean(idempotencyKey), operationId).toBe(money.has(operationId));
      if (idempotencyKey) expect(idempotencyKey).toMatchObject({ in: 'header', required: false });
      expect('402' in (described.responses as Json), operationId).toBe(money.has(operationId));
    }
  });

  it('wraps every answer in the {data, error, meta} envelope', () => {
    for (const [operationId, described] of byId) {
      const responses = described.responses as Json;
      const successes = Object.keys(responses).filter((status) => /^2/.test(status));
      expect(successes.length, operationId).toBeGreaterThan(0);
      for (const status of Object.keys(responses)) {
        const response = deref(document, responses[status]);
        const schema = deref(
          document,
          (response.content as Record<string, { schema: Json }>)['application/json']?.schema,
        );
        expect(schema.required, `${operationId} ${status}`).toEqual(['data', 'error', 'meta']);
      }
    }
    const forbidden = deref(document, (operation('get_me').responses as Json)['403']);
    expect(String(forbidden.description)).toContain('insufficient_scope');
    expect(Object.keys(forbidden.headers as Json)).toContain('WWW-Authenticate');
    expect(Object.keys(operation('post_wallet_fund').responses as Json)).toEqual(
      expect.arrayContaining(['200', '202', '401', '402', '403', '422', '429']),
    );
  });

  it('takes request bodies and query parameters from the catalogue', () => {
    const login = (operation('post_auth_login').requestBody as Json).content as Record<
      string,
      { schema: Json }
    >;
    expect(Object.keys(login['application/json']?.schema.properties as Json)).toEqual([
      'email',
      'password',
      'device_name',
      'token_expiry',
      'scopes',
    ]);
    expect(operation('get_wallet_coupons_validate').parameters).toEqual([
      expect.objectContaining({ name: 'code', in: 'query', required: true }),
    ]);
    expect(operation('get_teams_by_id').parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    ]);
  });

  it('resolves every $ref', () => {
    const unresolved = [...new Set(refsIn(document))].filter(
      (ref) => resolvePointer(document, ref) === undefined,
    );
    expect(unresolved).toEqual([]);
  });

  it('keeps every schema within JSON Schema 2020-12', () => {
    expect(compileFailures(document)).toEqual([]);
  });
});
