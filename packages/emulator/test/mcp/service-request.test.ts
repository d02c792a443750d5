import { describe, expect, it } from 'vitest';
import { buildServiceRequest } from '../../src/mcp/service-request.js';

const ORIGIN = 'http://127.0.0.1:4010';

function build(options: Partial<Parameters<typeof buildServiceRequest>[0]>) {
  const built = buildServiceRequest({
    origin: ORIGIN,
    method: 'POST',
    pathTemplate: '/api/v7/images/fetch/{id}',
    params: {},
    authorization: 'Bearer gk_test_key_123',
    ...options,
  });
  if (!built.ok) throw new Error(built.message);
  return built.request;
}

describe('buildServiceRequest', () => {
  it('substitutes encoded path parameters and sends the rest as a JSON body', async () => {
    const request = build({ params: { id: 'a/b c', webhook: 'https://hook.example' } });
    expect(request.url).toBe(`${ORIGIN}/api/v7/images/fetch/a%2Fb%20c`);
    expect(request.headers.get('authorization')).toBe('Bearer gk_test_key_123');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(await request.json()).toEqual({ webhook: 'https://hook.example' });
  });

  it('accepts a numeric id, as production sends integers', () => {
    expect(build({ params: { id: 42 } }).url).toBe(`${ORIGIN}/api/v7/images/fetch/42`);
  });

  it('sends GET arguments as query parameters, arrays repeated', () => {
    const request = build({
      method: 'GET',
      pathTemplate: '/api/v7/models',
      params: { category: 'image', tag: ['a', 'b'] },
    });
    expect(request.url).toBe(`${ORIGIN}/api/v7/models?category=image&tag=a&tag=b`);
    expect(request.body).toBeNull();
  });

  it('sends declared query parameters in the query even with a body', async () => {
    const request = build({
      method: 'PUT',
      pathTemplate: '/x/{id}',
      params: { id: '1', page: 2, name: 'n' },
      queryNames: new Set(['page']),
    });
    expect(request.url).toBe(`${ORIGIN}/x/1?page=2`);
    expect(await request.json()).toEqual({ name: 'n' });
  });

  it('adds the extra headers and leaves Authorization out when there is none', () => {
    const request = build({
      authorization: undefined,
      headers: { 'Idempotency-Key': 'k-1' },
      params: { id: '1' },
    });
    expect(request.headers.get('authorization')).toBeNull();
    expect(request.headers.get('idempotency-key')).toBe('k-1');
  });

  it.each([[{}], [{ id: '' }], [{ id: '..' }], [{ id: { nested: true } }]])(
    'refuses a missing or unusable path parameter: %j',
    (params) => {
      const built = buildServiceRequest({
        origin: ORIGIN,
        method: 'POST',
        pathTemplate: '/api/v7/images/fetch/{id}',
        params,
        authorization: undefined,
      });
      expect(built).toEqual({ ok: false, message: expect.stringContaining('Missing `id`') });
    },
  );
});
