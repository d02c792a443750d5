import { toDollars } from '../money.js';
import type { Plan } from '../plans.js';
import type {
  Account,
  BillingInfo,
  Invoice,
  Payment,
  PaymentMethod,
  Subscription,
  Transaction,
} from '../state/records.js';
import { iso } from './time.js';

/** Every amount of the emulated service is in US dollars. */
export const CURRENCY = 'usd';

/** Where the payer completes a payment that needs action (3-D Secure) or a payment link. */
export function checkoutUrl(origin: string, paymentId: string): string {
  return `${origin}/checkout/${encodeURIComponent(paymentId)}`;
}

/** The AutoFunding record (plus the method it charges). */
export function serializeAutoFunding(account: Account): Record<string, unknown> {
  const { enabled, threshold, amount, paymentMethodId } = account.autoFunding;
  return {
    enabled,
    threshold: threshold === null ? null : toDollars(threshold),
    amount: amount === null ? null : toDollars(amount),
    payment_method_id: paymentMethodId,
  };
}

/** The Wallet record: balance in dollars and auto-funding. */
export function serializeWallet(account: Account): Record<string, unknown> {
  return {
    balance: toDollars(account.balance),
    currency: CURRENCY,
    auto_funding: serializeAutoFunding(account),
  };
}

/** The Transaction record, with what caused it (`reference`). */
export function serializeTransaction(transaction: Transaction): Record<string, unknown> {
  return {
    id: transaction.id,
    type: transaction.type,
    amount: toDollars(transaction.amount),
    balance_after: toDollars(transaction.balanceAfter),
    description: transaction.description,
    reference: transaction.reference,
    created_at: iso(transaction.createdAt),
  };
}

/** The Payment record; a payment that requires action says where the payer completes it. */
export function serializePayment(payment: Payment, origin: string): Record<string, unknown> {
  return {
    id: payment.id,
    amount: toDollars(payment.amount),
    currency: CURRENCY,
    status: payment.status,
    purpose: payment.purpose,
    created_at: iso(payment.createdAt),
    payment_method_id: payment.paymentMethodId,
    next_action:
      payment.status === 'requires_action'
        ? { type: 'redirect_to_url', redirect_url: checkoutUrl(origin, payment.id) }
        : null,
    ...(payment.declineCode ? { decline_code: payment.declineCode } : {}),
    ...(payment.subscriptionId ? { subscription_id: payment.subscriptionId } : {}),
  };
}

/** The Invoice record. */
export function serializeInvoice(invoice: Invoice): Record<string, unknown> {
  return {
    id: invoice.id,
    number: invoice.number,
    amount: toDollars(invoice.amount),
    currency: CURRENCY,
    status: invoice.status,
    created_at: iso(invoice.createdAt),
    description: invoice.description,
    payment_id: invoice.paymentId,
  };
}

/** The PaymentMethod record: brand and last digits, never a card number. */
export function serializePaymentMethod(account: Account, method: PaymentMethod): Record<string, unknown> {
  return {
    id: method.id,
    brand: method.brand,
    last4: method.last4,
    exp_month: method.expMonth,
    exp_year: method.expYear,
    default: account.defaultPaymentMethodId === method.id,
  };
}

/** The BillingInfo record. */
export function serializeBillingInfo(info: BillingInfo): Record<string, unknown> {
  return {
    name: info.name,
    email: info.email,
    address: info.address ? { ...info.address } : null,
    tax_id: info.taxId,
  };
}

/** The Plan record (plus the credits a cycle adds). */
export function serializePlan(plan: Plan): Record<string, unknown> {
  return {
    id: plan.id,
    name: plan.name,
    price: plan.price,
    currency: CURRENCY,
    queue_limit: plan.queueLimit,
    features: [...plan.features],
    monthly_credits: plan.monthlyCredits,
  };
}

/** The Subscription record with its latest payment. */
export function serializeSubscription(
  account: Account,
  subscription: Subscription,
  origin: string,
): Record<string, unknown> {
  const payment = account.payments.find((candidate) => candidate.id === subscription.paymentId);
  return {
    id: subscription.id,
    plan_id: subscription.planId,
    status: subscription.status,
    current_period_start: iso(subscription.periodStart),
    current_period_end: iso(subscription.periodEnd),
    payment: payment ? serializePayment(payment, origin) : null,
  };
}
