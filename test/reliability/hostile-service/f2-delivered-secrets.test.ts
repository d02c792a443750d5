/**
 * Issue 22, finding 2: a service that delivers a job's final answer by webhook and puts the
 * session's API key and the job's own callback URL (its capability) in it, as a failure
 * (`status: "error"`) and as a success. Whatever way the answer came (delivered or polled), the
 * key and the capability appear nowhere: not in `GenerationFailedError`'s message, `toJSON()` or
 * fields, not in the tool result the model reads, not in a success body, event or console line.
 *
 * And a session that has made many tracks since: a finished job's spent callback URL, echoed
 * after hundreds of secrets were learned from answers, is still masked (capabilities are masked
 * by their shape, not from a bounded list of recent values).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Session } from '../../../src/auth/index.js';
import type { ServiceDescription } from '../../../src/discovery/service-description.js';
import { GenerationFailedError } from '../../../src/http/index.js';
import { createToolSpecs } from '../../../src/tools/index.js';
import { createWebhookReceiver } from '../../../src/webhooks/index.js';
import { type LoopbackServer, listenOnLoopback, receive } from '../../support/loopback-server.js';
import { type HostileApiService, startServiceWithApi } from '../support/emulator-documents.js';
import { serviceAt } from '../support/rebased-service.js';
import { SecretCollector } from '../support/secret-collector.js';
import { createSkippingClock } from '../support/skipping-clock.js';
import { watchFile } from '../support/watch-file.js';

const KEY = 'DELIVERY-KEY-4b1f9a77c2';
const IMAGE = 'v7_images_text_to_image';

const collector = new SecretCollector([KEY]);
const watch = watchFile(collector);
/** Every callback URL the service was given: each is a secret of the session. */
const callbacks: string[] = [];

let hosted: HostileApiService;
let service: ServiceDescription;
let hooks: LoopbackServer;
let receiverHandler: ((request: IncomingMessage, response: ServerResponse) => void) | undefined;
let jobs = 0;

