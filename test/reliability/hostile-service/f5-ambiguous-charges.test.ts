/**
 * Issue 22, finding 5, against a service of our own whose generation operation takes an
 * `Idempotency-Key` and charges once per key, and whose answers reach the caller through a proxy
 * that fails after the service acted: the job is queued and charged, then the proxy answers 502.
 *
 * - 12 calls against a budget for 5: the budget counts each ambiguous call (spend() was $0 while
 *   the ledger showed 12 charges), so the sixth is refused before it is sent: 5 charges at most;
 * - the error and the tool result say the call may have been charged, and the same call made
 *   again is sent with the same idempotency key (a new call with a new one);
 * - the model feed's odd prices: `"0.0000002junk"`, `"-0"`, `"2e-7"` are no price; a model listed
 *   twice (priced 0 first) takes its highest price; a sub-micro price rounds up, never to 0.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Session } from '../../../src/auth/index.js';
import { BudgetExceededError, ServiceError } from '../../../src/index.js';
import { createToolSpecs } from '../../../src/tools/index.js';
import { type LoopbackServer, listenOnLoopback, receive } from '../../support/loopback-server.js';
import { answerWithEmulatorDocument } from '../support/emulator-documents.js';
import { keyedOpenApi } from '../support/keyed-openapi.js';
import { createSkippingClock } from '../support/skipping-clock.js';

const IMAGE = 'v7_images_text_to_image';
const PRICE = 0.01;

let emulator: Emulator;
let server: LoopbackServer;
/** The idempotency key of every submission the service received, in order. */
const keys: string[] = [];
/** Charges the service recorded: one per idempotency key, as a keyed service does. */
const ledger = new Map<string, number>();

const FEED = [
  { model_id: 'flux-dev', category: 'image', price: PRICE, billing_unit: 'image', plans: [] },
  { model_id: 'junk-price', category: 'image', price: '0.0000002junk', billing_unit: 'image', plans: [] },
  { model_id: 'minus-zero', category: 'image', price: '-0', billing_unit: 'image', plans: [] },
  { model_id: 'exponent', category: 'image', price: '2e-7', billing_unit: 'image', plans: [] },
  { model_id: 'listed-twice', category: 'image', price: 0, billing_unit: 'image', plans: [] },
  { model_id: 'listed-twice', category: 'image', price: '0.004', billing_unit: 'image', plans: [] },
  { model_id: 'sub-micro', category: 'image', price: '0.0000002', billing_unit: 'image', plans: [] },
];

function answerApi(request: IncomingMessage, response: ServerResponse): void {
  receive(request, (received) => {
    const key = String(received.headers['idempotency-key'] ?? `unkeyed-${keys.length}`);
    keys.push(key);
    const prompt = String((JSON.parse(received.body || '{}') as { prompt?: unknown }).prompt);
    // The service queues and charges the job (once per key)...
    if (!ledger.has(key)) ledger.set(key, PRICE);
    if (prompt === 'answered') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          status: 'success',
          id: `job-${keys.length}`,
          output: ['https://cdn.example/a.png'],
        }),
      );
      return;
    }
    // ...then the proxy in front of it fails.
    response.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>502 Bad Gateway</body></html>');
  });
}

beforeAll(async () => {
  emulator = await startEmulator({ clock: 'manual' });
  server = await listenOnLoopback(
    createServer((request, response) => {
      const origin = `http://${request.headers.host}`;
      const path = (request.url ?? '/').split('?')[0];
      if (path?.startsWith('/api/v7/')) answerApi(request, response);
      else if (path === '/openapi.json')
        void keyedOpenApi(emulator, origin, IMAGE).then((text) =>
          response.writeHead(200, { 'content-type': 'application/json' }).end(text),
        );
      else if (path === '/models-feed')
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: FEED }));
      else void answerWithEmulatorDocument(emulator, request, response, origin);
    }),
  );
});
afterAll(async () => {
  await server?.close();
  await emulator?.close();
});

const sessions: Session[] = [];
afterAll(() => Promise.all(sessions.map((session) => session.close())));

async function session(budgetAmount: number): Promise<Session> {
  const made = await connect({
    baseUrl: server.url,
    apiKey: 'ambiguous-key-1234',
    operations: { ids: [IMAGE] },
    budget: { amount: budgetAmount },
    http: { clock: createSkippingClock() },
  });
  sessions.push(made);
  return made;
}

const input = (prompt: string, model_id = 'flux-dev') => ({ model_id, prompt });

describe('a charge the proxy hides behind a 502', () => {
  it('is counted by the budget: 12 calls against a budget for 5 charge at most 5', async () => {
    ledger.clear();
    const agent = await session(5 * PRICE);
    const outcomes: unknown[] = [];
    for (let call = 0; call < 12; call += 1)
      outcomes.push(await agent.call(IMAGE, input(`fox ${call}`)).catch((error: unknown) => error));
    const spent = await agent.spend();
    const charged = [...ledger.values()].reduce((total, amount) => total + amount, 0);
    if (process.env.GENTK_FIGURES)
      process.stdout.write(
        `FIGURE ledger ${charged.toFixed(2)} (${ledger.size} charges) vs spend() settled ${spent?.settled} reserved ${spent?.reserved}\n`,
      );
    expect(ledger.size).toBeLessThanOrEqual(5);
    // Held until a ledger or their time settles them (this session reads no ledger): counted.
    expect((spent?.settled ?? 0) + (spent?.reserved ?? 0)).toBeCloseTo(charged, 6);
    expect(
      outcomes.slice(0, 5).every((outcome) => ServiceError.isInstance(outcome) && outcome.httpStatus === 502),
    ).toBe(true);
    expect(outcomes.slice(5).every((outcome) => BudgetExceededError.isInstance(outcome))).toBe(true);
  });

  it('tells the model the call may have been charged, and a retry of the same call reuses its idempotency key', async () => {
    const tools = createToolSpecs(await session(1), { mode: 'typed' });
    const tool = tools.tool(IMAGE);
    const first = await tool!.execute(input('the same fox'));
    const firstKey = keys.at(-1);
    expect(first).toMatchObject({ ok: false, possiblyCharged: true });
    expect((first as { hint: string }).hint).toMatch(/may have been charged/);
    expect((first as { hint: string }).hint).toMatch(/same idempotency key/);
    expect((first as { hint: string }).hint).not.toMatch(/Trying again later may work/);
    await tool!.execute(input('the same fox'));
    expect(keys.at(-1)).toBe(firstKey);
    await tool!.execute(input('another fox'));
    expect(keys.at(-1)).not.toBe(firstKey);
  });

  it('a call answered in full gets a fresh key next time', async () => {
    const agent = await session(1);
    await agent.call(IMAGE, input('answered'));
    const answeredKey = keys.at(-1);
    await agent.call(IMAGE, input('answered'));
    expect(keys.at(-1)).not.toBe(answeredKey);
  });
});

describe('prices the feed writes oddly', () => {
  it('are unknown unless plain decimal numbers; a model listed twice costs its highest price; sub-micro rounds up', async () => {
    const agent = await session(1);
    for (const model of ['junk-price', 'minus-zero', 'exponent'])
      expect(await agent.estimate(IMAGE, input('a fox', model)), model).toMatchObject({ kind: 'unknown' });
    expect(await agent.estimate(IMAGE, input('a fox', 'listed-twice'))).toMatchObject({
      kind: 'priced',
      amount: 0.004,
    });
    const tiny = await agent.estimate(IMAGE, input('a fox', 'sub-micro'));
    expect(tiny.kind).toBe('priced');
    expect(tiny.amount).toBeGreaterThan(0);
  });
});
