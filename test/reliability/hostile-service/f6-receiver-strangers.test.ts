/**
 * Issue 22, finding 6: the webhook receiver against senders that are not the service, and a
 * service whose deliveries are large.
 *
 * - 200 strangers each post 1 MiB to made-up tracks: each is answered 404 before its body is read,
 *   so the receiver does not grow by their bodies (it grew by 198 MB on main);
 * - strangers that trickle are answered at once (404), and a sender on a real track that
 *   trickles is cut off at `bodyTimeoutMs` (408);
 * - senders on a real track whose bodies together pass `maxInFlightBytes` are refused (503);
 * - the Web-standard `handle` does the same: a stranger's body stream is never pulled;
 * - a delivered 1 MB answer is dropped once the call it resolved took it (it stayed for the
 *   track's 24 h TTL: +77 MB after 40 deliveries).
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Session } from '../../../src/auth/index.js';
import type { ServiceDescription } from '../../../src/discovery/service-description.js';
import {
  createWebhookReceiver,
  MemoryWebhookStore,
  type WebhookReceiver,
  type WebhookReceiverOptions,
} from '../../../src/webhooks/index.js';
import { type LoopbackServer, listenOnLoopback, receive } from '../../support/loopback-server.js';
import { type HostileApiService, startServiceWithApi } from '../support/emulator-documents.js';
import { heapUsedAfterGc } from '../support/heap.js';
import { measureMemoryGrowth } from '../support/memory-growth.js';
import { serviceAt } from '../support/rebased-service.js';

const KEY = 'RECEIVER-KEY-93d0c1aa57';
const IMAGE = 'v7_images_text_to_image';
const MIB = 1024 * 1024;
/** One body for every sender, made before anything is measured. */
const ONE_MIB = Buffer.alloc(MIB, 0x61);

let hosted: HostileApiService;
let service: ServiceDescription;
let hooks: LoopbackServer;
let receiver: WebhookReceiver | undefined;
/** The callback URLs and track ids the service was given, in order. */
const given: { callback: string; trackId: string }[] = [];
/** What the service delivers for a prompt, before answering the submission. */
let deliveryBytes = 0;
let jobs = 0;

