import { listOf, ref } from './control-plane-schemas.js';
import { CONTROL_PLANE_SCOPES } from './scopes.js';
import type { ControlPlaneEffect, ControlPlaneOperation, ControlPlaneScope, JsonSchema } from './types.js';

export const CONTROL_PLANE_PREFIX = '/api/agents/v1';

type Method = ControlPlaneOperation['method'];

interface Shape {
  readonly body?: JsonSchema;
  readonly query?: JsonSchema;
  readonly data: JsonSchema;
  readonly notes?: string;
}

const str = (description: string, extra: Record<string, unknown> = {}): JsonSchema => ({
  type: 'string',
  description,
  ...extra,
});
const body = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({
  type: 'object',
  required,
  properties,
});
const amount = (description: string, minimum: number, maximum: number): JsonSchema => ({
  type: 'number',
  description,
  minimum,
  maximum,
});
const email = str('E-mail address.', { format: 'email', maxLength: 254 });
const password = str('Password, at least 8 characters.', { minLength: 8, maxLength: 128 });
const paymentMethod = str(
  'A payment method id (pm_...) of the account, or a card token from the payment form.',
  {
    minLength: 3,
  },
);
/** The emulator's test cards, Stripe-style: only these can be added as payment methods. */
const TEST_CARDS = [
  'pm_card_visa',
  'pm_card_mastercard',
  'pm_card_threeDSecureRequired',
  'pm_card_chargeDeclined',
  'pm_card_insufficientFunds',
];
const planId = (description: string): JsonSchema =>
  str(description, { enum: ['basic', 'standard', 'premium'] });
const message: JsonSchema = body({ message: { type: 'string' } }, ['message']);
const paged = (extra: Record<string, JsonSchema> = {}): JsonSchema =>
  body({
    page: { type: 'integer', minimum: 1, default: 1, description: 'Page number, from 1.' },
    per_page: { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'Items per page.' },
    ...extra,
  });
const scopes: JsonSchema = {
  type: 'array',
  items: { type: 'string', enum: ['*', ...CONTROL_PLANE_SCOPES.map((scope) => scope.name)] },
  uniqueItems: true,
  description:
    'Scopes the token should carry. Omitted: the token gets * (every scope). Ask for the fewest you need.',
};
const tokenExpiry = str('How long the token lives.', {
  enum: ['1_week', '1_month', '3_months', 'never'],
  default: '1_month',
});
const paymentResult: JsonSchema = body({ payment: ref('Payment'), wallet: ref('Wallet') }, ['payment']);

