import { randomBytes } from 'node:crypto';
import { ok } from '../http/envelope.js';
import { toMicros } from '../money.js';
import type { BillingInfo } from '../state/records.js';
import { type OperationHandler, tokenHandler } from './handler.js';
import { charge } from './payments.js';
import {
  checkoutUrl,
  serializeBillingInfo,
  serializePaymentMethod,
  serializeSubscription,
  serializeWallet,
} from './serialize-money.js';
import { currentSubscription } from './subscription-billing.js';

/** A test-mode publishable key: public by design, like Stripe's pk_test_ keys. */
const PUBLISHABLE_KEY = 'pk_test_51EmulatorGenerationService0000000000000000000000';

const overview = tokenHandler(({ c, session }) => {
  const account = session.context;
  const subscription = currentSubscription(account);
  const method = account.paymentMethods.find((candidate) => candidate.id === account.defaultPaymentMethodId);
  return ok(c, {
    wallet: serializeWallet(account),
    subscription: subscription ? serializeSubscription(account, subscription, c.get('origin')) : null,
    default_payment_method: method ? serializePaymentMethod(account, method) : null,
    open_invoices: account.invoices.filter((invoice) => invoice.status === 'open').length,
  });
});

const stripeConfig = tokenHandler(({ c }) => ok(c, { publishable_key: PUBLISHABLE_KEY }));

const readInfo = tokenHandler(({ c, session }) => ok(c, serializeBillingInfo(session.context.billingInfo)));

const updateInfo = tokenHandler(({ c, session, body }) => {
  const info = session.context.billingInfo;
  if (typeof body.name === 'string') info.name = body.name;
  if (typeof body.email === 'string') info.email = body.email;
  if (typeof body.tax_id === 'string') info.taxId = body.tax_id;
  if (body.address && typeof body.address === 'object') {
    const { line1, city, postal_code, country } = body.address as NonNullable<BillingInfo['address']>;
    info.address = {
      ...info.address,
      ...(line1 !== undefined ? { line1 } : {}),
      ...(city !== undefined ? { city } : {}),
      ...(postal_code !== undefined ? { postal_code } : {}),
      ...(country !== undefined ? { country: country.toUpperCase() } : {}),
    };
  }
  return ok(c, serializeBillingInfo(info));
});

/** A hosted checkout for a person to pay: a pending payment that confirm-checkout completes. */
const paymentLink = tokenHandler(({ c, ctx, session, body }) => {
  const payment = charge(ctx, {
    account: session.context,
    amount: toMicros(Number(body.amount)),
    method: null,
    purpose: { purpose: 'wallet_funding' },
  });
  return ok(c, { url: checkoutUrl(c.get('origin'), payment.id), payment_id: payment.id }, 201);
});

const setupIntent = tokenHandler(({ c, ctx }) => {
  const id = `seti_${ctx.state.nextId('emu').replace('_', '')}`;
  return ok(c, { id, client_secret: `${id}_secret_${randomBytes(18).toString('base64url')}` }, 201);
});

/** Handlers of billing: overview, provider config, billing info, payment links, setup intents. */
export const BILLING_HANDLERS: Record<string, OperationHandler> = {
  get_billing_overview: overview,
  get_billing_stripe_config: stripeConfig,
  get_billing_info: readInfo,
  put_billing_info: updateInfo,
  post_billing_payment_link: paymentLink,
  post_billing_setup_intent: setupIntent,
};
