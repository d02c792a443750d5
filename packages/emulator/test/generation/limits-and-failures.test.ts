import { type Emulator, type ManualClock, startEmulator } from 'generation-agent-toolkit-emulator';
import { parseList } from 'structured-headers';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, send } from '../../../../test/support/http.js';
import type { EmulatorOptions } from '../../src/options.js';

let emulator: Emulator | undefined;
async function start(options: EmulatorOptions = {}) {
  emulator = await startEmulator({ clock: 'manual', ...options });
  return emulator;
}
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

describe('credits', () => {
  it('refuses with 402 when the wallet cannot pay, and charges nothing', async () => {
    const e = await start();
    const poor = e.createAccount({ credits: 0.05 });
    const answer = await send(`${e.url}/api/v8/video/text-to-video`, {
      headers: bearer(poor.apiKey),
      body: { model_id: 'veo-3', prompt: 'a storm' },
    });
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({ status: 'error' });
    expect(answer.body.message).toMatch(/Insufficient credits/);
    expect(e.inspect(poor.email)?.balance).toBe(0.05);
  });

  it('charges per image and refunds a failed job', async () => {
    const e = await start({ faults: { jobFailureRate: 1 }, jobDurations: { image: 10 } });
    const account = e.createAccount({ credits: 1 });
    const queued = await send(`${e.url}/api/v7/images/text-to-image`, {
      headers: bearer(account.apiKey),
      body: { model_id: 'flux-dev', prompt: 'x', samples: 3 },
    });
    expect(e.inspect(account.email)?.balance).toBeCloseTo(0.94);
    (e.clock as ManualClock).advance(10_000);
    const failed = await send(queued.body.fetch_result as string, {
      headers: bearer(account.apiKey),
      body: {},
    });
    expect(failed.body).toMatchObject({ status: 'failed', id: queued.body.id });
    expect(failed.body.message).toMatch(/failed/);
    expect(e.inspect(account.email)?.balance).toBeCloseTo(1);
    expect(e.inspect(account.email)?.usage.at(-1)?.status).toBe('failed');
  });

  it('keeps a stuck job processing forever', async () => {
    const e = await start({ faults: { stuckJobRate: 1 } });
    const account = e.createAccount();
    const queued = await send(`${e.url}/api/v7/voice/music-gen`, {
      headers: bearer(account.apiKey),
      body: { prompt: 'jazz' },
    });
    (e.clock as ManualClock).advance(3_600_000);
    const still = await send(queued.body.fetch_result as string, {
      headers: bearer(account.apiKey),
      body: {},
    });
    expect(still.body.status).toBe('processing');
  });
});

describe('the queue limit', () => {
  it('refuses the request past the limit with the production message and Retry-After', async () => {
    const e = await start({ queueLimit: 2, jobDurations: { video: 60 } });
    const account = e.createAccount();
    const submit = () =>
      send(`${e.url}/api/v6/video/text2video`, { body: { key: account.apiKey, prompt: 'clouds' } });
    expect((await submit()).body.status).toBe('processing');
    expect((await submit()).body.status).toBe('processing');
    const refused = await submit();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      status: 'error',
      message: 'Rate limit exceeded. Maximum 2 queued requests allowed.',
      retry_after: 30,
    });
    expect(refused.headers.get('retry-after')).toBe('30');
    (e.clock as ManualClock).advance(60_000);
    expect((await submit()).body.status).toBe('processing');
  });
});

describe('the rate limit', () => {
  it('counts requests per account, sends every field generation, and answers 429 with Retry-After past the quota', async () => {
    const e = await start({
      rateLimits: { generation: { limit: 3, windowSeconds: 60 } },
      retryAfterFormat: 'http-date',
    });
    const account = e.createAccount();
    const call = () => send(`${e.url}/api/v7/llm/v1/models`, { headers: bearer(account.apiKey) });
    const first = await call();
    expect(first.headers.get('ratelimit-limit')).toBe('3');
    expect(first.headers.get('ratelimit-remaining')).toBe('2');
    const [policy] = parseList(first.headers.get('ratelimit-policy') ?? '');
    expect(policy?.[0]).toBe('generation');
    expect(policy?.[1].get('q')).toBe(3);
    expect(policy?.[1].get('w')).toBe(60);
    const [current] = parseList(first.headers.get('ratelimit') ?? '');
    expect(current?.[1].get('r')).toBe(2);
    expect(first.headers.get('x-ratelimit-remaining')).toBe('2');
    await call();
    await call();
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(refused.body.status).toBe('error');
    const retryAt = Date.parse(refused.headers.get('retry-after') ?? '');
    const now = Date.parse(refused.headers.get('date') ?? '');
    expect(retryAt - now).toBeGreaterThan(0);
    expect(retryAt - now).toBeLessThanOrEqual(60_000);
    // another account has its own quota
    const other = e.createAccount();
    expect((await send(`${e.url}/api/v7/llm/v1/models`, { headers: bearer(other.apiKey) })).status).toBe(200);
    (e.clock as ManualClock).advance(60_000);
    expect((await call()).status).toBe(200);
  });
});

