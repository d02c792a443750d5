import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PLANE_OPERATIONS } from '../../src/catalogue/control-plane-operations.js';
import { png } from '../../src/files/media.js';
import {
  CANARY_PASSWORD,
  type CallOptions,
  type ControlPlaneClient,
  dataProblems,
  expectEnvelope,
  startTestEmulator,
} from './support.js';

let api: ControlPlaneClient;

beforeAll(async () => {
  api = await startTestEmulator();
});

afterAll(async () => {
  api.assertNoLeaks();
  await api.emulator.close();
});

/** A minimal valid request of one operation: its path parameters and what to send. */
interface Prepared extends CallOptions {
  readonly params?: Record<string, string>;
}

type Account = Awaited<ReturnType<ControlPlaneClient['account']>>;

/** Small steps that give an operation something to act on. */
const world = {
  async post(account: Account, path: string, body: unknown = {}) {
    const answer = await api.call('POST', path, { token: account.token, body });
    expect(answer.status, answer.text).toBeLessThan(300);
    return answer.body.data;
  },
  card: (account: Account, card = 'pm_card_visa') =>
    world.post(account, '/billing/payment-methods', { payment_method: card }),
  fund: (account: Account, card = 'pm_card_visa') =>
    world.post(account, '/wallet/fund', { amount: 10, payment_method_id: card }),
  subscribe: (account: Account, card = 'pm_card_visa') =>
    world.post(account, '/subscriptions', { plan_id: 'basic', payment_method_id: card }),
  team: (account: Account) => world.post(account, '/teams', { name: 'Crew' }),
  async invite(account: Account, email = api.email('invitee')) {
    const team = await world.team(account);
    return world.post(account, '/teams', { team_id: team.id, email });
  },
  async defaultKeyId(account: Account) {
    const keys = await api.call('GET', '/api-keys', { token: account.token });
    return keys.body.data[0].id as string;
  },
  async signup(email = api.email('new')) {
    await api.call('POST', '/auth/signup', { body: { email, password: CANARY_PASSWORD, name: 'New Agent' } });
    return email;
  },
};

const PNG_BASE64 = png(7).toString('base64');
const FAR_PAST = '2000-01-01T00:00:00Z';
const FAR_FUTURE = '2100-01-01T00:00:00Z';

