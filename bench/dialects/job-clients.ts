/**
 * The two clients the toolkit is measured against on the dialect servers, each running jobs
 * the way people write them by hand: submit, wait the eta the answer gives, fetch, again while
 * it is processing. A 429 or 503 is retried after its `Retry-After` (1 s without one) at most
 * three times, as the official CLI does, then the call fails.
 *
 * - naive: sends as soon as it is asked;
 * - bottleneck: every request goes through one Bottleneck limiter fed from the answers' own
 *   rate-limit fields (read with the toolkit's parser, so that it is fed the same facts): its
 *   reservoir is set to what the server says is left, and refilled to the limit when the
 *   server says the window resets.
 * @module
 */
import type Bottleneck from 'bottleneck';
import { parseRateLimitFields, parseRetryAfter, type Transport } from '../../src/http/index.js';
import type { VirtualClock } from '../../test/support/virtual-clock.js';
import { bottleneckOn } from './virtual-bottleneck.js';

const RETRIES = 3;

export interface ClientRun {
  readonly failedCalls: number;
  /** Jobs submitted whose result the client never received. */
  readonly lostJobs: number;
}

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

type Send = (method: 'GET' | 'POST', url: URL) => Promise<Answer>;

/** One request, retried after refusals; undefined when it gave up. */
async function withRetries(send: Send, clock: VirtualClock, method: 'GET' | 'POST', url: URL) {
  for (let attempt = 0; attempt <= RETRIES; attempt += 1) {
    const answer = await send(method, url);
    if (answer.status !== 429 && answer.status !== 503) return answer.status === 200 ? answer : undefined;
    // (A 403 is no refusal to this client: it fails, as a hand-written client does.)
    if (attempt < RETRIES) await clock.sleep(Number(answer.body.retryAfterMs ?? 1_000));
  }
  return undefined;
}

/** `callers` callers running `jobs` jobs with `send`. */
async function runWith(
  send: Send,
  options: { clock: VirtualClock; baseUrl: string; jobs: number; callers: number },
): Promise<ClientRun> {
  const { clock } = options;
  let next = 0;
  let failedCalls = 0;
  let lostJobs = 0;
  const caller = async () => {
    while (next < options.jobs) {
      next += 1;
      const submitted = await withRetries(send, clock, 'POST', new URL('/v1/generations', options.baseUrl));
      if (!submitted) {
        failedCalls += 1;
        continue;
      }
      let answer: Answer | undefined = submitted;
      while (answer?.body.status === 'processing') {
        await clock.sleep(Number(answer.body.eta ?? 1) * 1000);
        answer = await withRetries(
          send,
          clock,
          'GET',
          new URL(`/v1/generations/${submitted.body.id}`, options.baseUrl),
        );
      }
      if (answer?.body.status !== 'success') {
        failedCalls += 1;
        lostJobs += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: options.callers }, caller));
  return { failedCalls, lostJobs };
}

/** A `send` over `transport`: JSON in, JSON out, the Retry-After read into the body as `retryAfterMs`. */
function sender(
  transport: Transport,
  clock: VirtualClock,
  key: string,
  onHeaders?: (headers: Headers, at: number) => void,
): Send {
  return async (method, url) => {
    const response = await transport({
      method,
      url,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      timeoutMs: 30_000,
      ...(method === 'POST' ? { body: '{"prompt":"a lighthouse"}' } : {}),
    });
    const receivedAt = clock.now();
    const headers = new Headers();
    for (const name of [
      'date',
      'retry-after',
      'ratelimit',
      'ratelimit-policy',
      'ratelimit-limit',
      'ratelimit-remaining',
      'ratelimit-reset',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
    ]) {
      const value = response.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    onHeaders?.(headers, receivedAt);
    let body: Record<string, unknown> = {};
    try {
      const parsed = JSON.parse(response.body) as unknown;
      if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
    } catch {
      // a refusal in plain text
    }
    const retryAfterMs = parseRetryAfter(headers.get('retry-after'), {
      date: headers.get('date'),
      receivedAt,
    });
    return { status: response.status, body: retryAfterMs === undefined ? body : { ...body, retryAfterMs } };
  };
}

export interface ClientOptions {
  readonly transport: Transport;
  readonly clock: VirtualClock;
  readonly baseUrl: string;
  readonly key: string;
  readonly jobs: number;
  readonly callers: number;
}

/** The naive client: fires at once. */
export function runNaive(options: ClientOptions): Promise<ClientRun> {
  return runWith(sender(options.transport, options.clock, options.key), options);
}

/**
 * The same client with every request scheduled through one Bottleneck configured by hand from
 * the limit the service documents (`settings`: a reservoir and its refill, or `maxConcurrent`).
 */
export async function runBottleneckConfigured(
  options: ClientOptions,
  settings: Readonly<Record<string, number | null>>,
): Promise<ClientRun> {
  const BottleneckOnClock = bottleneckOn(options.clock);
  const limiter: Bottleneck = new BottleneckOnClock({ maxConcurrent: null, minTime: 0, ...settings });
  const send = sender(options.transport, options.clock, options.key);
  try {
    return await runWith((method, url) => limiter.schedule(() => send(method, url)), options);
  } finally {
    await release(limiter);
  }
}

/**
 * Stops `limiter` and clears its heartbeat: `stop()` alone leaves the reservoir's `setInterval`
 * running (Bottleneck unrefs it on real time; on the virtual clock it is a sleeper that never
 * ends, so the clock kept jumping and the bench process spun instead of exiting).
 */
async function release(limiter: Bottleneck): Promise<void> {
  await limiter.stop({ dropWaitingJobs: true });
  await limiter.disconnect();
}

/** The same client with every request scheduled through one Bottleneck fed from the answers' fields. */
export async function runBottleneck(options: ClientOptions): Promise<ClientRun> {
  const BottleneckOnClock = bottleneckOn(options.clock);
  const limiter: Bottleneck = new BottleneckOnClock({ maxConcurrent: null, minTime: 0 });
  let refill: AbortController | undefined;
  const feed = (headers: Headers, receivedAt: number) => {
    const [fields] = parseRateLimitFields(headers, { receivedAt });
    if (fields?.remaining === undefined) return;
    void limiter.updateSettings({ reservoir: fields.remaining });
    if (fields.resetMs === undefined || fields.limit === undefined) return;
    // Refill to the limit when the server says the window resets (the last word wins).
    refill?.abort();
    refill = new AbortController();
    const limit = fields.limit;
    options.clock.sleep(fields.resetMs, refill.signal).then(
      () => void limiter.updateSettings({ reservoir: limit }),
      () => undefined,
    );
  };
  const send = sender(options.transport, options.clock, options.key, feed);
  try {
    return await runWith((method, url) => limiter.schedule(() => send(method, url)), options);
  } finally {
    refill?.abort();
    await release(limiter);
  }
}
