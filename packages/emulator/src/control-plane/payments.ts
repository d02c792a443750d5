import type { EmulatorContext } from '../context.js';
import type { Micros } from '../money.js';
import { toDollars } from '../money.js';
import type { Account, Payment, PaymentMethod } from '../state/records.js';
import { ApiError, invalidFields, notFound } from './api-error.js';
import { issueInvoice } from './invoices-store.js';
import { serializePayment } from './serialize-money.js';
import { cardFromToken, TEST_CARD_TOKENS } from './test-cards.js';

/** What a payment is for; a subscription payment also says which plan and what its success does. */
export type PaymentPurpose =
  | { readonly purpose: 'wallet_funding' }
  | {
      readonly purpose: 'subscription';
      readonly subscriptionId: string;
      readonly planId: string;
      readonly action: NonNullable<Payment['subscriptionAction']>;
    };

const DESCRIPTIONS = {
  wallet_funding: 'Wallet funding',
  subscription: 'Subscription',
  invoice: 'Invoice payment',
} as const;

/**
 * The method to charge: an attached method by id, a test card token used once without being saved,
 * or (nothing named) the account's default; no default is 422 payment_method_required.
 */
export function resolvePaymentMethod(
  ctx: EmulatorContext,
  account: Account,
  requested: unknown,
  field = 'payment_method_id',
): PaymentMethod {
  if (typeof requested === 'string') {
    const attached = account.paymentMethods.find((method) => method.id === requested);
    if (attached) return attached;
    const card = cardFromToken({ token: requested, id: requested, now: ctx.clock.now() });
    if (card) return card;
    throw invalidFields({
      [field]: `is neither a payment method of this account nor a test card token (${TEST_CARD_TOKENS.join(', ')})`,
    });
  }
  const fallback = account.paymentMethods.find((method) => method.id === account.defaultPaymentMethodId);
  if (fallback) return fallback;
  throw new ApiError(
    'payment_method_required',
    'The account has no payment method to charge. Add one with POST /billing/payment-methods, or name one.',
  );
}

/** Marks a payment succeeded and issues its paid invoice. */
export function settlePayment(ctx: EmulatorContext, account: Account, payment: Payment): void {
  payment.status = 'succeeded';
  issueInvoice(ctx, account, {
    amount: payment.amount,
    description: `${DESCRIPTIONS[payment.purpose]}${payment.planId ? ` (${payment.planId} plan)` : ''}`,
    paymentId: payment.id,
    status: 'paid',
    ...(payment.subscriptionId ? { subscriptionId: payment.subscriptionId } : {}),
  });
}

/**
 * Charges `method` as the test card behaves: succeeded (settled, invoiced), requires_action
 * (3-D Secure: confirm-checkout completes it), or failed with the card's decline code. Nothing is
 * credited here; the caller does what a success buys.
 */
export function charge(
  ctx: EmulatorContext,
  options: { account: Account; amount: Micros; method: PaymentMethod | null; purpose: PaymentPurpose },
): Payment {
  const { account, amount, method, purpose } = options;
  const behaviour = method?.behaviour ?? 'requires_action';
  const payment: Payment = {
    id: ctx.state.nextId('pay'),
    accountId: account.id,
    amount,
    status:
      behaviour === 'succeeds'
        ? 'processing'
        : behaviour === 'requires_action'
          ? 'requires_action'
          : 'failed',
    purpose: purpose.purpose,
    paymentMethodId: method?.id ?? null,
    createdAt: ctx.clock.now(),
    ...(purpose.purpose === 'subscription'
      ? { subscriptionId: purpose.subscriptionId, planId: purpose.planId, subscriptionAction: purpose.action }
      : {}),
    ...(typeof behaviour === 'object' ? { declineCode: behaviour.declineCode } : {}),
  };
  account.payments.push(payment);
  if (payment.status === 'processing') settlePayment(ctx, account, payment);
  return payment;
}

/** 402 payment_declined for a failed payment, with the card's decline code. */
export function declinedError(payment: Payment, origin: string): ApiError {
  const code = payment.declineCode ?? 'card_declined';
  return new ApiError(
    'payment_declined',
    `The card was declined (${code}) for $${toDollars(payment.amount).toFixed(2)}. Use another payment method.`,
    { decline_code: code, payment_id: payment.id, payment: serializePayment(payment, origin) },
  );
}

/** A payment of the account, or 404. */
export function ownPayment(account: Account, id: string): Payment {
  const payment = account.payments.find((candidate) => candidate.id === id);
  if (!payment) throw notFound('payment', id);
  return payment;
}
