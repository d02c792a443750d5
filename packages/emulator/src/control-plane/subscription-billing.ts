import type { EmulatorContext } from '../context.js';
import { toMicros } from '../money.js';
import { findPlan, type Plan } from '../plans.js';
import type { Account, Payment, PaymentMethod, Subscription } from '../state/records.js';
import { invalidFields } from './api-error.js';
import { issueInvoice } from './invoices-store.js';
import { charge } from './payments.js';
import { scheduleAt } from './schedule.js';
import { DAY_SECONDS } from './time.js';

/** A billing cycle: 30 days of service time. */
export const CYCLE_SECONDS = 30 * DAY_SECONDS;

/** Statuses that count as holding a subscription (only one at a time). */
const HELD: ReadonlySet<Subscription['status']> = new Set(['active', 'paused', 'past_due']);

/** The plan named by a request field, or 422 naming the plans. */
export function planOf(planId: string, field = 'plan_id'): Plan {
  const plan = findPlan(planId);
  if (!plan) throw invalidFields({ [field]: 'must be one of basic, standard, premium' });
  return plan;
}

/** The subscription the account holds, else its pending (incomplete) one. */
export function currentSubscription(account: Account): Subscription | undefined {
  const live = [...account.subscriptions].reverse();
  return (
    live.find((subscription) => HELD.has(subscription.status)) ??
    live.find((subscription) => subscription.status === 'incomplete')
  );
}

/** The subscription the account holds (active, paused or past due), if any: at most one. */
export function heldSubscription(account: Account): Subscription | undefined {
  return account.subscriptions.find((subscription) => HELD.has(subscription.status));
}

/** Starts a billing cycle now: period dates, the plan's monthly credits, and the next renewal. */
function startCycle(ctx: EmulatorContext, account: Account, subscription: Subscription, plan: Plan): void {
  const now = ctx.clock.now();
  subscription.status = 'active';
  subscription.periodStart = now;
  subscription.periodEnd = now + ctx.serviceMs(CYCLE_SECONDS);
  ctx.state.credit(account, toMicros(plan.monthlyCredits), `${plan.name} plan credits`, subscription.id);
  scheduleRenewal(ctx, account, subscription);
}

/** What a succeeded subscription payment buys: a (new) cycle, or the plan change. */
export function applySubscriptionPayment(ctx: EmulatorContext, account: Account, payment: Payment): void {
  const subscription = account.subscriptions.find((candidate) => candidate.id === payment.subscriptionId);
  const plan = findPlan(payment.planId ?? '');
  if (!subscription || !plan) return;
  subscription.planId = plan.id;
  subscription.paymentId = payment.id;
  if (payment.subscriptionAction === 'change') return;
  // A renewal that repairs a past-due subscription settles what was left open.
  for (const invoice of account.invoices) {
    if (invoice.subscriptionId === subscription.id && invoice.status === 'open') invoice.status = 'void';
  }
  startCycle(ctx, account, subscription, plan);
}

/**
 * Charges for a subscription (start, change or renewal) with `method`; on success what it buys is
 * applied at once. The caller decides what a decline or a 3-D Secure step means.
 */
export function chargeSubscription(
  ctx: EmulatorContext,
  options: {
    account: Account;
    subscription: Subscription;
    plan: Plan;
    amount: number;
    method: PaymentMethod;
    action: NonNullable<Payment['subscriptionAction']>;
  },
): Payment {
  const { account, subscription, plan } = options;
  const payment = charge(ctx, {
    account,
    amount: toMicros(options.amount),
    method: options.method,
    purpose: {
      purpose: 'subscription',
      subscriptionId: subscription.id,
      planId: plan.id,
      action: options.action,
    },
  });
  subscription.paymentId = payment.id;
  if (payment.status === 'succeeded') applySubscriptionPayment(ctx, account, payment);
  return payment;
}

/**
 * Renews an active subscription at the end of its cycle with the default payment method. A charge
 * that fails (or needs 3-D Secure, or has no method) leaves the subscription past_due with an open
 * invoice, which fix-payment repairs.
 */
export function renewSubscription(ctx: EmulatorContext, account: Account, subscription: Subscription): void {
  const plan = findPlan(subscription.planId);
  if (!plan) return;
  const method = account.paymentMethods.find((candidate) => candidate.id === account.defaultPaymentMethodId);
  const payment = method
    ? chargeSubscription(ctx, { account, subscription, plan, amount: plan.price, method, action: 'renew' })
    : undefined;
  if (payment?.status === 'succeeded') return;
  subscription.status = 'past_due';
  issueInvoice(ctx, account, {
    amount: toMicros(plan.price),
    description: `Subscription renewal (${plan.id} plan)`,
    paymentId: payment?.id ?? null,
    status: 'open',
    subscriptionId: subscription.id,
  });
}

function scheduleRenewal(ctx: EmulatorContext, account: Account, subscription: Subscription): void {
  const due = subscription.periodEnd;
  scheduleAt(ctx.clock, due, () => {
    // A paused, repaired or reset subscription has moved on; this renewal is stale.
    if (subscription.status !== 'active' || subscription.periodEnd !== due) return;
    renewSubscription(ctx, account, subscription);
  });
}
