import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ControlPlaneClient, startTestEmulator } from './support.js';

let api: ControlPlaneClient;

beforeAll(async () => {
  api = await startTestEmulator();
});

afterAll(async () => {
  api.assertNoLeaks();
  await api.emulator.close();
});

const fundingsOf = (email: string) =>
  (api.emulator.inspect(email)?.transactions ?? []).filter(
    (transaction) => transaction.description === 'Wallet funding',
  );

describe('Idempotency-Key on money operations', () => {
  it('credits once when the same funding is sent twice with one key, and marks the replay', async () => {
    const account = await api.account();
    const request = {
      token: account.token,
      body: { amount: 25, payment_method_id: 'pm_card_visa' },
      headers: { 'Idempotency-Key': 'fund-0001' },
    };
    const first = await api.call('POST', '/wallet/fund', request);
    const second = await api.call('POST', '/wallet/fund', request);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.body.meta.idempotency_replay).toBeUndefined();
    expect(second.body.meta.idempotency_replay).toBe(true);
    expect(second.headers.get('idempotency-replayed')).toBe('true');
    expect(second.body.data).toEqual(first.body.data);
    expect(fundingsOf(account.email)).toHaveLength(1);
    expect(api.emulator.inspect(account.email)?.payments).toHaveLength(1);
  });

  it('treats a reordered body as the same request', async () => {
    const account = await api.account();
    const headers = { 'Idempotency-Key': 'reordered' };
    await api.call('POST', '/wallet/fund', {
      token: account.token,
      headers,
      raw: '{"amount": 10, "payment_method_id": "pm_card_visa"}',
    });
    const again = await api.call('POST', '/wallet/fund', {
      token: account.token,
      headers,
      raw: '{"payment_method_id": "pm_card_visa", "amount": 10}',
    });
    expect(again.body.meta.idempotency_replay).toBe(true);
    expect(fundingsOf(account.email)).toHaveLength(1);
  });

  it('refuses the same key with a different amount', async () => {
    const account = await api.account();
    const headers = { 'Idempotency-Key': 'fund-0002' };
    await api.call('POST', '/wallet/fund', {
      token: account.token,
      headers,
      body: { amount: 10, payment_method_id: 'pm_card_visa' },
    });
    const reused = await api.call('POST', '/wallet/fund', {
      token: account.token,
      headers,
      body: { amount: 11, payment_method_id: 'pm_card_visa' },
    });
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe('idempotency_key_reused');
    expect(fundingsOf(account.email)).toHaveLength(1);
  });

  it('replays a decline instead of charging again', async () => {
    const account = await api.account();
    const request = {
      token: account.token,
      headers: { 'Idempotency-Key': 'declined-once' },
      body: { amount: 10, payment_method_id: 'pm_card_chargeDeclined' },
    };
    const first = await api.call('POST', '/wallet/fund', request);
    const second = await api.call('POST', '/wallet/fund', request);
    expect(first.status).toBe(402);
    expect(second.status).toBe(402);
    expect(second.body.meta.idempotency_replay).toBe(true);
    expect(api.emulator.inspect(account.email)?.payments).toHaveLength(1);
  });

  it('scopes keys to the account, so two accounts may use the same key', async () => {
    const first = await api.account();
    const second = await api.account();
    for (const account of [first, second]) {
      const answer = await api.call('POST', '/wallet/fund', {
        token: account.token,
        headers: { 'Idempotency-Key': 'shared-key' },
        body: { amount: 10, payment_method_id: 'pm_card_visa' },
      });
      expect(answer.body.meta.idempotency_replay).toBeUndefined();
      expect(fundingsOf(account.email)).toHaveLength(1);
    }
  });

  it('refuses a malformed key and processes requests without one each time', async () => {
    const account = await api.account();
    const bad = await api.call('POST', '/wallet/fund', {
      token: account.token,
      headers: { 'Idempotency-Key': 'x'.repeat(256) },
      body: { amount: 10, payment_method_id: 'pm_card_visa' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.fields).toHaveProperty(['Idempotency-Key']);
    for (let i = 0; i < 2; i++) {
      await api.call('POST', '/wallet/fund', {
        token: account.token,
        body: { amount: 10, payment_method_id: 'pm_card_visa' },
      });
    }
    expect(fundingsOf(account.email)).toHaveLength(2);
  });
});
