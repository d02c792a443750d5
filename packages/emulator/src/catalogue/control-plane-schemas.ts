import type { JsonSchema } from './types.js';

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const listOf = (name: string): JsonSchema => ({ type: 'array', items: ref(name) });
const id = (description: string): JsonSchema => ({ type: 'string', description });
const money = (description: string): JsonSchema => ({ type: 'number', description, minimum: 0 });
const dateTime = (description: string): JsonSchema => ({ type: 'string', format: 'date-time', description });
const object = (
  properties: Record<string, JsonSchema>,
  required: string[] = Object.keys(properties),
  description?: string,
): JsonSchema => ({
  type: 'object',
  ...(description ? { description } : {}),
  required,
  properties,
});

export { listOf, ref };

/** Component schemas of the control-plane document: the records its envelopes carry. */
export const CONTROL_PLANE_SCHEMAS: Record<string, JsonSchema> = {
  User: object({
    id: id('Account identifier.'),
    name: { type: 'string' },
    email: { type: 'string', format: 'email' },
    username: { type: 'string' },
    verified: { type: 'boolean', description: 'Whether the e-mail address was claimed.' },
  }),
  Profile: object(
    {
      id: id('Account identifier.'),
      name: { type: 'string' },
      email: { type: 'string', format: 'email' },
      username: { type: 'string' },
      verified: { type: 'boolean' },
      created_at: dateTime('When the account was created.'),
      preferences: { type: 'object', additionalProperties: true },
      socials: { type: 'object', additionalProperties: { type: 'string' } },
    },
    ['id', 'name', 'email', 'username', 'verified', 'created_at'],
  ),
  TokenGrant: object(
    {
      access_token: { type: 'string', description: 'Bearer token for the control plane. Keep it secret.' },
      token_type: { type: 'string', const: 'Bearer' },
      token_expiry: { type: 'string', enum: ['1_week', '1_month', '3_months', 'never'] },
      expires_at: {
        type: ['string', 'null'],
        format: 'date-time',
        description: 'null when the token never expires.',
      },
      scopes: { type: 'array', items: { type: 'string' }, description: 'The scopes the token carries.' },
      user: ref('User'),
      api_key: {
        type: ['string', 'null'],
        description:
          'A generation API key, returned when the exchange created one (claim) and null otherwise.',
      },
    },
    ['access_token', 'token_type', 'token_expiry', 'expires_at', 'scopes', 'user', 'api_key'],
  ),
  AccessToken: object(
    {
      id: id('Token identifier (not the token itself).'),
      name: { type: 'string', description: 'Device name given at login.' },
      scopes: { type: 'array', items: { type: 'string' } },
      created_at: dateTime('When the token was issued.'),
      expires_at: { type: ['string', 'null'], format: 'date-time' },
      last_used_at: { type: ['string', 'null'], format: 'date-time' },
      current: { type: 'boolean', description: 'Whether this is the token making the call.' },
    },
    ['id', 'name', 'scopes', 'created_at', 'expires_at', 'current'],
  ),
  ApiKey: object(
    {
      id: id('Key identifier.'),
      name: { type: 'string' },
      prefix: { type: 'string', description: 'First characters of the key, for recognising it.' },
      created_at: dateTime('When the key was created.'),
      last_used_at: { type: ['string', 'null'], format: 'date-time' },
    },
    ['id', 'name', 'prefix', 'created_at'],
  ),
  CreatedApiKey: object(
    {
      id: id('Key identifier.'),
      name: { type: 'string' },
      prefix: { type: 'string' },
      created_at: dateTime('When the key was created.'),
      key: { type: 'string', description: 'The key itself. Shown once; store it now.' },
    },
    ['id', 'name', 'prefix', 'created_at', 'key'],
  ),
  UsageSummary: object({
    period_start: dateTime('Start of the period.'),
    period_end: dateTime('End of the period.'),
    requests: { type: 'integer', minimum: 0 },
    credits_used: money('Credits spent in the period.'),
  }),
  ProductUsage: object({
    product: { type: 'string', description: 'Category of generation, e.g. image or video.' },
    requests: { type: 'integer', minimum: 0 },
    credits_used: money('Credits spent on this product.'),
  }),
  UsageRecord: object(
    {
      id: id('Request identifier.'),
      operation_id: { type: 'string' },
      status: { type: 'string', enum: ['success', 'processing', 'failed', 'error'] },
      credits: money('Credits charged.'),
      created_at: dateTime('When the request was made.'),
    },
    ['id', 'operation_id', 'status', 'credits', 'created_at'],
  ),
  Model: object(
    {
      model_id: { type: 'string' },
      name: { type: 'string' },
      category: { type: 'string' },
      provider: { type: 'string' },
      tags: { type: 'array', items: { type: 'string' } },
      price: money('Price per billing unit in US dollars.'),
      billing_unit: { type: 'string' },
      plans: { type: 'array', items: { type: 'string' } },
    },
    ['model_id', 'name', 'category', 'provider', 'price', 'billing_unit'],
  ),
  ModelDetail: {
    allOf: [
      ref('Model'),
      object(
        {
          description: { type: 'string' },
          parameters: { type: 'object', description: 'JSON Schema of the generation parameters.' },
        },
        ['parameters'],
      ),
    ],
  },
  Upload: object({
    id: id('Upload identifier.'),
    url: { type: 'string', format: 'uri', description: 'Address to pass as a generation input.' },
    media_type: { type: 'string' },
    size: { type: 'integer', minimum: 0 },
    expires_at: dateTime('When the upload is deleted.'),
  }),
  PaymentMethod: object(
    {
      id: id('Payment method identifier.'),
      brand: { type: 'string' },
      last4: { type: 'string' },
      exp_month: { type: 'integer' },
      exp_year: { type: 'integer' },
      default: { type: 'boolean' },
    },
    ['id', 'brand', 'last4', 'default'],
  ),
  BillingInfo: object(
    {
      name: { type: ['string', 'null'] },
      email: { type: ['string', 'null'], format: 'email' },
      address: {
        type: ['object', 'null'],
        properties: {
          line1: { type: 'string' },
          city: { type: 'string' },
          postal_code: { type: 'string' },
          country: { type: 'string', minLength: 2, maxLength: 2 },
        },
      },
      tax_id: { type: ['string', 'null'] },
    },
    ['name', 'email', 'address', 'tax_id'],
  ),
  Invoice: object(
    {
      id: id('Invoice identifier.'),
      number: { type: 'string' },
      amount: money('Total in US dollars.'),
      currency: { type: 'string' },
      status: { type: 'string', enum: ['paid', 'open', 'void'] },
      created_at: dateTime('Issue date.'),
      description: { type: 'string' },
    },
    ['id', 'number', 'amount', 'currency', 'status', 'created_at'],
  ),
  Payment: object(
    {
      id: id('Payment identifier.'),
      amount: money('Amount in US dollars.'),
      currency: { type: 'string' },
      status: { type: 'string', enum: ['succeeded', 'requires_action', 'processing', 'failed', 'canceled'] },
      purpose: { type: 'string', enum: ['wallet_funding', 'subscription', 'invoice'] },
      created_at: dateTime('When the payment was made.'),
      next_action: {
        type: ['object', 'null'],
        description: 'When status is requires_action: what the payer must do (3-D Secure).',
        properties: { type: { type: 'string' }, redirect_url: { type: 'string', format: 'uri' } },
      },
    },
    ['id', 'amount', 'currency', 'status', 'purpose', 'created_at'],
  ),
  Wallet: object({
    balance: money('Credits available, in US dollars.'),
    currency: { type: 'string' },
    auto_funding: ref('AutoFunding'),
  }),
  AutoFunding: object(
    {
      enabled: { type: 'boolean' },
      threshold: { type: ['number', 'null'], description: 'Balance under which the wallet is topped up.' },
      amount: { type: ['number', 'null'], description: 'Amount added each time.' },
    },
    ['enabled', 'threshold', 'amount'],
  ),
  Transaction: object({
    id: id('Transaction identifier.'),
    type: { type: 'string', enum: ['credit', 'debit'] },
    amount: money('Amount in US dollars.'),
    balance_after: money('Balance after the transaction.'),
    description: { type: 'string' },
    created_at: dateTime('When it happened.'),
  }),
  Coupon: object(
    {
      code: { type: 'string' },
      valid: { type: 'boolean' },
      amount: money('Credits the coupon adds.'),
      expires_at: { type: ['string', 'null'], format: 'date-time' },
    },
    ['code', 'valid'],
  ),
  Plan: object({
    id: id('Plan identifier.'),
    name: { type: 'string' },
    price: money('Monthly price in US dollars.'),
    currency: { type: 'string' },
    queue_limit: { type: 'integer', description: 'Queued generation requests allowed at once.' },
    features: { type: 'array', items: { type: 'string' } },
  }),
  Subscription: object(
    {
      id: id('Subscription identifier.'),
      plan_id: { type: 'string' },
      status: { type: 'string', enum: ['active', 'paused', 'past_due', 'incomplete', 'canceled'] },
      current_period_start: dateTime('Start of the billing cycle.'),
      current_period_end: dateTime('End of the billing cycle.'),
      payment: { oneOf: [ref('Payment'), { type: 'null' }] },
    },
    ['id', 'plan_id', 'status', 'current_period_start', 'current_period_end'],
  ),
  Team: object({
    id: id('Team identifier; also the account id to switch to.'),
    name: { type: 'string' },
    role: { type: 'string', enum: ['owner', 'admin', 'member'], description: "The caller's role." },
    created_at: dateTime('When the team was created.'),
  }),
  Member: object(
    {
      id: id('Membership identifier.'),
      email: { type: 'string', format: 'email' },
      role: { type: 'string', enum: ['owner', 'admin', 'member'] },
      status: { type: 'string', enum: ['active', 'invited'] },
    },
    ['id', 'email', 'role', 'status'],
  ),
  ChangelogEntry: object({
    date: { type: 'string', format: 'date' },
    title: { type: 'string' },
    description: { type: 'string' },
  }),
  Error: object(
    {
      code: {
        type: 'string',
        description:
          'Stable machine-readable code, e.g. validation_error, insufficient_scope, payment_declined.',
      },
      message: { type: 'string', description: 'What went wrong, for people.' },
      details: { type: ['object', 'null'], additionalProperties: true },
    },
    ['code', 'message'],
  ),
  Meta: object(
    {
      request_id: { type: 'string' },
      idempotency_replay: { type: 'boolean', description: 'true when this answer replays an earlier one.' },
    },
    ['request_id'],
  ),
};