/** Every operation of the control plane: [method, path, scope, summary, shape]. Order of operations.json. */
const ROWS: ReadonlyArray<readonly [Method, string, ControlPlaneScope | null, string, Shape]> = [
  [
    'POST',
    '/auth/signup',
    null,
    'Create an account; sends a verification e-mail',
    {
      body: body({ email, password, name: str('Display name.', { minLength: 1, maxLength: 100 }) }, [
        'email',
        'password',
        'name',
      ]),
      data: body({ user: ref('User'), message: { type: 'string' } }, ['user', 'message']),
      notes: 'no token needed',
    },
  ],
  [
    'POST',
    '/auth/verify-email',
    null,
    'Claim the account with the e-mailed code',
    {
      body: body(
        { verification_code: str('The code from the verification e-mail.', { minLength: 4, maxLength: 64 }) },
        ['verification_code'],
      ),
      data: ref('TokenGrant'),
      notes: 'no token needed',
    },
  ],
  [
    'POST',
    '/auth/resend-verification',
    null,
    'Send the verification e-mail again',
    { body: body({ email }, ['email']), data: message, notes: 'no token needed' },
  ],
  [
    'POST',
    '/auth/login',
    null,
    'Exchange credentials for a token; optional scopes[]',
    {
      body: body(
        {
          email,
          password: str('The account password.', { minLength: 1, maxLength: 128 }),
          device_name: str('A name for this token, shown in the token list.', { maxLength: 100 }),
          token_expiry: tokenExpiry,
          scopes,
        },
        ['email', 'password'],
      ),
      data: ref('TokenGrant'),
      notes: 'no token needed',
    },
  ],
  [
    'POST',
    '/auth/forgot-password',
    null,
    'Send a password-reset e-mail',
    { body: body({ email }, ['email']), data: message, notes: 'no token needed' },
  ],
  [
    'POST',
    '/auth/reset-password',
    null,
    'Reset the password with the e-mailed token',
    {
      body: body({ token: str('The reset token from the e-mail.', { minLength: 4 }), password }, [
        'token',
        'password',
      ]),
      data: message,
      notes: 'no token needed',
    },
  ],
  [
    'POST',
    '/auth/logout',
    null,
    'Revoke the calling token',
    { data: message, notes: 'self-revocation: any valid token, never gated by a scope' },
  ],
  [
    'POST',
    '/auth/refresh',
    null,
    'Rotate the calling token (same scopes)',
    { body: body({ token_expiry: tokenExpiry }), data: ref('TokenGrant'), notes: 'any valid token' },
  ],
  ['GET', '/auth/tokens', 'tokens:read', "List the account's access tokens", { data: listOf('AccessToken') }],
  ['DELETE', '/auth/tokens/{id}', 'tokens:write', 'Revoke a token', { data: message }],
  [
    'POST',
    '/auth/tokens/revoke-others',
    'tokens:write',
    'Revoke every token but the calling one',
    { data: body({ revoked: { type: 'integer', minimum: 0 } }, ['revoked']) },
  ],
  [
    'POST',
    '/auth/logout-all',
    'tokens:write',
    'Revoke every token of the account',
    { data: body({ revoked: { type: 'integer', minimum: 0 } }, ['revoked']) },
  ],
  [
    'POST',
    '/auth/switch-account',
    'tokens:write',
    'Switch to a team account context',
    {
      body: body(
        {
          account_id: str('The team id to act for, or your own user id to switch back.', { minLength: 1 }),
          scopes: {
            ...scopes,
            description: 'Optional narrower scopes; never more than the calling token has.',
          },
        },
        ['account_id'],
      ),
      data: ref('TokenGrant'),
      notes: 'never widens the token\u2019s scopes',
    },
  ],
  ['GET', '/me', 'profile:read', 'Read the profile', { data: ref('Profile') }],
  [
    'PATCH',
    '/me',
    'profile:write',
    'Update the profile',
    {
      body: body({
        name: str('Display name.', { minLength: 1, maxLength: 100 }),
        username: str('Unique user name.', { pattern: '^[a-z0-9_]{3,30}$' }),
      }),
      data: ref('Profile'),
    },
  ],
  [
    'PATCH',
    '/me/password',
    'profile:write',
    'Change the password',
    {
      body: body(
        { current_password: str('The current password.', { minLength: 1 }), new_password: password },
        ['current_password', 'new_password'],
      ),
      data: message,
    },
  ],
  [
    'PATCH',
    '/me/preferences',
    'profile:write',
    'Update preferences',
    {
      body: body({
        marketing_emails: { type: 'boolean' },
        default_model: str('Model used when a request names none.'),
        theme: str('Dashboard theme.', { enum: ['light', 'dark', 'system'] }),
      }),
      data: ref('Profile'),
    },
  ],
  [
    'PATCH',
    '/me/socials',
    'profile:write',
    'Update social links',
    {
      body: body({
        website: str('Web site.', { format: 'uri' }),
        github: str('GitHub user name.', { maxLength: 100 }),
        x: str('X handle.', { maxLength: 100 }),
      }),
      data: ref('Profile'),
    },
  ],
  ['GET', '/api-keys', 'api-keys:read', 'List generation API keys', { data: listOf('ApiKey') }],
  ['GET', '/api-keys/{id}', 'api-keys:read', 'Inspect a generation API key', { data: ref('ApiKey') }],
  [
    'POST',
    '/api-keys',
    'api-keys:write',
    'Create a generation API key',
    {
      body: body({ name: str('A name for the key.', { minLength: 1, maxLength: 100 }) }, ['name']),
      data: ref('CreatedApiKey'),
    },
  ],
  [
    'PUT',
    '/api-keys/{id}',
    'api-keys:write',
    'Rename a generation API key',
    {
      body: body({ name: str('The new name.', { minLength: 1, maxLength: 100 }) }, ['name']),
      data: ref('ApiKey'),
    },
  ],
  ['DELETE', '/api-keys/{id}', 'api-keys:write', 'Delete a generation API key', { data: message }],
  [
    'GET',
    '/usage/summary',
    'usage:read',
    'Usage summary',
    {
      query: body({ period: str('Which period.', { enum: ['day', 'week', 'month'], default: 'month' }) }),
      data: ref('UsageSummary'),
    },
  ],
  ['GET', '/usage/products', 'usage:read', 'Usage per product', { data: listOf('ProductUsage') }],
  [
    'GET',
    '/usage/history',
    'usage:read',
    'Request history (from, to, limit <= 200)',
    {
      query: body({
        from: str('Earliest time, ISO 8601.', { format: 'date-time' }),
        to: str('Latest time, ISO 8601.', { format: 'date-time' }),
        limit: { type: 'integer', minimum: 1, maximum: 200, default: 50, description: 'At most 200.' },
      }),
      data: listOf('UsageRecord'),
    },
  ],
  [
    'GET',
    '/models',
    'models:read',
    'Search the model catalogue',
    {
      query: paged({
        search: str('Free text.'),
        category: str('Category, e.g. image or video.'),
        provider: str('Provider name.'),
        tag: str('Tag.'),
      }),
      data: listOf('Model'),
    },
  ],
  [
    'GET',
    '/models/filters',
    'models:read',
    'Catalogue filters',
    {
      data: body({
        categories: { type: 'array', items: { type: 'string' } },
        providers: { type: 'array', items: { type: 'string' } },
        billing_units: { type: 'array', items: { type: 'string' } },
      }),
    },
  ],
  [
    'GET',
    '/models/tags',
    'models:read',
    'Catalogue tags',
    { data: { type: 'array', items: { type: 'string' } } },
  ],
  [
    'GET',
    '/models/providers',
    'models:read',
    'Model providers',
    { data: { type: 'array', items: { type: 'string' } } },
  ],
  [
    'GET',
    '/models/{modelId}',
    'models:read',
    'Model detail with parameter schema',
    { data: ref('ModelDetail') },
  ],
  [
    'POST',
    '/uploads',
    'files:write',
    'Upload a file as a generation input',
    {
      body: body(
        {
          file_name: str('Name of the file, with its extension.', { minLength: 1, maxLength: 255 }),
          media_type: str('Media type, e.g. image/png.'),
          // No pattern: a file can be megabytes, and a pattern over that exhausts regex engines.
          content: str('The file content, base64-encoded (standard alphabet, padded).', {
            minLength: 4,
            contentEncoding: 'base64',
          }),
        },
        ['file_name', 'content'],
      ),
      data: ref('Upload'),
    },
  ],
  [
    'POST',
    '/uploads/base64',
    'files:write',
    'Upload a base64 payload as a generation input',
    {
      body: body(
        {
          base64: str('A data URI: data:<media type>;base64,<data>.', {
            minLength: 16,
            // Anchored at the start only, so that checking it never reads a large payload.
            pattern: '^data:[a-z]+/[a-z0-9.+-]+;base64,',
          }),
        },
        ['base64'],
      ),
      data: ref('Upload'),
    },
  ],
  [
    'GET',
    '/billing/overview',
    'billing:read',
    'Billing overview',
    {
      data: body({
        wallet: ref('Wallet'),
        subscription: { oneOf: [ref('Subscription'), { type: 'null' }] },
        default_payment_method: { oneOf: [ref('PaymentMethod'), { type: 'null' }] },
        open_invoices: { type: 'integer', minimum: 0 },
      }),
    },
  ],
  [
    'GET',
    '/billing/stripe-config',
    'billing:read',
    'Payment-provider publishable key',
    { data: body({ publishable_key: { type: 'string' } }, ['publishable_key']) },
  ],
  [
    'GET',
    '/billing/payment-methods',
    'billing:read',
    'List payment methods',
    { data: listOf('PaymentMethod') },
  ],
  ['GET', '/billing/info', 'billing:read', 'Read billing info', { data: ref('BillingInfo') }],
  ['GET', '/billing/invoices', 'billing:read', 'List invoices', { query: paged(), data: listOf('Invoice') }],
  ['GET', '/billing/invoices/{id}', 'billing:read', 'Invoice detail', { data: ref('Invoice') }],
  [
    'GET',
    '/billing/invoices/{id}/pdf',
    'billing:read',
    'Invoice PDF',
    {
      data: body({
        url: { type: 'string', format: 'uri' },
        expires_at: { type: 'string', format: 'date-time' },
      }),
    },
  ],
  [
    'POST',
    '/billing/payment-methods',
    'billing:write',
    'Add a payment method',
    {
      body: body(
        {
          payment_method: str('A card token from the payment form (the emulator takes its test cards).', {
            enum: TEST_CARDS,
          }),
          make_default: { type: 'boolean', default: false },
        },
        ['payment_method'],
      ),
      data: ref('PaymentMethod'),
    },
  ],
  ['DELETE', '/billing/payment-methods/{id}', 'billing:write', 'Remove a payment method', { data: message }],
  [
    'PUT',
    '/billing/payment-methods/{id}/default',
    'billing:write',
    'Set the default payment method',
    { data: ref('PaymentMethod') },
  ],
  [
    'PUT',
    '/billing/info',
    'billing:write',
    'Update billing info',
    {
      body: body({
        name: str('Name on invoices.', { maxLength: 200 }),
        email: str('Address invoices are sent to.', { format: 'email' }),
        address: {
          type: 'object',
          properties: {
            line1: { type: 'string', maxLength: 200 },
            city: { type: 'string', maxLength: 100 },
            postal_code: { type: 'string', maxLength: 20 },
            country: { type: 'string', minLength: 2, maxLength: 2, description: 'ISO 3166-1 alpha-2.' },
          },
        },
        tax_id: str('VAT or tax number.', { maxLength: 50 }),
      }),
      data: ref('BillingInfo'),
    },
  ],
  [
    'POST',
    '/billing/payment-link',
    'billing:write',
    'Create a payment link',
    {
      body: body({ amount: amount('Amount in US dollars.', 5, 10000) }, ['amount']),
      data: body({ url: { type: 'string', format: 'uri' }, payment_id: { type: 'string' } }),
    },
  ],
  [
    'POST',
    '/billing/setup-intent',
    'billing:write',
    'Create a setup intent',
    { data: body({ id: { type: 'string' }, client_secret: { type: 'string' } }) },
  ],
  ['GET', '/wallet/balance', 'wallet:read', 'Wallet balance', { data: ref('Wallet') }],
  [
    'GET',
    '/wallet/transactions',
    'wallet:read',
    'Wallet transactions',
    { query: paged(), data: listOf('Transaction') },
  ],
  [
    'GET',
    '/wallet/coupons/validate',
    'wallet:read',
    'Check a coupon',
    {
      query: body({ code: str('The coupon code.', { minLength: 1, maxLength: 64 }) }, ['code']),
      data: ref('Coupon'),
    },
  ],
  ['GET', '/payments/{id}/status', 'wallet:read', 'Payment status', { data: ref('Payment') }],
  [
    'POST',
    '/wallet/fund',
    'wallet:write',
    'Fund the wallet',
    {
      body: body(
        {
          amount: amount('Amount to add, in US dollars.', 5, 10000),
          payment_method_id: paymentMethod,
        },
        ['amount'],
      ),
      data: paymentResult,
    },
  ],
  [
    'POST',
    '/wallet/confirm-checkout',
    'wallet:write',
    'Confirm a wallet checkout',
    {
      body: body({ payment_id: str('The payment that required action.', { minLength: 1 }) }, ['payment_id']),
      data: paymentResult,
    },
  ],
  [
    'POST',
    '/wallet/withdraw',
    'wallet:write',
    'Withdraw from the wallet',
    {
      body: body({ amount: amount('Amount to withdraw, in US dollars.', 1, 10000) }, ['amount']),
      data: paymentResult,
    },
  ],
  [
    'POST',
    '/wallet/coupons/redeem',
    'wallet:write',
    'Redeem a coupon',
    {
      body: body({ code: str('The coupon code.', { minLength: 1, maxLength: 64 }) }, ['code']),
      data: body({ coupon: ref('Coupon'), wallet: ref('Wallet') }),
    },
  ],
  [
    'PUT',
    '/wallet/auto-funding',
    'wallet:write',
    'Turn on or change auto-funding',
    {
      body: body(
        {
          threshold: amount('Top up when the balance falls under this.', 1, 10000),
          amount: amount('Amount to add each time.', 5, 10000),
          payment_method_id: paymentMethod,
        },
        ['threshold', 'amount'],
      ),
      data: ref('AutoFunding'),
    },
  ],
  ['DELETE', '/wallet/auto-funding', 'wallet:write', 'Turn off auto-funding', { data: ref('AutoFunding') }],
  ['GET', '/subscriptions/plans', 'subscriptions:read', 'List plans', { data: listOf('Plan') }],
  ['GET', '/subscriptions', 'subscriptions:read', 'List subscriptions', { data: listOf('Subscription') }],
  [
    'GET',
    '/subscriptions/{id}/status',
    'subscriptions:read',
    'Subscription status',
    { data: ref('Subscription') },
  ],
  [
    'POST',
    '/subscriptions',
    'subscriptions:write',
    'Buy a subscription',
    {
      body: body({ plan_id: planId('The plan to buy.'), payment_method_id: paymentMethod }, ['plan_id']),
      data: ref('Subscription'),
    },
  ],
  [
    'POST',
    '/subscriptions/confirm-checkout',
    'subscriptions:write',
    'Confirm a subscription checkout',
    {
      body: body({ payment_id: str('The payment that required action.', { minLength: 1 }) }, ['payment_id']),
      data: ref('Subscription'),
    },
  ],
  [
    'POST',
    '/subscriptions/charge-amount',
    'subscriptions:write',
    'Preview the amount a change would charge',
    {
      body: body({ plan_id: planId('The plan to change to.') }, ['plan_id']),
      data: body({ amount: { type: 'number' }, currency: { type: 'string' }, prorated: { type: 'boolean' } }),
    },
  ],
  [
    'PUT',
    '/subscriptions/{id}',
    'subscriptions:write',
    'Change a subscription',
    {
      body: body({ plan_id: planId('The new plan.') }, ['plan_id']),
      data: ref('Subscription'),
    },
  ],
  [
    'POST',
    '/subscriptions/{id}/pause',
    'subscriptions:write',
    'Pause a subscription',
    { data: ref('Subscription') },
  ],
  [
    'POST',
    '/subscriptions/{id}/resume',
    'subscriptions:write',
    'Resume a subscription',
    { data: ref('Subscription') },
  ],
  [
    'POST',
    '/subscriptions/{id}/reset-cycle',
    'subscriptions:write',
    'Reset a billing cycle',
    { data: ref('Subscription') },
  ],
  [
    'POST',
    '/subscriptions/{id}/fix-payment',
    'subscriptions:write',
    'Repair a failed payment',
    { body: body({ payment_method_id: paymentMethod }), data: ref('Subscription') },
  ],
  ['GET', '/teams', 'teams:read', 'List teams', { data: listOf('Team') }],
  ['GET', '/teams/{id}', 'teams:read', "List a team's members", { data: listOf('Member') }],
  [
    'POST',
    '/teams',
    'teams:write',
    'Create a team or invite a member',
    {
      body: {
        ...body({
          name: str('Name of a new team (to create one).', { minLength: 1, maxLength: 100 }),
          team_id: str('Team to invite into (to invite).'),
          email: { ...email, description: 'Address to invite (with team_id).' },
          role: str('Role of the invited member.', { enum: ['admin', 'member'], default: 'member' }),
        }),
        // Either a new team's name, or a team and the address to invite into it.
        anyOf: [
          { properties: { name: { type: 'string' } }, required: ['name'] },
          {
            properties: { team_id: { type: 'string' }, email: { type: 'string' } },
            required: ['team_id', 'email'],
          },
        ],
      },
      data: { oneOf: [ref('Team'), ref('Member')] },
    },
  ],
  [
    'PUT',
    '/teams/{id}',
    'teams:write',
    "Change a member's role",
    {
      body: body({ role: str('The new role.', { enum: ['admin', 'member'] }) }, ['role']),
      data: ref('Member'),
    },
  ],
  ['DELETE', '/teams/{id}', 'teams:write', 'Remove a member', { data: message }],
  ['POST', '/teams/{id}/resend-invite', 'teams:write', 'Resend an invitation', { data: ref('Member') }],
  [
    'POST',
    '/teams/invitations/{inviteId}/accept',
    'teams:write',
    'Accept an invitation',
    { data: ref('Team') },
  ],
  ['GET', '/changelog', null, 'Control-plane changelog', { data: listOf('ChangelogEntry'), notes: 'public' }],
];

