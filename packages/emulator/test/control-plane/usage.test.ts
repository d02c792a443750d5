import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorApp } from '../../src/app.js';
import type { ManualClock } from '../../src/clock.js';
import type { EmulatorContext } from '../../src/context.js';
import { createEmulatorContext } from '../../src/emulator.js';
import { toMicros } from '../../src/money.js';
import { CANARY_PASSWORD, dataProblems, type Envelope } from './support.js';

// Usage is recorded by the generation API; here the context is at hand to record it directly.
let ctx: EmulatorContext;
let server: ReturnType<typeof serve>;
let base: string;
let token: string;
const HOUR_MS = 3_600_000;

async function get(path: string, query: Record<string, string> = {}) {
  const url = new URL(`${base}/api/agents/v1${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as Envelope };
}

beforeAll(async () => {
  ctx = createEmulatorContext({ clock: 'manual' });
  const app = createEmulatorApp(ctx);
  server = await new Promise((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const account = ctx.state.createAccount({
    email: 'usage@example.test',
    password: CANARY_PASSWORD,
    name: 'Usage',
    verified: true,
  });
  const clock = ctx.clock as ManualClock;
  const record = (operationId: string, category: string, credits: number) =>
    ctx.state.recordUsage(account, { operationId, category, status: 'success', credits: toMicros(credits) });
  record('v7_images_text_to_image', 'image', 0.01);
  clock.advance(10 * 24 * HOUR_MS);
  record('v7_video_text_to_video', 'video', 0.5);
  clock.advance(HOUR_MS);
  record('v7_images_text_to_image', 'image', 0.02);
  token = ctx.state.issueToken({ user: account, scopes: ['usage:read'], expiry: 'never' }).secret;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('usage', () => {
  it('sums requests and credits over the period asked', async () => {
    const day = await get('/usage/summary', { period: 'day' });
    expect(day.body.data).toMatchObject({ requests: 2, credits_used: 0.52 });
    const month = await get('/usage/summary');
    expect(month.body.data).toMatchObject({ requests: 3, credits_used: 0.53 });
    expect(dataProblems('get_usage_summary', month.body.data)).toEqual([]);
  });

  it('groups usage by product', async () => {
    const products = await get('/usage/products');
    expect(products.body.data).toEqual([
      { product: 'image', requests: 2, credits_used: 0.03 },
      { product: 'video', requests: 1, credits_used: 0.5 },
    ]);
  });

  it('lists history newest first within from, to and limit', async () => {
    const all = await get('/usage/history');
    expect(all.body.data.map((record: { credits: number }) => record.credits)).toEqual([0.02, 0.5, 0.01]);
    expect(dataProblems('get_usage_history', all.body.data)).toEqual([]);
    const limited = await get('/usage/history', { limit: '1' });
    expect(limited.body.data).toHaveLength(1);
    const from = new Date(ctx.clock.now() - 2 * HOUR_MS).toISOString();
    const recent = await get('/usage/history', { from });
    expect(recent.body.data).toHaveLength(2);
    const backwards = await get('/usage/history', { from, to: new Date(0).toISOString() });
    expect(backwards.status).toBe(422);
    expect((await get('/usage/history', { limit: '201' })).status).toBe(422);
  });
});
