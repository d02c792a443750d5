/**
 * The receiver against a small service of our own (not the emulator) that delivers webhooks the
 * way other services do: a progress event before the result, retries with backoff while the
 * receiver does not answer 2xx, a second attempt after its own timeout, and failures in a JSON
 * shape of its own. The receiver validates each and the call ends as a poll would end it.
 */
import { createServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, type Session } from '../../src/auth/index.js';
import { GenerationFailedError } from '../../src/http/index.js';
import { createWebhookReceiver } from '../../src/webhooks/index.js';
import { type LoopbackServer, listenOnLoopback, receive } from '../support/loopback-server.js';

/** How the service behaves for the next job. */
interface Script {
  /** Bodies it POSTs, in order, each retried (50, 100, 200 ms) until a 2xx. */
  readonly deliveries: Array<(job: { id: string; origin: string }) => string>;
  /** It also sends the last delivery a second time, as after a timeout on its side. */
  readonly resendLast?: boolean;
}

const DOCUMENT = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'another generation service', version: '1' },
  components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  security: [{ bearer: [] }],
  paths: {
    '/v1/images/generate': {
      post: {
        operationId: 'generate_image',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['prompt'],
                properties: {
                  prompt: { type: 'string' },
                  webhook: { type: 'string', format: 'uri' },
                  track_id: { type: 'string' },
                },
              },
            },
          },
        },
        responses: {
          200: {
            description: 'queued',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Job' } } },
          },
        },
      },
    },
    '/v1/images/fetch/{id}': {
      post: {
        operationId: 'fetch_image',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          200: {
            description: 'the job',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Job' } } },
          },
        },
      },
    },
  },
});

const withSchemas = (document: string) => {
  const parsed = JSON.parse(document);
  parsed.components.schemas = {
    Job: {
      type: 'object',
      properties: {
        status: { type: 'string', enum: ['processing', 'completed', 'ERROR'] },
        id: { type: 'string' },
        eta: { type: 'number' },
        output: { type: 'array', items: { type: 'string' } },
      },
    },
  };
  return JSON.stringify(parsed);
};

interface AnotherService extends LoopbackServer {
  /** The statuses the receiver answered, per attempt. */
  readonly answered: number[];
  /** Fetches the toolkit made. */
  fetches: number;
  script: Script;
}

async function startAnotherService(): Promise<AnotherService> {
  const timers = new Set<NodeJS.Timeout>();
  let count = 0;
  const service = {
    answered: [] as number[],
    fetches: 0,
    script: { deliveries: [] } as Script,
  };
  const deliver = async (url: string, bodies: string[]) => {
    for (const body of bodies) {
      for (const backoff of [0, 50, 100, 200]) {
        await new Promise((resolve) => timers.add(setTimeout(resolve, backoff)));
        const status = await fetch(url, {
          method: 'POST',
          body,
          headers: { 'Content-Type': 'application/json' },
        })
          .then(async (response) => {
            await response.body?.cancel();
            return response.status;
          })
          .catch(() => 0);
        service.answered.push(status);
        if (status >= 200 && status < 300) break;
      }
    }
  };
  const server = createServer((request, response) => {
    receive(request, ({ url, body }) => {
      const origin = `http://${request.headers.host}`;
      const json = (status: number, value: unknown) =>
        response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
      if (url === '/openapi.json')
        return response.writeHead(200, { 'Content-Type': 'application/json' }).end(withSchemas(DOCUMENT));
      if (request.headers.authorization !== 'Bearer other-key') return json(401, { error: 'unauthorized' });
      if (url === '/v1/images/generate') {
        const input = JSON.parse(body) as { webhook?: string };
        const job = { id: `job-${++count}`, origin };
        const script = service.script;
        if (input.webhook) {
          const bodies = script.deliveries.map((make) => make(job));
          if (script.resendLast && bodies.length > 0) bodies.push(bodies.at(-1) as string);
          const webhook = input.webhook;
          timers.add(setTimeout(() => void deliver(webhook, bodies), 30));
        }
        return json(200, { status: 'processing', id: job.id, eta: 1 });
      }
      if (url.startsWith('/v1/images/fetch/')) {
        service.fetches += 1;
        return json(200, {
          status: 'completed',
          id: url.split('/').at(-1),
          output: [`${origin}/files/polled.png`],
        });
      }
      return json(404, { error: 'not found' });
    });
  });
  const listening = await listenOnLoopback(server, () => {
    for (const timer of timers) clearTimeout(timer);
  });
  return Object.assign(service, listening);
}