describe('input errors', () => {
  it('answer HTTP 200 with status error by default (production habit), naming each field', async () => {
    const e = await start();
    const account = e.createAccount();
    const answer = await send(`${e.url}/api/v6/images/text2img`, {
      body: { key: account.apiKey, width: 'wide', samples: 99 },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('error');
    expect(answer.body.message).toMatch(/prompt is required/);
    expect(answer.body.errors).toHaveProperty('width');
    expect(answer.body.errors).toHaveProperty('samples');
  });

  it('answer 422, `messege` and numbers as strings when the quirks say so', async () => {
    const e = await start({ quirks: { http200Errors: false, messegeTypo: true, numbersAsStrings: true } });
    const account = e.createAccount();
    const bad = await send(`${e.url}/api/v6/video/text2video`, { body: { key: account.apiKey } });
    expect(bad.status).toBe(422);
    expect(bad.body).toHaveProperty('messege');
    expect(bad.body).not.toHaveProperty('message');
    const queued = await send(`${e.url}/api/v6/video/text2video`, {
      body: { key: account.apiKey, prompt: 'x' },
    });
    expect(typeof queued.body.id).toBe('string');
    expect(typeof queued.body.eta).toBe('string');
  });

  it('refuse missing and wrong keys with 401', async () => {
    const e = await start();
    const none = await send(`${e.url}/api/v7/images/text-to-image`, { body: { model_id: 'm', prompt: 'x' } });
    expect(none.status).toBe(401);
    expect(none.body.message).toMatch(/Missing API key/);
    const wrong = await send(`${e.url}/api/v7/images/text-to-image`, {
      headers: bearer('gk_not-a-key'),
      body: { model_id: 'm', prompt: 'x' },
    });
    expect(wrong.status).toBe(401);
  });

  it('never crash on garbage', async () => {
    const e = await start({ maxBodyBytes: 64 * 1024 });
    const account = e.createAccount();
    const url = `${e.url}/api/v6/images/text2img`;
    const answers = await Promise.all([
      send(url, { raw: '{"prompt": ', headers: { 'Content-Type': 'application/json' } }),
      send(url, {
        raw: '[1,2,3]',
        headers: { 'Content-Type': 'application/json', ...bearer(account.apiKey) },
      }),
      send(url, { raw: 'x'.repeat(200_000), headers: { 'Content-Type': 'application/json' } }),
      send(url, { body: { key: account.apiKey, prompt: { nested: ['deep'] }, width: null } }),
      send(url, { body: { key: 42 } }),
      send(url, { raw: '\u0000\u0001', headers: { 'Content-Type': 'application/octet-stream' } }),
      send(`${e.url}/api/v7/images/fetch/%E0%A4%A`, { body: {}, headers: bearer(account.apiKey) }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBeLessThan(500);
      expect(answer.body).toHaveProperty('status', 'error');
    }
    expect(answers[2]?.status).toBe(413);
  });
});

describe('versioning', () => {
  it('marks v6 deprecated with Deprecation, a Sunset at least 90 days later, and a Link to the policy', async () => {
    const e = await start();
    const account = e.createAccount();
    const v6 = await send(`${e.url}/api/v6/voice/voice_list`, { body: { key: account.apiKey } });
    expect(v6.headers.get('service-api-version')).toBe('v6');
    expect(v6.headers.get('service-api-lifecycle')).toBe('deprecated');
    const deprecation = Number((v6.headers.get('deprecation') ?? '').replace('@', '')) * 1000;
    const sunset = Date.parse(v6.headers.get('sunset') ?? '');
    expect(sunset - deprecation).toBeGreaterThanOrEqual(90 * 86_400_000);
    expect(v6.headers.get('link')).toContain('/api-deprecation-policy>; rel="deprecation"');
    const v7 = await send(`${e.url}/api/v7/llm/v1/models`, { headers: bearer(account.apiKey) });
    expect(v7.headers.get('service-api-lifecycle')).toBe('stable');
    expect(v7.headers.get('deprecation')).toBeNull();
  });
});

describe('auto-funding', () => {
  it('tops the wallet up from the card once a generation takes the balance under the threshold', async () => {
    const e = await start({ rateLimits: { auth: { limit: 100, windowSeconds: 60 } } });
    const account = e.createAccount({ credits: 5.1 });
    const login = await send(`${e.url}/api/agents/v1/auth/login`, {
      body: { email: account.email, password: account.password },
    });
    const token = (login.body.data as { access_token: string }).access_token;
    await send(`${e.url}/api/agents/v1/billing/payment-methods`, {
      headers: bearer(token),
      body: { payment_method: 'pm_card_visa' },
    });
    const setting = await send(`${e.url}/api/agents/v1/wallet/auto-funding`, {
      method: 'PUT',
      headers: bearer(token),
      body: { threshold: 5, amount: 20 },
    });
    expect(setting.status).toBe(200);
    await send(`${e.url}/api/v8/video/text-to-video`, {
      headers: bearer(account.apiKey),
      body: { model_id: 'veo-3', prompt: 'x' },
    });
    expect(e.inspect(account.email)?.balance).toBeCloseTo(5.1 - 0.25 + 20);
    expect(e.inspect(account.email)?.transactions.at(-1)).toMatchObject({
      type: 'credit',
      amount: 20,
      description: 'Auto-funding',
    });
  });
});
