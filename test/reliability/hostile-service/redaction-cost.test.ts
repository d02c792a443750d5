/**
 * What redaction costs a hostile service can drive (issue 14, findings 4 and 5): error bodies
 * built to make a regular expression backtrack, and answers full of secret-named fields that
 * would make the redactor grow without end. Time must stay linear in the body (under 50 ms per
 * MB) and memory bounded however many answers come.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../src/auth/index.js';
import { HttpClient, REDACTED, Redactor, ServiceError } from '../../../src/http/index.js';
import { createToolSpecs } from '../../../src/tools/index.js';
import { type LoopbackServer, listenOnLoopback } from '../../support/loopback-server.js';
import { CANARY_KEY, CANARY_TOKEN } from '../support/canaries.js';
import { heapUsedAfterGc } from '../support/heap.js';
import { serviceAt } from '../support/rebased-service.js';
import { createSkippingClock } from '../support/skipping-clock.js';

const MB = 1_000_000;
/** The target for any adversarial body. */
const MS_PER_MB = 50;

/** Bodies that made (or could make) a backtracking expression take quadratic time or worse. */
function adversarialBodies(size: number): Record<string, string> {
  return {
    'a "code" of digits never closed': `{"message":"x","details":"\\"code\\":\\"${'1'.repeat(size)}"}`,
    'a "code" of digits as plain text': `"code":"${'7'.repeat(size)}`,
    'a secret field followed by endless blanks': `"password":${' '.repeat(size)}`,
    'an Authorization scheme followed by endless blanks': `Bearer${' '.repeat(size)}`,
    'a credential prefix repeated': 'gk_'.repeat(Math.floor(size / 3)),
    'secret field names over and over': '"token":"\\'.repeat(Math.floor(size / 10)),
    'query parameters over and over': '?key=&code='.repeat(Math.floor(size / 11)),
  };
}

/**
 * Milliseconds of this process's CPU time `work` took: unlike wall time, not stretched by other
 * processes on a shared machine.
 */
async function cpuMsOf(work: () => unknown): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000;
}

/** The fastest of three runs, in ms of CPU time: a run the garbage collector interrupted says little. */
async function fastestOf(work: () => unknown): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run += 1) best = Math.min(best, await cpuMsOf(work));
  return best;
}

describe('redacting an adversarial text', () => {
  const redactor = new Redactor();
  redactor.addSecret(CANARY_KEY);
  // Known secrets make the exact-value pass do real work on every character.
  for (let index = 0; index < 500; index += 1) redactor.learnSecret(`learned-${index}-${'s'.repeat(24)}`);

  it.each(Object.entries(adversarialBodies(MB)))('takes linear time: %s', async (_name, body) => {
    const elapsedMs = await fastestOf(() => {
      redactor.redact(body);
      redactor.redactValue({ message: body, details: [body] });
    });
    // Three passes over 1 MB: the text, then the object's two strings.
    expect(elapsedMs).toBeLessThan(3 * MS_PER_MB);
  });

  it('masks every known secret in one pass, the longest when one contains another', () => {
    const local = new Redactor();
    local.addSecret('abcdef');
    local.addSecret('abcdefghij');
    local.learnSecret('xyz123');
    expect(local.redact('1 abcdefghij 2 abcdef 3 xyz123xyz123 4 abcdefgh')).toBe(
      `1 ${REDACTED} 2 ${REDACTED} 3 ${REDACTED}${REDACTED} 4 ${REDACTED}gh`,
    );
    expect(local.maskKnown('abcdefghij and "code":"123456"')).toBe(`${REDACTED} and "code":"123456"`);
  });
});

describe('an error body of 400 KB with a long "code"', () => {
  let server: LoopbackServer;
  let body = '';
  beforeAll(async () => {
    server = await listenOnLoopback(
      createServer((request, response) => {
        request.resume();
        response.writeHead(422, { 'content-type': 'application/json' });
        response.end(body);
      }),
    );
  });
  afterAll(() => server?.close());

  it.each(Object.entries(adversarialBodies(400_000)))(
    'fails the call in well under a second: %s',
    async (_name, planned) => {
      body = planned;
      const client = new HttpClient({ baseUrl: server.url, retry: false, clock: createSkippingClock() });
      try {
        let error: unknown;
        // CPU time (the loopback server's included), not wall time: a loaded machine stretches
        // the wall, while a backtracking expression would spend seconds of CPU on 400 KB.
        const spentMs = await cpuMsOf(async () => {
          error = await client
            .request({ method: 'GET', url: '/thing', idempotency: 'safe' })
            .catch((caught: unknown) => caught);
        });
        expect(ServiceError.isInstance(error)).toBe(true);
        expect(spentMs).toBeLessThan(500);
      } finally {
        await client.close();
      }
    },
  );
});

describe('400 answers of 100 secret fields each', () => {
  const CALLS = 400;
  const FIELDS = 100;
  let server: LoopbackServer;
  let answered = 0;

  /** A page of 100 tokens, none seen before: each is withheld and learned by the redactor. */
  function answer(request: IncomingMessage, response: ServerResponse): void {
    request.resume();
    answered += 1;
    const items = Array.from({ length: FIELDS }, (_, index) => ({
      token: `tok-${answered}-${index}-${'q'.repeat(20)}`,
    }));
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ data: { items }, meta: { request_id: `r${answered}` } }));
  }

  beforeAll(async () => {
    server = await listenOnLoopback(createServer(answer));
  });
  afterAll(() => server?.close());

  it('keep the redactor bounded and each call as cheap as the first', async () => {
    const session = await connect({
      service: await serviceAt(server.url),
      apiKey: CANARY_KEY,
      auth: { token: CANARY_TOKEN, scopes: ['*'] },
      operations: { ids: ['get_wallet_balance'] },
      http: { clock: createSkippingClock() },
    });
    try {
      const tool = createToolSpecs(session, { mode: 'typed', maxDataChars: 100_000 }).tool(
        'get_wallet_balance',
      )!;
      const callMs: number[] = [];
      let heapAfterWarmUp = 0;
      for (let call = 0; call < CALLS; call += 1) {
        if (call === 50) heapAfterWarmUp = await heapUsedAfterGc();
        let result: unknown;
        callMs.push(
          await cpuMsOf(async () => {
            result = await tool.execute({});
          }),
        );
        expect(result).toMatchObject({ ok: true });
        // Every token was withheld from the model.
        expect(JSON.stringify(result)).not.toMatch(/tok-\d+-\d+-q/);
      }
      const heapGrowth = (await heapUsedAfterGc()) - heapAfterWarmUp;
      const { own, learned } = session.client.redactor.secretCounts;
      expect(learned).toBeLessThanOrEqual(512);
      expect(own).toBeLessThanOrEqual(2);
      expect(heapGrowth).toBeLessThan(10 * MB);
      // The last calls cost about what the first did (medians of CPU time): no cost that grows
      // with the answers seen. The bound on what is kept is asserted above; the margin is wide
      // because a shared machine's caches and collector move CPU time too.
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      expect(median(callMs.slice(-50))).toBeLessThan(8 * median(callMs.slice(50, 100)) + 10);
      // The newest tokens are still masked wherever they would show.
      expect(session.client.redactor.redact(`tok-${answered}-99-${'q'.repeat(20)}`)).toBe(REDACTED);
    } finally {
      await session.close();
    }
  });
});
