import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpClient, type HttpRequest, ServiceError, type Transport } from '../../src/http/index.js';
import { loginWithCard } from './support/control-plane.js';
import { chatRequest, modelsRequest } from './support/requests.js';
import { startTestBed, type TestBed } from './support/test-bed.js';

/** Everything a failure exposes: message, stack, JSON form, cause chain, details. */
function exposed(error: unknown): string {
  const parts: unknown[] = [];
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof Error)
      parts.push(current.message, current.stack, (current as { details?: unknown }).details);
    parts.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return parts
    .map((part) => (typeof part === 'string' ? part : (JSON.stringify(part) ?? String(part))))
    .join('\n');
}

describe('a canary key and token never appear in an error, event or warning', () => {
  let bed: TestBed;
  let key: string;
  let token: string;
  const produced: string[] = [];
  const capture = (client: HttpClient, request: HttpRequest) =>
    client.request(request).then(
      (response) => produced.push(JSON.stringify({ url: response.url, requestId: response.requestId })),
      (error: unknown) => produced.push(exposed(error)),
    );

  beforeAll(async () => {
    bed = await startTestBed();
    const session = await loginWithCard(bed);
    key = session.apiKey;
    token = session.token;
  });
  afterAll(() => bed.close());

  it('through a working session with faults, failures and retries', async () => {
    const client = bed.client({ credentials: { generationKey: key, controlToken: () => token } });
    bed.emulator.faults.inject({ kind: 'reset', match: '/api/v7/models', times: 1 });
    bed.emulator.faults.inject({ kind: 'html', match: '/api/v7/models', times: 1 });
    await capture(client, modelsRequest());
    await capture(client, chatRequest());
    await capture(client, chatRequest({ json: { model: 'no-such-model', messages: [] } }));
    await capture(client, {
      ...chatRequest(),
      url: '/api/v6/images/text2img',
      credential: { name: 'generationKey', placement: 'body-key' },
    });
    await capture(client, {
      method: 'GET',
      url: '/api/v7/models',
      query: { key, token },
      idempotency: 'safe',
    });
    await capture(client, {
      method: 'GET',
      url: '/api/agents/v1/wallet/balance',
      credential: { name: 'controlToken', placement: 'bearer' },
      idempotency: 'safe',
    });
    await capture(client, modelsRequest({ url: `https://elsewhere.example/?key=${key}` }));
    await capture(bed.client({ credentials: { generationKey: `${key}x` } }), chatRequest());
  });

  it('when the service echoes the credentials back in its answers', async () => {
    const echo: Transport = async (request) => ({
      status: request.url.pathname.endsWith('/fail') ? 400 : 200,
      headers: new Headers({
        'content-type': 'application/json',
        'x-echo': request.headers.authorization ?? '',
      }),
      body: JSON.stringify({
        status: 'error',
        message: `bad request ${request.headers.authorization} ${request.body} ${request.url.href}`,
        details: { received: request.body, header: request.headers.authorization },
      }),
    });
    const client = bed.client({ credentials: { generationKey: key, controlToken: token }, transport: echo });
    await capture(client, { ...chatRequest(), url: '/fail' });
    await capture(client, { ...chatRequest(), credential: { name: 'generationKey', placement: 'body-key' } });
    await capture(client, {
      method: 'POST',
      url: '/fail',
      credential: { name: 'controlToken', placement: 'bearer' },
      idempotency: 'keyed',
    });
  });

  it('greps every string produced', () => {
    const everything = [...produced, JSON.stringify(bed.events), JSON.stringify(bed.warnings)].join('\n');
    expect(produced.length).toBeGreaterThan(8);
    expect(everything.length).toBeGreaterThan(1_000);
    expect(everything).not.toContain(key);
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(key.slice(3)); // the secret part without its prefix
    expect(everything).not.toContain(encodeURIComponent(token));
    expect(everything).toContain('[REDACTED]');
    // Redaction hides secrets, not where the call went.
    expect(everything).toContain('/api/v7/llm/chat/completions');
    expect(produced.some((text) => text.includes('UntrustedOriginError'))).toBe(true);
    expect(ServiceError.isInstance(new Error())).toBe(false);
  });
});
