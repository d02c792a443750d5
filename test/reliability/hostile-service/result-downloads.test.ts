/**
 * A hostile service's result URLs (issue 14, finding 8): the provider downloads result files only
 * from the service's own origin or origins the user trusts, follows redirects only within them,
 * reads no loopback, private or link-local address where the service itself is not, and takes
 * only files of the model's kind. A second loopback address, 127.0.0.2, stands for the cloud's
 * metadata service (169.254.169.254) while the service answers on 127.0.0.1.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APICallError } from '@ai-sdk/provider';
import { generateImage } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceDescription } from '../../../src/discovery/service-description.js';
import { UnsafeAnswerError } from '../../../src/http/index.js';
import { createGenerationProvider, type GenerationProviderSettings } from '../../../src/provider/index.js';
import { type LoopbackServer, listenOnLoopback } from '../../support/loopback-server.js';
import { CANARY_KEY } from '../support/canaries.js';
import { serviceAt } from '../support/rebased-service.js';
import { createSkippingClock } from '../support/skipping-clock.js';

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const METADATA = '{"AccessKeyId":"planted-cloud-credential"}';

let service: LoopbackServer;
let metadata: { url: string; hits: number; close(): Promise<void> };
let description: ServiceDescription;
/** The output URL the service answers for the next image. */
let outputUrl = '';

function serveService(request: IncomingMessage, response: ServerResponse): void {
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  if (path === '/api/v7/images/text-to-image') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ status: 'success', id: 'job-1', output: [outputUrl] }));
  } else if (path === '/files/lighthouse.png') {
    response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  } else if (path === '/files/notes.png') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('not an image');
  } else if (path === '/files/moved.png') {
    response.writeHead(302, { location: `${metadata.url}/latest/meta-data` }).end();
  } else if (path === '/files/moved-here.png') {
    response.writeHead(301, { location: '/files/lighthouse.png' }).end();
  } else {
    response.writeHead(404).end();
  }
}

/** A server on 127.0.0.2 that counts every request, standing for 169.254.169.254. */
async function startMetadataServer() {
  const state = { hits: 0 };
  const server = createServer((_request, response) => {
    state.hits += 1;
    response.writeHead(200, { 'content-type': 'image/png' }).end(METADATA);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  return {
    url: `http://127.0.0.2:${(server.address() as AddressInfo).port}`,
    get hits() {
      return state.hits;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  service = await listenOnLoopback(createServer(serveService));
  metadata = await startMetadataServer();
  description = await serviceAt(service.url);
});

afterAll(async () => {
  await service.close();
  await metadata.close();
});

let hitsBefore = 0;
beforeEach(() => {
  hitsBefore = metadata.hits;
});

async function imageFrom(url: string, settings: GenerationProviderSettings = {}) {
  outputUrl = url;
  const provider = createGenerationProvider({
    baseURL: service.url,
    apiKey: CANARY_KEY,
    service: description,
    _internal: { clock: createSkippingClock() },
    ...settings,
  });
  try {
    return await generateImage({
      model: provider.image('flux-dev'),
      prompt: 'a lighthouse',
      maxRetries: 0,
    }).then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );
  } finally {
    await provider.close();
  }
}

function expectRefused(outcome: { error: unknown } | { result: unknown }, reason: RegExp): void {
  const error = ('error' in outcome ? outcome.error : undefined) as APICallError;
  expect(APICallError.isInstance(error)).toBe(true);
  expect(error.isRetryable).toBe(false);
  expect(UnsafeAnswerError.isInstance(error.cause)).toBe(true);
  expect(error.message).toMatch(reason);
  expect(JSON.stringify(error.data)).not.toContain('planted-cloud-credential');
}

describe('result files the provider downloads', () => {
  it('downloads a file on the service’s own origin, on loopback where the service is', async () => {
    const outcome = await imageFrom(`${service.url}/files/lighthouse.png`);
    expect('result' in outcome && Buffer.from(outcome.result.image.uint8Array)).toEqual(PNG);
  });

  it('follows a redirect that stays on the service’s origin', async () => {
    const outcome = await imageFrom(`${service.url}/files/moved-here.png`);
    expect('result' in outcome && Buffer.from(outcome.result.image.uint8Array)).toEqual(PNG);
  });

  it('refuses a URL on another origin without a request', async () => {
    const outcome = await imageFrom(`${metadata.url}/latest/meta-data`);
    expectRefused(outcome, /neither the service's origin nor one of downloadOrigins/);
    expect(metadata.hits).toBe(hitsBefore);
  });

  it('refuses a redirect out of the service’s origin without following it', async () => {
    const outcome = await imageFrom(`${service.url}/files/moved.png`);
    expectRefused(outcome, /127\.0\.0\.2/);
    expect(metadata.hits).toBe(hitsBefore);
  });

  it('refuses a trusted origin on a non-public address where the service is not', async () => {
    const outcome = await imageFrom(`${metadata.url}/latest/meta-data`, { downloadOrigins: [metadata.url] });
    expectRefused(outcome, /resolves to 127\.0\.0\.2, a loopback, private or link-local address/);
    expect(metadata.hits).toBe(hitsBefore);
  });

  it('checks the address it connects to, so a name that rebinds to a private address gains nothing', async () => {
    const port = new URL(metadata.url).port;
    let lookups = 0;
    // The first answer (the check before the request) is public; the next (the connection's) is not.
    const resolveHost = async (hostname: string) => {
      if (hostname !== 'rebind.test') throw new Error(`unexpected lookup of ${hostname}`);
      lookups += 1;
      return lookups === 1 ? ['93.184.216.34'] : ['127.0.0.2'];
    };
    const outcome = await imageFrom(`http://rebind.test:${port}/latest/meta-data`, {
      downloadOrigins: [`http://rebind.test:${port}`],
      _internal: { clock: createSkippingClock(), resolveHost },
    });
    expectRefused(outcome, /rebind\.test resolves to 127\.0\.0\.2/);
    expect(lookups).toBe(2);
    expect(metadata.hits).toBe(hitsBefore);
  });

  it('connects by name to a trusted origin that resolves where the service is', async () => {
    const port = new URL(service.url).port;
    const outcome = await imageFrom(`http://files.test:${port}/files/lighthouse.png`, {
      downloadOrigins: [`http://files.test:${port}`],
      _internal: { clock: createSkippingClock(), resolveHost: async () => ['127.0.0.1'] },
    });
    expect('result' in outcome && Buffer.from(outcome.result.image.uint8Array)).toEqual(PNG);
  });

  it('refuses a file that is not of the model’s kind', async () => {
    const outcome = await imageFrom(`${service.url}/files/notes.png`);
    expectRefused(outcome, /served as text\/plain, not as image/);
  });
});
