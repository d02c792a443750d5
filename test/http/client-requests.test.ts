import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  HttpClient,
  type HttpRequest,
  ResponseFormatError,
  type TransportRequest,
  UntrustedOriginError,
} from '../../src/http/index.js';
import { VERSION } from '../../src/version.js';

/** A client whose wire records what it was asked to send and answers from a script. */
function scripted(answers: Array<{ status?: number; body?: string; headers?: Record<string, string> }>) {
  const sent: TransportRequest[] = [];
  const client = new HttpClient({
    baseUrl: 'https://api.example.test/base/',
    credentials: {
      generationKey: 'gk_unit_test_key_0001',
      controlToken: async () => 'gat_unit_test_token_01',
    },
    retry: false,
    transport: async (request) => {
      sent.push(request);
      const answer = answers[Math.min(sent.length - 1, answers.length - 1)] ?? {};
      return {
        status: answer.status ?? 200,
        headers: new Headers({ 'content-type': 'application/json', ...answer.headers }),
        body: answer.body ?? '{"ok":true}',
      };
    },
  });
  return { client, sent };
}

const post = (overrides: Partial<HttpRequest> = {}): HttpRequest => ({
  method: 'POST',
  url: 'api/v7/images/text-to-image',
  json: { prompt: 'p' },
  idempotency: 'unsafe',
  ...overrides,
});

describe('what HttpClient sends', () => {
  it('resolves URLs against the base URL, adds the query and names itself', async () => {
    const { client, sent } = scripted([{}]);
    await client.request({
      method: 'GET',
      url: 'api/v7/models',
      query: { page: 2, skip: undefined, tag: 'a b' },
      idempotency: 'safe',
    });
    expect(sent[0]!.url.href).toBe('https://api.example.test/base/api/v7/models?page=2&tag=a+b');
    expect(sent[0]!.headers['user-agent']).toBe(`generation-agent-toolkit/${VERSION}`);
    expect(sent[0]!.headers.accept).toBe('application/json');
  });

  it('puts the generation key in the JSON body as key, without changing the caller object', async () => {
    const { client, sent } = scripted([{}]);
    const json = { prompt: 'p' };
    await client.request(post({ json, credential: { name: 'generationKey', placement: 'body-key' } }));
    expect(JSON.parse(sent[0]!.body!)).toEqual({ prompt: 'p', key: 'gk_unit_test_key_0001' });
    expect(sent[0]!.headers.authorization).toBeUndefined();
    expect(json).toEqual({ prompt: 'p' });
  });

  it('reads a credential function at request time and sends it as Bearer', async () => {
    const { client, sent } = scripted([{}]);
    await client.request(post({ credential: { name: 'controlToken', placement: 'bearer' } }));
    expect(sent[0]!.headers.authorization).toBe('Bearer gat_unit_test_token_01');
    expect(sent[0]!.headers['content-type']).toBe('application/json');
  });

  it('sends an Idempotency-Key with keyed requests only, the caller own when given', async () => {
    const { client, sent } = scripted([{}]);
    await client.request(post({ idempotency: 'keyed' }));
    await client.request(post({ idempotency: 'keyed', idempotencyKey: 'fund-42' }));
    await client.request(post());
    expect(sent[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.headers['idempotency-key']).toBe('fund-42');
    expect(sent[2]!.headers['idempotency-key']).toBeUndefined();
  });

  it('refuses a missing credential without sending anything', async () => {
    const { client, sent } = scripted([{}]);
    await expect(
      client.request(post({ credential: { name: 'nothing', placement: 'bearer' } })),
    ).rejects.toSatisfy(AuthenticationError.isInstance);
    expect(sent).toHaveLength(0);
  });
});

describe('what HttpClient returns', () => {
  it('parses JSON, exposes the fields as Headers, and the request id', async () => {
    const { client } = scripted([
      { body: '{"status":"success","id":7}', headers: { 'x-request-id': 'req_1' } },
    ]);
    const response = await client.request(post());
    expect(response).toMatchObject({
      status: 200,
      body: { status: 'success', id: 7 },
      attempts: 1,
      requestId: 'req_1',
    });
    expect(response.headers).toBeInstanceOf(Headers);
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  it('returns text for text responses, and refuses text where JSON was due', async () => {
    const { client } = scripted([{ body: '# auth.md', headers: { 'content-type': 'text/markdown' } }]);
    await expect(
      client.request({ method: 'GET', url: '/auth.md', idempotency: 'safe', responseType: 'text' }),
    ).resolves.toMatchObject({ body: '# auth.md' });
    await expect(client.request({ method: 'GET', url: '/auth.md', idempotency: 'safe' })).rejects.toSatisfy(
      ResponseFormatError.isInstance,
    );
  });
});

describe('redirects', () => {
  it('follows a same-origin 307 with the method, body and credential', async () => {
    const { client, sent } = scripted([
      { status: 307, headers: { location: '/base/api/v8/images/text-to-image' } },
      {},
    ]);
    await client.request(post({ credential: { name: 'generationKey', placement: 'body-key' } }));
    expect(sent.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      'POST /base/api/v7/images/text-to-image',
      'POST /base/api/v8/images/text-to-image',
    ]);
    expect(JSON.parse(sent[1]!.body!).key).toBe('gk_unit_test_key_0001');
  });

  it('turns a 303 into a GET without the body', async () => {
    const { client, sent } = scripted([{ status: 303, headers: { location: '/result/1' } }, {}]);
    await client.request(post());
    expect(sent[1]).toMatchObject({ method: 'GET' });
    expect(sent[1]!.body).toBeUndefined();
  });

  it('refuses to carry a credential to another origin', async () => {
    const { client, sent } = scripted([
      { status: 302, headers: { location: 'https://elsewhere.example/x' } },
    ]);
    const error = await client
      .request({
        method: 'GET',
        url: 'api/v7/models',
        credential: { name: 'generationKey', placement: 'bearer' },
        idempotency: 'safe',
      })
      .catch((caught: unknown) => caught);
    expect(UntrustedOriginError.isInstance(error)).toBe(true);
    expect(sent).toHaveLength(1);
  });

  it('follows a redirect to another origin when the request carries no credential', async () => {
    const { client, sent } = scripted([
      { status: 302, headers: { location: 'https://cdn.example/file.json' } },
      {},
    ]);
    await client.request({ method: 'GET', url: 'files/1', idempotency: 'safe' });
    expect(sent[1]!.url.href).toBe('https://cdn.example/file.json');
  });
});