const MONEY_SCOPES: ReadonlySet<string> = new Set(['billing:write', 'wallet:write', 'subscriptions:write']);
const NO_TOKEN = new Set([
  'signup',
  'verify-email',
  'resend-verification',
  'login',
  'forgot-password',
  'reset-password',
]);

/** `DELETE /auth/tokens/{id}` -> `delete_auth_tokens_by_id`: the operationId convention of the control plane. */
export function controlPlaneOperationId(method: string, suffix: string): string {
  const segments = suffix
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith('{') ? `by_${segment.slice(1, -1).toLowerCase()}` : segment));
  return [method.toLowerCase(), ...segments].join('_').replace(/-/g, '_');
}

function effectOf(method: Method, suffix: string, scope: ControlPlaneScope | null): ControlPlaneEffect {
  if (method === 'GET') return 'read';
  if (scope && MONEY_SCOPES.has(scope)) return 'money';
  if (method === 'DELETE' || /revoke|logout|withdraw/.test(suffix)) return 'destructive';
  return 'write';
}

function resourceOf(suffix: string): string {
  const first = suffix.split('/')[1] ?? '';
  if (first === 'me') return 'profile';
  if (first === 'payments') return 'wallet';
  return first;
}

function buildOperations(): ControlPlaneOperation[] {
  return ROWS.map(([method, suffix, requiredScope, summary, shape]) => {
    const authFree = suffix === '/changelog' || NO_TOKEN.has(suffix.replace('/auth/', ''));
    return {
      operationId: controlPlaneOperationId(method, suffix),
      method,
      path: `${CONTROL_PLANE_PREFIX}${suffix}`,
      summary,
      requiredScope,
      auth: authFree ? 'none' : 'token',
      effect: effectOf(method, suffix, requiredScope),
      idempotent: requiredScope !== null && MONEY_SCOPES.has(requiredScope),
      ...(shape.notes ? { notes: shape.notes } : {}),
      ...(shape.body ? { body: shape.body } : {}),
      ...(shape.query ? { query: shape.query } : {}),
      data: shape.data,
      resource: resourceOf(suffix),
    };
  });
}

/** The 75 operations of the control plane, in the order of the service's catalogue. */
export const CONTROL_PLANE_OPERATIONS: readonly ControlPlaneOperation[] = buildOperations();
