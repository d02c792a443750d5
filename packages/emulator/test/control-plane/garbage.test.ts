import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PLANE_OPERATIONS } from '../../src/catalogue/control-plane-operations.js';
import type { ControlPlaneOperation } from '../../src/catalogue/types.js';
import { CANARY_PASSWORD, type ControlPlaneClient, expectEnvelope, startTestEmulator } from './support.js';

let api: ControlPlaneClient;
let email: string;

beforeAll(async () => {
  api = await startTestEmulator();
  email = (await api.account()).email;
});

afterAll(async () => {
  api.assertNoLeaks();
  await api.emulator.close();
});

const HUGE = 'x'.repeat(100_000);
const withBody = CONTROL_PLANE_OPERATIONS.filter((operation) => operation.body);
const withQuery = CONTROL_PLANE_OPERATIONS.filter((operation) => operation.query);

const pathOf = (operation: ControlPlaneOperation, id = 'nonexistent') =>
  operation.path.replace(/\{[^}]+\}/g, encodeURIComponent(id));

/** Values of the wrong kind for a property, plus a long text. */
function wrongValues(schema: { type?: string }): unknown[] {
  const wrong: unknown[] = [HUGE, null, { nested: { deeper: [1, 2, 3] } }];
  wrong.push(schema.type === 'string' ? 12345 : schema.type === 'boolean' ? 'yes' : 'not-a-number');
  if (schema.type === 'number') wrong.push(1e308);
  return wrong;
}

/** One token per operation, so that no operation's answer can end the run for the others. */
const freshToken = (): Promise<string> => api.login(email, CANARY_PASSWORD);

describe('garbage input never makes the control plane fail', () => {
  it.each(withBody.map((operation) => [operation.operationId, operation] as const))(
    '%s: broken JSON is 400 invalid_json and a non-object body is 422',
    async (_, operation) => {
      const token = await freshToken();
      for (const raw of ['{"amount": ', '\u0000\u0001']) {
        const answer = await api.call(operation.method, pathOf(operation), { token, raw });
        expectEnvelope(answer);
        expect(answer.status, answer.text).toBe(400);
        expect(answer.body.error.code).toBe('invalid_json');
      }
      const html = await api.call(operation.method, pathOf(operation), {
        token,
        raw: '<p>hi</p>',
        headers: { 'Content-Type': 'text/html' },
      });
      expect(html.status).toBe(400);
      for (const raw of ['[]', 'null', '"text"']) {
        const answer = await api.call(operation.method, pathOf(operation), { token, raw });
        expectEnvelope(answer);
        expect(answer.status, answer.text).toBe(422);
        expect(answer.body.error.code).toBe('validation_error');
        expect(answer.body.error.details.fields).toBeTypeOf('object');
      }
    },
  );

  it.each(withBody.map((operation) => [operation.operationId, operation] as const))(
    '%s: wrong types and huge strings in every field answer without a 5xx',
    async (_, operation) => {
      const token = await freshToken();
      const properties = (operation.body?.properties ?? {}) as Record<string, { type?: string }>;
      for (const [name, schema] of Object.entries(properties)) {
        for (const value of wrongValues(schema)) {
          const answer = await api.call(operation.method, pathOf(operation), {
            token,
            body: { [name]: value },
          });
          expectEnvelope(answer);
          expect(answer.status, `${name}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
          expect(answer.text.length, name).toBeLessThan(HUGE.length);
        }
      }
    },
  );

  it.each(withQuery.map((operation) => [operation.operationId, operation] as const))(
    '%s: nonsense query values are 422, never a 5xx',
    async (_, operation) => {
      const token = await freshToken();
      const names = Object.keys((operation.query?.properties ?? {}) as object);
      for (const name of names) {
        for (const value of ['abc', '-1', '1e999', '99999999999999999999', 'x'.repeat(5000)]) {
          const answer = await api.call(operation.method, pathOf(operation), {
            token,
            query: { [name]: value },
          });
          expectEnvelope(answer);
          expect(answer.status, `${name}=${value.slice(0, 20)}: ${answer.text.slice(0, 300)}`).toBeLessThan(
            500,
          );
        }
      }
      const typed = await api.call(operation.method, pathOf(operation), {
        token,
        query: { page: 'abc', limit: 'abc' },
      });
      if (names.includes('page') || names.includes('limit')) {
        expect(typed.status).toBe(422);
        expect(typed.body.error.code).toBe('validation_error');
      }
    },
  );

  it('answers 404 for huge and odd path ids on every operation that takes one', async () => {
    const token = await freshToken();
    for (const operation of CONTROL_PLANE_OPERATIONS.filter((candidate) => candidate.path.includes('{'))) {
      for (const id of ['x'.repeat(4000), '../../etc/passwd', '%00']) {
        const body =
          operation.operationId === 'put_teams_by_id' ? { role: 'admin' } : { name: 'n', plan_id: 'basic' };
        const answer = await api.call(operation.method, pathOf(operation, id), {
          token,
          ...(operation.method === 'GET' ? {} : { body }),
        });
        expectEnvelope(answer);
        expect(answer.status, `${operation.operationId}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);
        expect(answer.text.length).toBeLessThan(2000);
      }
    }
  });

  it('answers a malformed Authorization header with 401', async () => {
    for (const authorization of [
      'Bearer',
      'Basic dXNlcjpwYXNz',
      `Bearer ${'y'.repeat(8000)}`,
      'Bearer a b',
    ]) {
      const answer = await api.call('GET', '/me', { headers: { Authorization: authorization } });
      expectEnvelope(answer);
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer realm="agents-v1"/);
    }
  });

  it('never echoes a password, even inside a rejected request', async () => {
    const answers = [
      await api.call('POST', '/auth/login', { body: { email: 'not-an-email', password: CANARY_PASSWORD } }),
      await api.call('POST', '/auth/signup', {
        body: { email: api.email(), password: CANARY_PASSWORD, name: 7 },
      }),
      await api.call('POST', '/auth/reset-password', {
        body: { token: CANARY_PASSWORD, password: CANARY_PASSWORD },
      }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.text).not.toContain(CANARY_PASSWORD);
    }
  });
});