function answerApi(request: IncomingMessage, response: ServerResponse): void {
  receive(request, (received) => {
    const send = (body: unknown) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (received.url.startsWith('/api/v7/images/fetch/')) {
      send({
        status: 'success',
        id: received.url.split('/').pop(),
        output: ['https://cdn.example/polled.png'],
      });
      return;
    }
    const input = JSON.parse(received.body) as Record<string, unknown>;
    jobs += 1;
    const id = `job-${jobs}`;
    const callback = String(input.webhook);
    given.push({ callback, trackId: String(input.track_id) });
    if (deliveryBytes === 0) {
      send({ status: 'processing', id, eta: 60 });
      return;
    }
    const body = JSON.stringify({
      status: 'success',
      id,
      track_id: input.track_id,
      output: ['https://cdn.example/a.png'],
      padding: 'p'.repeat(deliveryBytes),
    });
    void fetch(callback, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      .then((answer) => answer.body?.cancel())
      .then(() => send({ status: 'processing', id, eta: 60 }));
  });
}

beforeAll(async () => {
  hosted = await startServiceWithApi(answerApi);
  service = await serviceAt(hosted.server.url);
  hooks = await listenOnLoopback(
    createServer((request, response) => {
      if (receiver) receiver.nodeHandler(request, response);
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

async function sessionWithReceiver(
  options: Omit<WebhookReceiverOptions, 'publicUrl'> = {},
): Promise<Session> {
  const session = await connect({ service, apiKey: KEY, operations: { ids: [IMAGE] } });
  sessions.push(session);
  receiver = createWebhookReceiver(session, { publicUrl: `${hooks.url}/hooks`, ...options });
  return session;
}

/** A real track's callback URL: a call handed back at once, its job still waiting for a delivery. */
async function liveCallback(session: Session): Promise<string> {
  deliveryBytes = 0;
  await session.call(IMAGE, { model_id: 'flux-dev', prompt: 'wait' }, { wait: false });
  return (given.at(-1) as { callback: string }).callback;
}

interface Sent {
  readonly status: number | undefined;
  /** Bytes the sender managed to write before it was answered. */
  readonly written: number;
  readonly answeredMs: number;
}

/**
 * Posts `total` bytes to `url` in `chunk`-byte pieces every `everyMs` (0: all at once), and
 * reports the answer's status (undefined when the connection was dropped without one).
 */
function post(url: string, options: { total: number; chunk?: number; everyMs?: number }): Promise<Sent> {
  const started = Date.now();
  return new Promise((resolve) => {
    let written = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let status: number | undefined;
    const done = () => {
      clearTimeout(timer);
      resolve({ status, written, answeredMs: Date.now() - started });
    };
    const request = httpRequest(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': options.total },
    });
    request.on('response', (response) => {
      status = response.statusCode;
      response.resume();
      response.on('end', done);
      response.on('error', done);
      request.destroy();
    });
    request.on('error', done);
    request.on('close', () => (status === undefined ? done() : undefined));
    const chunk = options.chunk ?? options.total;
    const write = () => {
      if (request.destroyed || written >= options.total) return;
      const size = Math.min(chunk, options.total - written);
      request.write(ONE_MIB.subarray(0, size));
      written += size;
      if (written < options.total) timer = setTimeout(write, options.everyMs ?? 0);
      else request.end();
    };
    write();
  });
}

/** Prints a measured figure when GENTK_FIGURES is set (for the before/after note). */
function figure(name: string, value: number): void {
  if (process.env.GENTK_FIGURES) process.stdout.write(`FIGURE ${name}: ${value.toFixed(1)}\n`);
}

/** A made-up but well-formed callback path: a track and a capability nobody gave out. */
function strangerUrl(index: number): string {
  const track = `t${String(index).padStart(21, '0')}`;
  return `${hooks.url}/hooks/${track}/gwh_${'A'.repeat(43)}`;
}

describe('strangers posting large bodies', () => {
  it('are answered 404 before their bodies are read: 200 senders of 1 MiB leave the receiver near its size', async () => {
    await sessionWithReceiver();
    const { outcome, growth } = await measureMemoryGrowth(() =>
      Promise.all(Array.from({ length: 200 }, (_, index) => post(strangerUrl(index), { total: MIB }))),
    );
    if (!('value' in outcome)) throw outcome.error;
    figure('200 strangers x 1 MiB: receiver array-buffer growth (MiB)', growth.arrayBufferBytes / MIB);
    expect(outcome.value.every((sent) => sent.status === 404 || sent.status === undefined)).toBe(true);
    expect(outcome.value.filter((sent) => sent.status === 404).length).toBeGreaterThan(150);
    // Their bodies together are 200 MiB; the receiver holds none of them.
    expect(growth.arrayBufferBytes).toBeLessThan(32 * MIB);
  });

  it('that trickle are answered at once, not when they finish', async () => {
    await sessionWithReceiver();
    const sent = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        post(strangerUrl(1000 + index), { total: 64 * 1024, chunk: 16, everyMs: 50 }),
      ),
    );
    expect(sent.every((one) => one.status === 404)).toBe(true);
    // Each would take 200 s to finish its body.
    expect(sent.every((one) => one.written < 64 * 1024)).toBe(true);
  });
});

describe('a sender on a real track', () => {
  it('that trickles is cut off at bodyTimeoutMs (408)', async () => {
    const session = await sessionWithReceiver({ bodyTimeoutMs: 300 });
    const callback = await liveCallback(session);
    const sent = await post(callback, { total: 64 * 1024, chunk: 16, everyMs: 50 });
    expect(sent.status).toBe(408);
    expect(sent.written).toBeLessThan(64 * 1024);
  });

  it('is refused (503) when the bodies being read together pass maxInFlightBytes', async () => {
    const session = await sessionWithReceiver({
      maxBodyBytes: MIB,
      maxInFlightBytes: 2 * MIB,
      bodyTimeoutMs: 5_000,
    });
    const callback = await liveCallback(session);
    // Six senders each send 512 KiB at once, then trickle: together they would hold 3 MiB.
    const sent = await Promise.all(
      Array.from({ length: 6 }, () =>
        post(callback, { total: MIB - 1024, chunk: 512 * 1024, everyMs: 2_000 }),
      ),
    );
    expect(sent.filter((one) => one.status === 503).length).toBeGreaterThan(0);
  });

  it('over maxBodyBytes is refused (413) without reading the rest', async () => {
    const session = await sessionWithReceiver({ maxBodyBytes: 64 * 1024 });
    const callback = await liveCallback(session);
    const sent = await post(callback, { total: MIB });
    expect(sent.status).toBe(413);
  });
});

describe('the Web-standard handle', () => {
  it('answers a stranger 404 without pulling its body', async () => {
    await sessionWithReceiver();
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(ONE_MIB);
      },
    });
    const answer = await (receiver as WebhookReceiver).handle(
      new Request(strangerUrl(7), { method: 'POST', body, duplex: 'half' } as RequestInit),
    );
    expect(answer.status).toBe(404);
    expect(pulled).toBeLessThanOrEqual(1);
  });
});

describe('delivered answers', () => {
  it('are dropped once the call they resolved took them', async () => {
    const store = new MemoryWebhookStore();
    const session = await sessionWithReceiver({ store, maxBodyBytes: 2 * MIB });
    deliveryBytes = MIB;
    await session.call(IMAGE, { model_id: 'flux-dev', prompt: 'warm up' });
    const before = await heapUsedAfterGc();
    const tracks: string[] = [];
    for (let call = 0; call < 20; call += 1) {
      const result = await session.call(IMAGE, { model_id: 'flux-dev', prompt: `delivered ${call}` });
      expect(result.status).toBe('success');
      tracks.push((given.at(-1) as { trackId: string }).trackId);
    }
    const grown = (await heapUsedAfterGc()) - before;
    figure('20 delivered answers of 1 MB: heap kept after GC (MiB)', grown / MIB);
    for (const trackId of tracks) expect((await store.get(trackId))?.delivery).toBeUndefined();
    // 20 answers of 1 MB each were delivered; none is kept.
    expect(grown).toBeLessThan(8 * MIB);
    deliveryBytes = 0;
  });
});
