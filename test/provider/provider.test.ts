import { APICallError, LoadAPIKeyError, LoadSettingError, NoSuchModelError } from '@ai-sdk/provider';
import { generateImage, generateText } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUndiciTransport, type Transport } from '../../src/http/index.js';
import { createGenerationProvider, generation } from '../../src/provider/index.js';
import { everythingIn, type ProviderBed, startProviderBed } from './support/provider-bed.js';

let bed: ProviderBed;
let stuck: ProviderBed;
const wire = createUndiciTransport();

beforeAll(async () => {
  [bed, stuck] = await Promise.all([startProviderBed(), startProviderBed({ faults: { stuckJobRate: 1 } })]);
});
afterAll(async () => {
  await Promise.all([bed.close(), stuck.close(), wire.close()]);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

/** A transport that records what goes on the wire. */
function recording(): { transport: Transport; sent: { url: string; headers: Record<string, string> }[] } {
  const sent: { url: string; headers: Record<string, string> }[] = [];
  return {
    sent,
    transport: (request) => {
      sent.push({ url: request.url.href, headers: { ...request.headers } });
      return wire.transport(request);
    },
  };
}

describe('the provider', () => {
  it('is a ready-made instance and a function that gives language models', () => {
    expect(generation.specificationVersion).toBe('v4');
    expect(typeof generation).toBe('function');
    const provider = createGenerationProvider();
    expect(() => new (provider as unknown as new (id: string) => unknown)('llama-3.3-70b')).toThrowError(
      /call it without new/,
    );
    expect(() => provider.embeddingModel('text-embedding')).toThrowError(NoSuchModelError);
  });

  it('reads the base URL and the key from the environment when a model is first called', async () => {
    const provider = createGenerationProvider({ _internal: { clock: bed.clock } });
    vi.stubEnv('GENTK_BASE_URL', bed.emulator.url);
    vi.stubEnv('GENTK_API_KEY', bed.account.apiKey);
    const result = await generateText({ model: provider('llama-3.1-8b'), prompt: 'From the environment.' });
    expect(result.text).toContain('From the environment.');
    await provider.close();
  });

  it('says which setting is missing, before sending anything', async () => {
    vi.stubEnv('GENTK_API_KEY', '');
    vi.stubEnv('GENTK_BASE_URL', '');
    const requests: string[] = [];
    const noKey = createGenerationProvider({
      baseURL: bed.emulator.url,
      onEvent: (event) => requests.push(event.type),
    });
    const keyFailure = await generateText({ model: noKey('llama-3.1-8b'), prompt: 'x' }).catch(
      (error) => error,
    );
    expect(LoadAPIKeyError.isInstance(keyFailure)).toBe(true);
    expect((keyFailure as Error).message).toContain('GENTK_API_KEY');
    expect(requests).toEqual([]);
    const noUrl = createGenerationProvider({ apiKey: bed.account.apiKey });
    const urlFailure = await generateText({ model: noUrl('llama-3.1-8b'), prompt: 'x' }).catch(
      (error) => error,
    );
    expect(LoadSettingError.isInstance(urlFailure)).toBe(true);
    expect((urlFailure as Error).message).toContain('GENTK_BASE_URL');
  });

  it('discovers the service once for all its models, even when they start together', async () => {
    const documents: string[] = [];
    const provider = bed.provider({
      service: undefined as never,
      fetch: async (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        if (!url.includes('/cdn/')) documents.push(new URL(url).pathname);
        return fetch(input, init);
      },
    });
    await Promise.all([
      generateText({ model: provider('llama-3.1-8b'), prompt: 'one' }),
      generateText({ model: provider.chat('v6/llama-3.1-8b'), prompt: 'two' }),
      generateImage({ model: provider.image('flux-dev'), prompt: 'three' }),
    ]);
    expect(documents.filter((path) => path === '/openapi.json')).toHaveLength(1);
    expect((await provider.service()).operations.length).toBeGreaterThan(100);
  });

  it("sends the provider's headers and the call's, with the SDK's user agent after its own", async () => {
    const { transport, sent } = recording();
    const provider = bed.provider({ headers: { 'X-Team': 'blue' }, _internal: { transport } });
    await generateText({
      model: provider('llama-3.1-8b'),
      prompt: 'headers',
      headers: { 'X-Trace': 'abc123' },
    });
    const [chat] = sent;
    expect(chat?.url).toMatch(/\/api\/v7\/llm\/chat\/completions$/);
    expect(chat?.headers['x-team']).toBe('blue');
    expect(chat?.headers['x-trace']).toBe('abc123');
    expect(chat?.headers['user-agent']).toMatch(
      /^generation-agent-toolkit\/\S+ ai-sdk\/generation\/\S+ .*ai\//,
    );
    expect(chat?.headers.authorization).toBe(`Bearer ${bed.account.apiKey}`);
    expect(Object.keys(chat?.headers ?? {})).not.toContain('x-generation-provider-call');
  });
});

describe('errors of the provider', () => {
  it('gives a retryable APICallError when the service stays unavailable, after its own retries', async () => {
    bed.emulator.faults.inject({ kind: 'unavailable', match: 'v7_llm_chat_completions', times: 20 });
    const retries: number[] = [];
    const provider = bed.provider({
      onEvent: (event) => {
        if (event.type === 'retry') retries.push(event.attempt);
      },
    });
    const failure = await generateText({ model: provider('llama-3.1-8b'), prompt: 'x', maxRetries: 0 }).catch(
      (error: unknown) => error,
    );
    bed.emulator.faults.clear();
    expect(APICallError.isInstance(failure)).toBe(true);
    expect((failure as APICallError).statusCode).toBe(503);
    expect((failure as APICallError).isRetryable).toBe(true);
    expect(retries.length).toBeGreaterThan(0);
    expect(everythingIn(failure)).not.toContain(bed.account.apiKey);
  });

  it('fails a job that outlives maxWaitMs without retrying it, naming where it can be fetched', async () => {
    const provider = stuck.provider({ maxWaitMs: 60_000 });
    const failure = await generateImage({ model: provider.image('flux-dev'), prompt: 'stuck' }).catch(
      (error: unknown) => error,
    );
    expect(APICallError.isInstance(failure)).toBe(true);
    const error = failure as APICallError;
    expect(error.isRetryable).toBe(false);
    expect(error.message).toMatch(/is still processing after 60000 ms/);
    expect(error.message).toContain('/api/v7/images/fetch/');
    expect(everythingIn(error)).not.toContain(stuck.account.apiKey);
  });
});
