/** A logged-in control-plane session on the emulator, with a card to charge. */
import type { HttpClient } from '../../../src/http/index.js';
import type { TestBed } from './test-bed.js';

export async function loginWithCard(bed: TestBed): Promise<{ email: string; token: string; apiKey: string }> {
  const account = bed.emulator.createAccount();
  const anonymous = bed.client();
  const login = await anonymous.request<{ data: { access_token: string } }>({
    method: 'POST',
    url: '/api/agents/v1/auth/login',
    json: { email: account.email, password: account.password },
    idempotency: 'unsafe',
  });
  const token = login.body.data.access_token;
  await bed.client({ credentials: { controlToken: token } }).request({
    method: 'POST',
    url: '/api/agents/v1/billing/payment-methods',
    json: { payment_method: 'pm_card_visa', make_default: true },
    credential: { name: 'controlToken', placement: 'bearer' },
    idempotency: 'keyed',
  });
  return { email: account.email, token, apiKey: account.apiKey };
}

export function fundWallet(client: HttpClient, amount: number, idempotencyKey?: string) {
  return client.request<{ data: { payment: { status: string } } }>({
    method: 'POST',
    url: '/api/agents/v1/wallet/fund',
    json: { amount },
    credential: { name: 'controlToken', placement: 'bearer' },
    idempotency: 'keyed',
    operationId: 'fund_wallet',
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
}
