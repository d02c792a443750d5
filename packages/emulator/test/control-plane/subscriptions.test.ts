import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ControlPlaneClient, dataProblems, startTestEmulator } from './support.js';

let api: ControlPlaneClient;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  api = await startTestEmulator();
});

afterAll(async () => {
  api.assertNoLeaks();
  await api.emulator.close();
});

/** An account whose token outlives clock jumps, with `card` as its default payment method. */
async function subscriber(card = 'pm_card_visa') {
  const account = await api.account({ credits: 0, tokenExpiry: 'never' });
  const method = await api.call('POST', '/billing/payment-methods', {
    token: account.token,
    body: { payment_method: card },
  });
  return { ...account, methodId: method.body.data.id as string };
}

describe('subscriptions', () => {
  it('lists the plans with their queue limits', async () => {
    const account = await api.account();
    const plans = await api.call('GET', '/subscriptions/plans', { token: account.token });
    expect(
      plans.body.data.map((plan: { id: string; queue_limit: number }) => [plan.id, plan.queue_limit]),
    ).toEqual([
      ['basic', 5],
      ['standard', 10],
      ['premium', 15],
    ]);
    expect(dataProblems('get_subscriptions_plans', plans.body.data)).toEqual([]);
  });

  it('buys a plan: active for 30 days, monthly credits, a paid invoice; a second purchase conflicts', async () => {
    const account = await subscriber();
    const bought = await api.call('POST', '/subscriptions', {
      token: account.token,
      body: { plan_id: 'standard' },
    });
    expect(bought.status).toBe(201);
    expect(bought.body.data).toMatchObject({
      plan_id: 'standard',
      status: 'active',
      payment: { status: 'succeeded' },
    });
    expect(dataProblems('post_subscriptions', bought.body.data)).toEqual([]);
    const { current_period_start: start, current_period_end: end } = bought.body.data;
    expect(Date.parse(end) - Date.parse(start)).toBe(30 * DAY_MS);
    expect(api.emulator.inspect(account.email)?.balance).toBe(35);
    const invoices = await api.call('GET', '/billing/invoices', { token: account.token });
    expect(invoices.body.data[0]).toMatchObject({ amount: 29, status: 'paid' });

    const again = await api.call('POST', '/subscriptions', {
      token: account.token,
      body: { plan_id: 'basic' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('conflict');
  });

  it('waits for 3-D Secure (202 incomplete) and activates on confirm-checkout, once', async () => {
    const account = await subscriber('pm_card_threeDSecureRequired');
    const bought = await api.call('POST', '/subscriptions', {
      token: account.token,
      body: { plan_id: 'basic' },
    });
    expect(bought.status).toBe(202);
    expect(bought.body.data).toMatchObject({ status: 'incomplete', payment: { status: 'requires_action' } });
    const paymentId = bought.body.data.payment.id;
    const confirmed = await api.call('POST', '/subscriptions/confirm-checkout', {
      token: account.token,
      body: { payment_id: paymentId },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.status).toBe('active');
    const twice = await api.call('POST', '/subscriptions/confirm-checkout', {
      token: account.token,
      body: { payment_id: paymentId },
    });
    expect(twice.status).toBe(409);
    expect(api.emulator.inspect(account.email)?.balance).toBe(10);
  });

  it('answers 402 for a declined card and leaves no subscription held', async () => {
    const account = await subscriber('pm_card_insufficientFunds');
    const bought = await api.call('POST', '/subscriptions', {
      token: account.token,
      body: { plan_id: 'basic' },
    });
    expect(bought.status).toBe(402);
    expect(bought.body.error.details.decline_code).toBe('insufficient_funds');
    const overview = await api.call('GET', '/billing/overview', { token: account.token });
    expect(overview.body.data.subscription).toBeNull();
  });

  it('previews and charges a prorated upgrade; pause and resume check the state', async () => {
    const account = await subscriber();
    const bought = await api.call('POST', '/subscriptions', {
      token: account.token,
      body: { plan_id: 'basic' },
    });
    const id = bought.body.data.id;
    api.clock.advance(15 * DAY_MS);
    const preview = await api.call('POST', '/subscriptions/charge-amount', {
      token: account.token,
      body: { plan_id: 'standard' },
    });
    expect(preview.body.data).toMatchObject({ amount: 10, currency: 'usd', prorated: true });
    const paymentsBefore = api.emulator.inspect(account.email)?.payments.length;
    expect(paymentsBefore).toBe(1);

    const changed = await api.call('PUT', `/subscriptions/${id}`, {
      token: account.token,
      body: { plan_id: 'standard' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      plan_id: 'standard',
      payment: { amount: 10, status: 'succeeded' },
    });

    expect((await api.call('POST', `/subscriptions/${id}/resume`, { token: account.token })).status).toBe(
      409,
    );
    const paused = await api.call('POST', `/subscriptions/${id}/pause`, { token: account.token });
    expect(paused.body.data.status).toBe('paused');
    expect((await api.call('POST', `/subscriptions/${id}/pause`, { token: account.token })).status).toBe(409);
    const resumed = await api.call('POST', `/subscriptions/${id}/resume`, { token: account.token });
    expect(resumed.body.data.status).toBe('active');
  });

  it('renews at the end of the cycle, falls past due when the card fails, and fix-payment repairs it', async () => {
    const account = await subscriber();
    const bought = await api.call('POST', '/subscriptions', {
      token: account.token,
      body: { plan_id: 'basic' },
    });
    const id = bought.body.data.id;
    api.clock.advance(30 * DAY_MS + 1000);
    const renewed = await api.call('GET', `/subscriptions/${id}/status`, { token: account.token });
    expect(renewed.body.data.status).toBe('active');
    expect(api.emulator.inspect(account.email)?.balance).toBe(20);

    await api.call('POST', '/billing/payment-methods', {
      token: account.token,
      body: { payment_method: 'pm_card_chargeDeclined', make_default: true },
    });
    expect(
      (await api.call('POST', `/subscriptions/${id}/fix-payment`, { token: account.token })).status,
    ).toBe(409);
    api.clock.advance(30 * DAY_MS + 1000);
    const pastDue = await api.call('GET', `/subscriptions/${id}/status`, { token: account.token });
    expect(pastDue.body.data.status).toBe('past_due');
    const overview = await api.call('GET', '/billing/overview', { token: account.token });
    expect(overview.body.data.open_invoices).toBe(1);

    const declined = await api.call('POST', `/subscriptions/${id}/fix-payment`, {
      token: account.token,
      body: {},
    });
    expect(declined.status).toBe(402);
    const fixed = await api.call('POST', `/subscriptions/${id}/fix-payment`, {
      token: account.token,
      body: { payment_method_id: account.methodId },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body.data.status).toBe('active');
    expect(api.emulator.inspect(account.email)?.balance).toBe(30);
    const after = await api.call('GET', '/billing/overview', { token: account.token });
    expect(after.body.data.open_invoices).toBe(0);
  });

  it('resets the cycle with a new charge', async () => {
    const account = await subscriber();
    const bought = await api.call('POST', '/subscriptions', {
      token: account.token,
      body: { plan_id: 'basic' },
    });
    api.clock.advance(DAY_MS);
    const reset = await api.call('POST', `/subscriptions/${bought.body.data.id}/reset-cycle`, {
      token: account.token,
    });
    expect(reset.status).toBe(200);
    expect(Date.parse(reset.body.data.current_period_start)).toBe(api.clock.now());
    expect(api.emulator.inspect(account.email)?.payments).toHaveLength(2);
  });
});
