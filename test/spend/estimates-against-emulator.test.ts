/**
 * Estimates against what the emulator charges: for every priced model an operation can name,
 * the session's estimate is within 1 % of the debit the emulator's ledger records, and a model
 * the account's plan covers is estimated and charged at zero.
 */

import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateErrors } from '../../bench/spend/estimate-errors.js';
import type { ModelInfo } from '../../src/discovery/documents/models-feed.js';
import { connect, type Session } from '../../src/index.js';
import { bearer, send } from '../support/http.js';

let emulator: Emulator;
let session: Session;
let email: string;

beforeAll(async () => {
  emulator = await startEmulator({
    clock: 'manual',
    queueLimit: 10_000,
    rateLimits: { generation: { limit: 10_000, windowSeconds: 60 } },
  });
  const account = emulator.createAccount({ credits: 10_000 });
  email = account.email;
  session = await connect({ baseUrl: emulator.url, apiKey: account.apiKey });
});
afterAll(async () => {
  await session.close();
  await emulator.close();
});

describe('estimates against the ledger', () => {
  it('are within 1 % of the charge for every priced model an operation names', async () => {
    // One debit per call, carrying the estimate the call was made with (estimateErrors checks both).
    const errors = await estimateErrors(session, emulator, email);
    const units = new Set(errors.map((entry) => entry.unit));
    expect([...units].sort()).toEqual(['1K tokens', 'image', 'request', 'second of video']);
    expect(errors.length).toBeGreaterThan(30);
    for (const entry of errors)
      expect(entry.error, `${entry.model}: ${JSON.stringify(entry)}`).toBeLessThanOrEqual(0.01);
  });

  it('are unknown, with the reason, for models listed without a price or in an unknown unit', async () => {
    const unpriced = await session.estimate('v7_images_text_to_image', {
      model_id: 'sdxl-lightning',
      prompt: 'x',
    });
    expect(unpriced).toMatchObject({ kind: 'unknown', amount: null });
    expect(unpriced.basis).toMatch(/lists no price for sdxl-lightning/);
  });
});

describe('a model the plan covers', () => {
  it('is estimated and charged at zero once the session can read the plan', async () => {
    const account = emulator.createAccount({ credits: 100 });
    const login = await send(`${emulator.url}/api/agents/v1/auth/login`, {
      body: { email: account.email, password: account.password },
    });
    const token = (login.body.data as { access_token: string }).access_token;
    await send(`${emulator.url}/api/agents/v1/billing/payment-methods`, {
      headers: bearer(token),
      body: { payment_method: 'pm_card_visa' },
    });
    const subscribed = await send(`${emulator.url}/api/agents/v1/subscriptions`, {
      headers: bearer(token),
      body: { plan_id: 'premium' },
    });
    expect(subscribed.status).toBeLessThan(300);
    const covered = session.service.models.find(
      (model) => model.category === 'image' && model.plans.includes('premium') && model.price !== undefined,
    ) as ModelInfo;
    const reader = await connect({
      baseUrl: emulator.url,
      apiKey: account.apiKey,
      auth: { email: account.email, password: account.password },
      operations: { ids: ['v7_images_text_to_image', 'get_subscriptions'] },
    });
    try {
      const input = { model_id: covered.id, prompt: 'a fox' };
      const estimate = await reader.estimate('v7_images_text_to_image', input);
      expect(estimate).toMatchObject({ kind: 'priced', amount: 0, covered: true });
      expect(estimate.basis).toMatch(/covered by the premium plan/);
      const balance = emulator.inspect(account.email)?.balance;
      await reader.call('v7_images_text_to_image', input, { wait: false });
      expect(emulator.inspect(account.email)?.balance).toBe(balance);
    } finally {
      await reader.close();
    }
  });
});