const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

async function setUp(script: Script): Promise<{ service: AnotherService; session: Session }> {
  const service = await startAnotherService();
  closing.push(() => service.close());
  service.script = script;
  const session = await connect({
    baseUrl: service.url,
    apiKey: 'other-key',
    discovery: { models: false },
    operations: { ids: ['generate_image', 'fetch_image'] },
  });
  closing.push(() => session.close());
  let receiver: ReturnType<typeof createWebhookReceiver> | undefined;
  const hooks = await listenOnLoopback(createServer((req, res) => receiver?.nodeHandler(req, res)));
  closing.push(() => hooks.close());
  receiver = createWebhookReceiver(session, { publicUrl: `${hooks.url}/incoming`, fallbackMarginMs: 2_000 });
  return { service, session };
}

const success = ({ id, origin }: { id: string; origin: string }) =>
  JSON.stringify({ id, status: 'completed', output: [`${origin}/files/${id}.png`] });

describe('webhooks from another service', () => {
  it('a progress event (202), then the result: the call resolves without a fetch', async () => {
    const { service, session } = await setUp({
      deliveries: [({ id }) => JSON.stringify({ id, status: 'processing', progress: 0.5 }), success],
    });
    const result = await session.call('generate_image', { prompt: 'a fox' });
    expect(result).toMatchObject({
      status: 'success',
      polls: 0,
      outputs: [{ url: expect.stringMatching(/job-1\.png$/) }],
    });
    await expect.poll(() => service.answered).toEqual([202, 200]);
    expect(service.fetches).toBe(0);
  });

  it('retries with backoff after a refused body, and the retry completes the call', async () => {
    const { service, session } = await setUp({
      // Its first attempt cut short on the way (not JSON); each retry sends the same bytes again,
      // so the receiver refuses them all; then the next delivery is whole.
      deliveries: [(job) => success(job).slice(0, 20), success],
    });
    const result = await session.call('generate_image', { prompt: 'a fox' });
    expect(result.status).toBe('success');
    await expect.poll(() => service.answered).toEqual([400, 400, 400, 400, 200]);
    expect(service.fetches).toBe(0);
  });

  it('a second attempt after its own timeout is acknowledged and ignored', async () => {
    const { service, session } = await setUp({ deliveries: [success], resendLast: true });
    const result = await session.call('generate_image', { prompt: 'a fox' });
    expect(result.status).toBe('success');
    await expect.poll(() => service.answered).toEqual([200, 200]);
    expect(service.fetches).toBe(0);
  });

  it('a failure in its own shape fails the call as a failed poll would, without a fetch', async () => {
    const { service, session } = await setUp({
      deliveries: [
        ({ id }) => JSON.stringify({ id, status: 'ERROR', error: { code: 'nsfw', message: 'Blocked' } }),
      ],
    });
    const failure = await session
      .call('generate_image', { prompt: 'a fox' })
      .catch((error: unknown) => error);
    expect(GenerationFailedError.isInstance(failure)).toBe(true);
    await expect.poll(() => service.answered).toEqual([200]);
    expect(service.fetches).toBe(0);
  });

  it('a result naming another job is refused on every retry, and the job is polled', async () => {
    const { service, session } = await setUp({
      deliveries: [({ origin }) => success({ id: 'job-999', origin })],
    });
    const result = await session.call('generate_image', { prompt: 'a fox' });
    expect(result).toMatchObject({
      status: 'success',
      outputs: [{ url: expect.stringMatching(/polled\.png$/) }],
    });
    await expect.poll(() => service.answered).toEqual([400, 400, 400, 400]);
    expect(service.fetches).toBe(1);
  });
});
