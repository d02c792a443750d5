import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ControlPlaneClient, dataProblems, startTestEmulator } from './support.js';

let api: ControlPlaneClient;

beforeAll(async () => {
  api = await startTestEmulator();
});

afterAll(async () => {
  api.assertNoLeaks();
  await api.emulator.close();
});

describe('wallet funding', () => {
  it('needs 3-D Secure for the test card that asks for it, then confirm-checkout credits exactly once', async () => {
    const account = await api.account({ credits: 0 });
    const fund = await api.call('POST', '/wallet/fund', {
      token: account.token,
      body: { amount: 40, payment_method_id: 'pm_card_threeDSecureRequired' },
    });
    expect(fund.status).toBe(202);
    expect(fund.body.data.payment).toMatchObject({ status: 'requires_action', amount: 40 });
    expect(fund.body.data.payment.next_action).toEqual({
      type: 'redirect_to_url',
      redirect_url: `${api.emulator.url}/checkout/${fund.body.data.payment.id}`,
    });
    expect(dataProblems('post_wallet_fund', fund.body.data)).toEqual([]);
    expect(api.emulator.inspect(account.email)?.balance).toBe(0);

    const page = await fetch(fund.body.data.payment.next_action.redirect_url);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('requires_action');

    const paymentId = fund.body.data.payment.id as string;
    const confirm = await api.call('POST', '/wallet/confirm-checkout', {
      token: account.token,
      body: { payment_id: paymentId },
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body.data.payment.status).toBe('succeeded');
    expect(confirm.body.data.wallet.balance).toBe(40);
    const twice = await api.call('POST', '/wallet/confirm-checkout', {
      token: account.token,
      body: { payment_id: paymentId },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('conflict');
    expect(api.emulator.inspect(account.email)?.balance).toBe(40);
    const status = await api.call('GET', `/payments/${paymentId}/status`, { token: account.token });
    expect(status.body.data.status).toBe('succeeded');
  });

  it.each([
    ['pm_card_chargeDeclined', 'card_declined'],
    ['pm_card_insufficientFunds', 'insufficient_funds'],
  ])(
    'answers 402 payment_declined for %s with decline_code %s and credits nothing',
    async (card, declineCode) => {
      const account = await api.account({ credits: 0 });
      const answer = await api.call('POST', '/wallet/fund', {
        token: account.token,
        body: { amount: 10, payment_method_id: card },
      });
      expect(answer.status).toBe(402);
      expect(answer.body.error.code).toBe('payment_declined');
      expect(answer.body.error.details.decline_code).toBe(declineCode);
      const snapshot = api.emulator.inspect(account.email);
      expect(snapshot?.balance).toBe(0);
      expect(snapshot?.payments).toMatchObject([{ status: 'failed', amount: 10 }]);
    },
  );

  it('charges the default method, and asks for one when there is none', async () => {
    const account = await api.account({ credits: 0 });
    const none = await api.call('POST', '/wallet/fund', { token: account.token, body: { amount: 10 } });
    expect(none.status).toBe(422);
    expect(none.body.error.code).toBe('payment_method_required');

    const added = await api.call('POST', '/billing/payment-methods', {
      token: account.token,
      body: { payment_method: 'pm_card_mastercard' },
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ brand: 'mastercard', last4: '4444', default: true });
    const funded = await api.call('POST', '/wallet/fund', { token: account.token, body: { amount: 10 } });
    expect(funded.status).toBe(200);
    expect(funded.body.data.payment.payment_method_id).toBe(added.body.data.id);

    const invoices = await api.call('GET', '/billing/invoices', { token: account.token });
    expect(invoices.body.data).toHaveLength(1);
    expect(invoices.body.data[0]).toMatchObject({
      amount: 10,
      status: 'paid',
      payment_id: funded.body.data.payment.id,
    });
    const pdf = await api.call('GET', `/billing/invoices/${invoices.body.data[0].id}/pdf`, {
      token: account.token,
    });
    const file = await fetch(pdf.body.data.url);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('refuses an unknown card token with validation_error', async () => {
    const account = await api.account();
    const answer = await api.call('POST', '/billing/payment-methods', {
      token: account.token,
      body: { payment_method: 'pm_card_unheard_of' },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error.details.fields).toHaveProperty('payment_method');
  });

  it('moves the default to a remaining card when the default is removed', async () => {
    const account = await api.account();
    const first = await api.call('POST', '/billing/payment-methods', {
      token: account.token,
      body: { payment_method: 'pm_card_visa' },
    });
    const second = await api.call('POST', '/billing/payment-methods', {
      token: account.token,
      body: { payment_method: 'pm_card_mastercard' },
    });
    expect(second.body.data.default).toBe(false);
    await api.call('DELETE', `/billing/payment-methods/${first.body.data.id}`, { token: account.token });
    const list = await api.call('GET', '/billing/payment-methods', { token: account.token });
    expect(list.body.data).toEqual([expect.objectContaining({ id: second.body.data.id, default: true })]);
  });

  it('withdraws what the balance allows and refuses more', async () => {
    const account = await api.account({ credits: 10 });
    const fine = await api.call('POST', '/wallet/withdraw', { token: account.token, body: { amount: 4 } });
    expect(fine.status).toBe(200);
    expect(fine.body.data.wallet.balance).toBe(6);
    const tooMuch = await api.call('POST', '/wallet/withdraw', { token: account.token, body: { amount: 7 } });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.code).toBe('insufficient_funds');
    expect(api.emulator.inspect(account.email)?.balance).toBe(6);
  });

  it('completes a payment link with confirm-checkout', async () => {
    const account = await api.account({ credits: 0 });
    const link = await api.call('POST', '/billing/payment-link', {
      token: account.token,
      body: { amount: 15 },
    });
    expect(link.status).toBe(201);
    expect(link.body.data.url).toBe(`${api.emulator.url}/checkout/${link.body.data.payment_id}`);
    expect((await fetch(link.body.data.url)).status).toBe(200);
    const confirmed = await api.call('POST', '/wallet/confirm-checkout', {
      token: account.token,
      body: { payment_id: link.body.data.payment_id },
    });
    expect(confirmed.body.data.wallet.balance).toBe(15);
  });
});

describe('coupons', () => {
  it('validates and redeems each coupon once per account', async () => {
    const account = await api.account({ credits: 0 });
    const check = await api.call('GET', '/wallet/coupons/validate', {
      token: account.token,
      query: { code: 'agent20' },
    });
    expect(check.body.data).toMatchObject({ code: 'AGENT20', valid: true, amount: 20 });
    const redeemed = await api.call('POST', '/wallet/coupons/redeem', {
      token: account.token,
      body: { code: 'AGENT20' },
    });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.data.wallet.balance).toBe(20);
    const again = await api.call('POST', '/wallet/coupons/redeem', {
      token: account.token,
      body: { code: 'AGENT20' },
    });
    expect(again.status).toBe(409);
    const after = await api.call('GET', '/wallet/coupons/validate', {
      token: account.token,
      query: { code: 'AGENT20' },
    });
    expect(after.body.data).toMatchObject({ valid: false, reason: 'already_redeemed' });
  });

  it('knows expired and unknown coupons', async () => {
    const account = await api.account();
    const expired = await api.call('GET', '/wallet/coupons/validate', {
      token: account.token,
      query: { code: 'EXPIRED10' },
    });
    expect(expired.body.data).toMatchObject({ valid: false, reason: 'expired' });
    expect(
      (
        await api.call('POST', '/wallet/coupons/redeem', {
          token: account.token,
          body: { code: 'EXPIRED10' },
        })
      ).status,
    ).toBe(422);
    expect(
      (await api.call('POST', '/wallet/coupons/redeem', { token: account.token, body: { code: 'NOPE' } }))
        .status,
    ).toBe(404);
    const unknown = await api.call('GET', '/wallet/coupons/validate', {
      token: account.token,
      query: { code: 'NOPE' },
    });
    expect(unknown.body.data).toMatchObject({ valid: false, reason: 'unknown' });
  });
});