/** operationId -> how to call it successfully with a fresh '*' account. */
const CASES: Record<string, (account: Account) => Promise<Prepared> | Prepared> = {
  post_auth_signup: () => ({ body: { email: api.email(), password: CANARY_PASSWORD, name: 'Agent' } }),
  post_auth_verify_email: async () => {
    const email = await world.signup();
    return { body: { verification_code: api.emulator.mailbox(email)[0]?.code } };
  },
  post_auth_resend_verification: async () => ({ body: { email: await world.signup() } }),
  post_auth_login: (account) => ({
    body: { email: account.email, password: CANARY_PASSWORD, scopes: ['profile:read'] },
  }),
  post_auth_forgot_password: (account) => ({ body: { email: account.email } }),
  post_auth_reset_password: async (account) => {
    await api.call('POST', '/auth/forgot-password', { body: { email: account.email } });
    const code = api.emulator
      .mailbox(account.email)
      .find((message) => message.kind === 'password-reset')?.code;
    return { body: { token: code, password: `${CANARY_PASSWORD}-new` } };
  },
  post_auth_logout: () => ({}),
  post_auth_refresh: () => ({ body: { token_expiry: '1_week' } }),
  get_auth_tokens: () => ({}),
  delete_auth_tokens_by_id: async (account) => {
    await api.login(account.email, CANARY_PASSWORD, { device_name: 'spare' });
    const tokens = await api.call('GET', '/auth/tokens', { token: account.token });
    return { params: { id: tokens.body.data.find((token: { current: boolean }) => !token.current).id } };
  },
  post_auth_tokens_revoke_others: () => ({}),
  post_auth_logout_all: () => ({}),
  post_auth_switch_account: async (account) => ({ body: { account_id: (await world.team(account)).id } }),
  get_me: () => ({}),
  patch_me: () => ({
    body: { name: 'Renamed', username: `agent_${Math.random().toString(36).slice(2, 10)}` },
  }),
  patch_me_password: () => ({
    body: { current_password: CANARY_PASSWORD, new_password: `${CANARY_PASSWORD}-2` },
  }),
  patch_me_preferences: () => ({
    body: { theme: 'dark', marketing_emails: true, default_model: 'flux-dev' },
  }),
  patch_me_socials: () => ({ body: { website: 'https://example.test', github: 'agent', x: 'agent' } }),
  get_api_keys: () => ({}),
  get_api_keys_by_id: async (account) => ({ params: { id: await world.defaultKeyId(account) } }),
  post_api_keys: () => ({ body: { name: 'ci' } }),
  put_api_keys_by_id: async (account) => ({
    params: { id: await world.defaultKeyId(account) },
    body: { name: 'renamed' },
  }),
  delete_api_keys_by_id: async (account) => ({ params: { id: await world.defaultKeyId(account) } }),
  get_usage_summary: () => ({ query: { period: 'week' } }),
  get_usage_products: () => ({}),
  get_usage_history: () => ({ query: { from: FAR_PAST, to: FAR_FUTURE, limit: '10' } }),
  get_models: () => ({ query: { category: 'image', page: '1', per_page: '5' } }),
  get_models_filters: () => ({}),
  get_models_tags: () => ({}),
  get_models_providers: () => ({}),
  get_models_by_modelid: () => ({ params: { modelId: 'flux-dev' } }),
  post_uploads: () => ({ body: { file_name: 'input.png', content: PNG_BASE64 } }),
  post_uploads_base64: () => ({ body: { base64: `data:image/png;base64,${PNG_BASE64}` } }),
  get_billing_overview: () => ({}),
  get_billing_stripe_config: () => ({}),
  get_billing_payment_methods: async (account) => {
    await world.card(account);
    return {};
  },
  get_billing_info: () => ({}),
  get_billing_invoices: async (account) => {
    await world.fund(account);
    return { query: { page: 1, per_page: 10 } };
  },
  get_billing_invoices_by_id: async (account) => {
    await world.fund(account);
    const invoices = await api.call('GET', '/billing/invoices', { token: account.token });
    return { params: { id: invoices.body.data[0].id } };
  },
  get_billing_invoices_by_id_pdf: async (account) => {
    await world.fund(account);
    const invoices = await api.call('GET', '/billing/invoices', { token: account.token });
    return { params: { id: invoices.body.data[0].id } };
  },
  post_billing_payment_methods: () => ({ body: { payment_method: 'pm_card_visa', make_default: true } }),
  delete_billing_payment_methods_by_id: async (account) => ({
    params: { id: (await world.card(account)).id },
  }),
  put_billing_payment_methods_by_id_default: async (account) => ({
    params: { id: (await world.card(account)).id },
  }),
  put_billing_info: () => ({
    body: {
      name: 'Agent Ltd',
      email: 'billing@example.test',
      address: { line1: '1 Main St', country: 'de' },
      tax_id: 'DE1',
    },
  }),
  post_billing_payment_link: () => ({ body: { amount: 20 } }),
  post_billing_setup_intent: () => ({}),
  get_wallet_balance: () => ({}),
  get_wallet_transactions: () => ({ query: { per_page: 5 } }),
  get_wallet_coupons_validate: () => ({ query: { code: 'WELCOME5' } }),
  get_payments_by_id_status: async (account) => ({ params: { id: (await world.fund(account)).payment.id } }),
  post_wallet_fund: () => ({ body: { amount: 10, payment_method_id: 'pm_card_visa' } }),
  post_wallet_confirm_checkout: async (account) => {
    const answer = await api.call('POST', '/wallet/fund', {
      token: account.token,
      body: { amount: 10, payment_method_id: 'pm_card_threeDSecureRequired' },
    });
    return { body: { payment_id: answer.body.data.payment.id } };
  },
  post_wallet_withdraw: () => ({ body: { amount: 1 } }),
  post_wallet_coupons_redeem: () => ({ body: { code: 'WELCOME5' } }),
  put_wallet_auto_funding: async (account) => {
    await world.card(account);
    return { body: { threshold: 5, amount: 20 } };
  },
  delete_wallet_auto_funding: () => ({}),
  get_subscriptions_plans: () => ({}),
  get_subscriptions: () => ({}),
  get_subscriptions_by_id_status: async (account) => ({
    params: { id: (await world.subscribe(account)).id },
  }),
  post_subscriptions: () => ({ body: { plan_id: 'basic', payment_method_id: 'pm_card_visa' } }),
  post_subscriptions_confirm_checkout: async (account) => {
    const answer = await api.call('POST', '/subscriptions', {
      token: account.token,
      body: { plan_id: 'basic', payment_method_id: 'pm_card_threeDSecureRequired' },
    });
    return { body: { payment_id: answer.body.data.payment.id } };
  },
  post_subscriptions_charge_amount: () => ({ body: { plan_id: 'premium' } }),
  put_subscriptions_by_id: async (account) => {
    await world.card(account);
    return { params: { id: (await world.subscribe(account)).id }, body: { plan_id: 'premium' } };
  },
  post_subscriptions_by_id_pause: async (account) => ({
    params: { id: (await world.subscribe(account)).id },
  }),
  post_subscriptions_by_id_resume: async (account) => {
    const subscription = await world.subscribe(account);
    await world.post(account, `/subscriptions/${subscription.id}/pause`);
    return { params: { id: subscription.id } };
  },
  post_subscriptions_by_id_reset_cycle: async (account) => {
    await world.card(account);
    return { params: { id: (await world.subscribe(account)).id } };
  },
  post_subscriptions_by_id_fix_payment: async (account) => {
    const subscription = await world.subscribe(account);
    // The default card fails at renewal, 30 days on: the subscription falls past due.
    await world.card(account, 'pm_card_chargeDeclined');
    api.clock.advance(30 * 86_400_000 + 1000);
    return { params: { id: subscription.id }, body: { payment_method_id: 'pm_card_mastercard' } };
  },
  get_teams: () => ({}),
  get_teams_by_id: async (account) => ({ params: { id: (await world.team(account)).id } }),
  post_teams: () => ({ body: { name: 'New team' } }),
  put_teams_by_id: async (account) => ({
    params: { id: (await world.invite(account)).id },
    body: { role: 'admin' },
  }),
  delete_teams_by_id: async (account) => ({ params: { id: (await world.invite(account)).id } }),
  post_teams_by_id_resend_invite: async (account) => ({ params: { id: (await world.invite(account)).id } }),
  post_teams_invitations_by_inviteid_accept: async (account) => {
    const owner = await api.account();
    await world.invite(owner, account.email);
    const mail = api.emulator.mailbox(account.email).find((message) => message.kind === 'invitation');
    return { params: { inviteId: mail?.code ?? '' } };
  },
  get_changelog: () => ({}),
};

function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'missing'));
}

describe('every control-plane operation', () => {
  it('has a case in this table', () => {
    expect(Object.keys(CASES).sort()).toEqual(
      CONTROL_PLANE_OPERATIONS.map((operation) => operation.operationId).sort(),
    );
  });

  it.each(CONTROL_PLANE_OPERATIONS.map((operation) => [operation.operationId, operation] as const))(
    '%s answers a minimal valid request with its published data shape',
    async (operationId, operation) => {
      // A long-lived token: one case moves the clock a month on.
      const account = await api.account({ credits: 50, tokenExpiry: 'never' });
      const { params, ...request } = await CASES[operationId]!(account);
      const answer = await api.call(operation.method, fillPath(operation.path, params), {
        token: account.token,
        ...request,
      });
      expectEnvelope(answer);
      expect(answer.status, answer.text).toBeGreaterThanOrEqual(200);
      expect(answer.status, answer.text).toBeLessThan(300);
      expect(dataProblems(operationId, answer.body.data), answer.text).toEqual([]);
    },
  );
});
