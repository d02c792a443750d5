/**
 * Issue 22: a charging call that may have reached the service (a proxy's 502 after the body was
 * sent) was settled at its estimate at once, whatever the service had done. Its reservation now
 * holds until the ledger settles it (with what the ledger shows for the call's idempotency key, 0
 * when the ledger names its entries' keys and not this one) or until its time runs out (then at
 * the estimate). Against a keyed render service of our own whose proxy answers 502: once after
 * charging, once without charging, and once with a ledger that cannot be read.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../../src/http/index.js';
import { connect, ServiceError, type Session } from '../../../src/index.js';
import { MemoryBudgetStore } from '../../../src/spend.js';
import { type LoopbackServer, listenOnLoopback, receive } from '../../support/loopback-server.js';
import { answerWithEmulatorDocument } from '../support/emulator-documents.js';
import { keyedOpenApi } from '../support/keyed-openapi.js';

const IMAGE = 'v7_images_text_to_image';
const LEDGER = 'get_wallet_transactions';
/** What the feed says a render costs, and what the service actually charges for one. */
const PRICE = 0.05;
const CHARGED = 0.03;

let emulator: Emulator;
let server: LoopbackServer;
/** The ledger: one entry per charge, each naming the idempotency key of the request that made it. */
const entries: Array<Record<string, unknown>> = [];
let ledgerReadable = true;
let ledgerReads = 0;

const json = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

function answerRender(request: IncomingMessage, response: ServerResponse): void {
  receive(request, (received) => {
    const key = String(received.headers['idempotency-key']);
    const prompt = String((JSON.parse(received.body || '{}') as { prompt?: unknown }).prompt);
    // The service charges (or not) and queues the job; the proxy in front of it answers 502.
    if (prompt.startsWith('charged') && !entries.some((entry) => entry.idempotency_key === key))
      entries.push({
        type: 'debit',
        amount: CHARGED,
        reference: `job-${entries.length}`,
        idempotency_key: key,
        created_at: new Date().toISOString(),
      });
    response.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>502 Bad Gateway</body></html>');
  });
}

beforeAll(async () => {
  emulator = await startEmulator({ clock: 'manual' });
  server = await listenOnLoopback(
    createServer((request, response) => {
      const origin = `http://${request.headers.host}`;
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      if (path.startsWith('/api/v7/')) answerRender(request, response);
      else if (path.endsWith('/wallet/transactions')) {
        ledgerReads += 1;
        if (ledgerReadable) json(response, 200, { data: entries });
        else response.writeHead(503, { 'content-type': 'text/plain' }).end('ledger offline');
      } else if (path === '/openapi.json')
        void keyedOpenApi(emulator, origin, IMAGE).then((text) =>
          response.writeHead(200, { 'content-type': 'application/json' }).end(text),
        );
      else if (path === '/models-feed')
        json(response, 200, {
          data: [{ model_id: 'flux-dev', category: 'image', price: PRICE, billing_unit: 'image', plans: [] }],
        });
      else void answerWithEmulatorDocument(emulator, request, response, origin);
    }),
  );
});
afterAll(async () => {
  await server?.close();
  await emulator?.close();
});

/** A clock the test moves by hand; its waits take no real time. */
function handClock(): Clock & { advance(ms: number): void } {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    sleep: (ms) =>
      new Promise((resolve) => {
        offset += Math.max(0, ms);
        setImmediate(resolve);
      }),
    advance: (ms) => {
      offset += ms;
    },
  };
}

const sessions: Session[] = [];
afterAll(() => Promise.all(sessions.map((session) => session.close())));

async function session(clock = handClock()): Promise<Session> {
  const made = await connect({
    baseUrl: server.url,
    apiKey: 'ambiguous-key-1234',
    auth: { token: 'tok-ledger-0123456789', scopes: ['wallet:read'] },
    operations: { ids: [IMAGE, LEDGER] },
    budget: { amount: 1, store: new MemoryBudgetStore(() => clock.now()), reservationTtlMs: 3_600_000 },
    http: { clock },
  });
  sessions.push(made);
  return made;
}

const call = (agent: Session, prompt: string) =>
  agent.call(IMAGE, { model_id: 'flux-dev', prompt }).catch((error: unknown) => error);

describe('an ambiguous charge is corrected from the ledger', () => {
  it('a 502 after charging settles at what the ledger shows, not the estimate', async () => {
    ledgerReadable = true;
    // An earlier funding, keyed like every entry: this ledger names the keys of what it records.
    entries.splice(0, entries.length, {
      type: 'credit',
      amount: 10,
      reference: 'fund-1',
      idempotency_key: 'k-fund',
    });
    const agent = await session();
    const failure = await call(agent, 'charged fox');
    expect(ServiceError.isInstance(failure) && failure.httpStatus).toBe(502);
    expect(await agent.spend()).toMatchObject({ reserved: 0, settled: CHARGED });
  });

  it('a 502 without charging settles at 0: the ledger names other calls’ keys and not this one', async () => {
    ledgerReadable = true;
    entries.splice(0, entries.length, {
      type: 'credit',
      amount: 10,
      reference: 'fund-1',
      idempotency_key: 'k-fund',
    });
    const agent = await session();
    await call(agent, 'lost fox');
    await call(agent, 'another lost fox');
    expect(await agent.spend()).toMatchObject({ reserved: 0, settled: 0, left: 1 });
  });

  it('an unreadable ledger: the reservation holds, a later read corrects it, and expiry settles at the estimate', async () => {
    entries.splice(0, entries.length, {
      type: 'credit',
      amount: 10,
      reference: 'fund-1',
      idempotency_key: 'k-fund',
    });
    ledgerReadable = false;
    const clock = handClock();
    const agent = await session(clock);
    await call(agent, 'charged fox one');
    await call(agent, 'charged fox two');
    // Held, neither released nor settled: the budget still counts both estimates.
    expect(await agent.spend()).toMatchObject({ reserved: 2 * PRICE, settled: 0 });
    // The ledger comes back: the first read settles both at what they charged.
    ledgerReadable = true;
    expect(await agent.spend()).toMatchObject({ reserved: 0, settled: 2 * CHARGED });

    // Offline for good: an hour on (the reservation's time), the estimate settles it.
    ledgerReadable = false;
    const fresh = await session(clock);
    await call(fresh, 'lost fox for good');
    expect(await fresh.spend()).toMatchObject({ reserved: PRICE, settled: 0 });
    const reads = ledgerReads;
    clock.advance(3_600_000);
    expect(await fresh.spend()).toMatchObject({ reserved: 0, settled: PRICE });
    // Past its time it is settled without asking the ledger, and nothing waits any more.
    expect(ledgerReads).toBe(reads);
    await fresh.spend();
    expect(ledgerReads).toBe(reads);
  });
});
