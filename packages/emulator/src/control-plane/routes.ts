import { API_KEY_HANDLERS } from './api-keys.js';
import { AUTH_HANDLERS } from './auth.js';
import { BILLING_HANDLERS } from './billing.js';
import { CHANGELOG_HANDLERS } from './changelog.js';
import type { OperationHandler } from './handler.js';
import { INVOICE_HANDLERS } from './invoices.js';
import { MODEL_HANDLERS } from './models.js';
import { PAYMENT_METHOD_HANDLERS } from './payment-methods.js';
import { PROFILE_HANDLERS } from './profile.js';
import { SUBSCRIPTION_HANDLERS } from './subscriptions.js';
import { SWITCH_ACCOUNT_HANDLERS } from './switch-account.js';
import { TEAM_HANDLERS } from './teams.js';
import { TOKEN_HANDLERS } from './tokens.js';
import { UPLOAD_HANDLERS } from './uploads.js';
import { USAGE_HANDLERS } from './usage.js';
import { WALLET_HANDLERS } from './wallet.js';

/** operationId -> handler, for every operation of the control-plane catalogue. */
export const CONTROL_PLANE_HANDLERS: Readonly<Record<string, OperationHandler>> = {
  ...AUTH_HANDLERS,
  ...TOKEN_HANDLERS,
  ...SWITCH_ACCOUNT_HANDLERS,
  ...PROFILE_HANDLERS,
  ...API_KEY_HANDLERS,
  ...USAGE_HANDLERS,
  ...MODEL_HANDLERS,
  ...UPLOAD_HANDLERS,
  ...BILLING_HANDLERS,
  ...PAYMENT_METHOD_HANDLERS,
  ...INVOICE_HANDLERS,
  ...WALLET_HANDLERS,
  ...SUBSCRIPTION_HANDLERS,
  ...TEAM_HANDLERS,
  ...CHANGELOG_HANDLERS,
};