/** Posts `body` to the callback the session gave, and waits for the receiver's answer. */
async function deliver(callback: string, body: Record<string, unknown>): Promise<void> {
  const response = await fetch(callback, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.body?.cancel();
  expect(response.status).toBe(200);
}

/** The final answer the service delivers, by the prompt it was asked. */
function finalAnswer(
  prompt: string,
  id: string,
  callback: string,
  trackId: unknown,
): Record<string, unknown> {
  const words = `key ${KEY} was used; results were posted to ${callback}`;
  if (prompt === 'fail')
    return { status: 'error', id, track_id: trackId, message: words, error: { details: words } };
  return {
    status: 'success',
    id,
    track_id: trackId,
    note: words,
    output: [`${new URL(callback).origin}/cdn/${id}.png?hook=${encodeURIComponent(callback)}`],
  };
}

function answerApi(request: IncomingMessage, response: ServerResponse): void {
  receive(request, (received) => {
    const send = (body: unknown) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (received.url.startsWith('/api/v7/images/fetch/')) {
      // Polls never finish the job: only the delivery does.
      send({ status: 'processing', id: received.url.split('/').pop(), eta: 60 });
      return;
    }
    const input = JSON.parse(received.body) as Record<string, unknown>;
    jobs += 1;
    const id = `job-${jobs}`;
    const prompt = String(input.prompt);
    if (prompt === 'secrets') {
      // Hundreds of secret-named fields: the redactor learns them, the oldest are forgotten.
      const secrets = Array.from({ length: 700 }, (_, index) => ({
        token: `learned-${index}-${'x'.repeat(12)}`,
      }));
      send({ status: 'success', id, secrets, echo: callbacks[0] });
      return;
    }
    const callback = String(input.webhook);
    callbacks.push(callback);
    // Delivered before the submission is answered: the track holds the answer when the call watches it.
    void deliver(callback, finalAnswer(prompt, id, callback, input.track_id)).then(() =>
      send({ status: 'processing', id, eta: 60 }),
    );
  });
}

beforeAll(async () => {
  hosted = await startServiceWithApi(answerApi);
  service = await serviceAt(hosted.server.url);
  hooks = await listenOnLoopback(
    createServer((request, response) => {
      if (receiverHandler) receiverHandler(request, response);
      else response.writeHead(404).end();
    }),
  );
});
afterAll(async () => {
  await hooks?.close();
  await hosted?.close();
});

const sessions: Session[] = [];
afterAll(() => Promise.all(sessions.map((session) => session.close())));

async function sessionWithReceiver(): Promise<Session> {
  const session = await connect({
    service,
    apiKey: KEY,
    operations: { ids: [IMAGE] },
    http: {
      clock: createSkippingClock(),
      onEvent: (event) => collector.record('http event', event),
      onWarning: (warning) => collector.record('warning', warning),
    },
  });
  sessions.push(session);
  const receiver = createWebhookReceiver(session, { publicUrl: `${hooks.url}/hooks` });
  receiverHandler = receiver.nodeHandler;
  return session;
}

/** Every secret of the session so far: the key and each callback URL's capability. */
function secretsShown(text: string): string[] {
  const capabilities = callbacks.map((callback) => callback.split('/').pop() as string);
  return [KEY, ...capabilities].filter((secret) => text.includes(secret));
}

describe('a failure delivered by webhook', () => {
  it('reaches GenerationFailedError without the key or the capability, in message, fields and toJSON()', async () => {
    const session = await sessionWithReceiver();
    const error = await session
      .call(IMAGE, { model_id: 'flux-dev', prompt: 'fail' })
      .catch((caught: unknown) => caught);
    collector.record('session.call error', error);
    expect(GenerationFailedError.isInstance(error)).toBe(true);
    const failure = error as GenerationFailedError;
    expect(failure.message).toContain('key [REDACTED] was used');
    expect(failure.message).toContain('/hooks/');
    for (const text of [
      failure.message,
      String(failure.stack),
      JSON.stringify(failure),
      JSON.stringify(failure.toJSON()),
    ])
      expect(secretsShown(text)).toEqual([]);
  });

  it('reaches the model through a tool without the key or the capability', async () => {
    const tools = createToolSpecs(await sessionWithReceiver(), { mode: 'typed' });
    const result = await tools.tool(IMAGE)!.execute({ model_id: 'flux-dev', prompt: 'fail' });
    collector.record('tool result (fail)', result);
    expect(result).toMatchObject({ ok: false, code: 'generation_failed' });
    expect(secretsShown(JSON.stringify(result))).toEqual([]);
  });
});

describe('a success delivered by webhook', () => {
  it('reaches session.call and the tool with the key and the capability masked', async () => {
    const session = await sessionWithReceiver();
    const result = await session.call(IMAGE, { model_id: 'flux-dev', prompt: 'ok' });
    collector.record('session.call result', result);
    expect(result.status).toBe('success');
    expect(secretsShown(JSON.stringify(result))).toEqual([]);
    const tools = createToolSpecs(session, { mode: 'typed' });
    const tool = await tools.tool(IMAGE)!.execute({ model_id: 'flux-dev', prompt: 'ok' });
    collector.record('tool result (ok)', tool);
    expect(tool).toMatchObject({ ok: true, status: 'success' });
    expect(secretsShown(JSON.stringify(tool))).toEqual([]);
  });
});

describe('a spent callback URL, after hundreds of secrets were learned', () => {
  it('is still masked when an answer echoes it', async () => {
    const tools = createToolSpecs(await sessionWithReceiver(), { mode: 'typed' });
    await tools.tool(IMAGE)!.execute({ model_id: 'flux-dev', prompt: 'ok' });
    const flooded = await tools.tool(IMAGE)!.execute({ model_id: 'flux-dev', prompt: 'secrets' });
    collector.record('tool result (secrets)', flooded);
    expect(callbacks.length).toBeGreaterThan(0);
    expect(JSON.stringify(flooded)).toContain('/hooks/');
    expect(secretsShown(JSON.stringify(flooded))).toEqual([]);
  });
});

describe('everything the suite saw', () => {
  it('holds the key nowhere', () => {
    expect(collector.checked).toBeGreaterThan(10);
    expect(collector.leaks()).toEqual([]);
    expect(watch.escaped).toEqual([]);
  });
});
