import { ok } from '../http/envelope.js';
import { PLANS } from '../plans.js';
import type { Account, Payment, Subscription } from '../state/records.js';
import { conflict, notFound } from './api-error.js';
import { type OperationHandler, type SessionInput, tokenHandler } from './handler.js';
import { declinedError, ownPayment, resolvePaymentMethod, settlePayment } from './payments.js';
import { CURRENCY, serializePlan, serializeSubscription } from './serialize-money.js';
import {
  applySubscriptionPayment,
  CYCLE_SECONDS,
  chargeSubscription,
  heldSubscription,
  planOf,
  renewSubscription,
} from './subscription-billing.js';

function ownSubscription(account: Account, id: string): Subscription {
  const subscription = account.subscriptions.find((candidate) => candidate.id === id);
  if (!subscription) throw notFound('subscription', id);
  return subscription;
}

function requireStatus(subscription: Subscription, status: Subscription['status'], action: string): void {
  if (subscription.status === status) return;
  throw conflict(
    `Only a subscription that is ${status} can be ${action}; this one is ${subscription.status}.`,
    {
      status: subscription.status,
    },
  );
}

function answer(input: SessionInput, subscription: Subscription, status: 200 | 201 | 202 = 200): Response {
  return ok(
    input.c,
    serializeSubscription(input.session.context, subscription, input.c.get('origin')),
    status,
  );
}

/** The answer to a charge: 402 for a decline, 202 while 3-D Secure is pending, else `successStatus`. */
function afterCharge(
  input: SessionInput,
  subscription: Subscription,
  payment: Payment,
  successStatus: 200 | 201 = 200,
): Response {
  if (payment.status === 'failed') throw declinedError(payment, input.c.get('origin'));
  return answer(input, subscription, payment.status === 'requires_action' ? 202 : successStatus);
}

/** Prorated price of moving an active subscription to `planId` now, in dollars (never negative). */
function changePrice(input: SessionInput, subscription: Subscription, planId: string): number {
  const current = planOf(subscription.planId);
  const target = planOf(planId);
  const length = subscription.periodEnd - subscription.periodStart;
  const left = length > 0 ? (subscription.periodEnd - input.ctx.clock.now()) / length : 0;
  const fraction = Math.min(1, Math.max(0, left));
  return Math.max(0, Math.round((target.price - current.price) * fraction * 100) / 100);
}

const plans = tokenHandler(({ c }) => ok(c, PLANS.map(serializePlan)));

const list = tokenHandler(({ c, session }) =>
  ok(
    c,
    [...session.context.subscriptions]
      .reverse()
      .map((subscription) => serializeSubscription(session.context, subscription, c.get('origin'))),
  ),
);

const status = tokenHandler((input) =>
  answer(input, ownSubscription(input.session.context, input.params.id ?? '')),
);

const buy = tokenHandler((input) => {
  const { ctx, session, body } = input;
  const account = session.context;
  const plan = planOf(String(body.plan_id));
  const held = heldSubscription(account);
  if (held) {
    throw conflict(
      `The account already has a ${held.status} subscription; change it with PUT /subscriptions/${held.id}.`,
      {
        subscription_id: held.id,
        status: held.status,
      },
    );
  }
  const method = resolvePaymentMethod(ctx, account, body.payment_method_id);
  // An abandoned checkout (still waiting for 3-D Secure) gives way to the new purchase.
  for (const pending of account.subscriptions.filter((candidate) => candidate.status === 'incomplete')) {
    pending.status = 'canceled';
    const payment = account.payments.find((candidate) => candidate.id === pending.paymentId);
    if (payment?.status === 'requires_action') payment.status = 'canceled';
  }
  const now = ctx.clock.now();
  const subscription: Subscription = {
    id: ctx.state.nextId('sub'),
    planId: plan.id,
    status: 'incomplete',
    periodStart: now,
    periodEnd: now + ctx.serviceMs(CYCLE_SECONDS),
    paymentId: null,
  };
  account.subscriptions.push(subscription);
  const payment = chargeSubscription(ctx, {
    account,
    subscription,
    plan,
    amount: plan.price,
    method,
    action: 'start',
  });
  if (payment.status === 'failed') subscription.status = 'canceled';
  return afterCharge(input, subscription, payment, 201);
});

/** Completes a subscription payment that needed 3-D Secure, exactly once. */
const confirmCheckout = tokenHandler((input) => {
  const account = input.session.context;
  const payment = ownPayment(account, String(input.body.payment_id));
  if (payment.purpose !== 'subscription') {
    throw conflict('This payment is not for a subscription; confirm it with /wallet/confirm-checkout.', {
      purpose: payment.purpose,
    });
  }
  if (payment.status !== 'requires_action') {
    throw conflict(
      `The payment is ${payment.status}; only a payment that requires action can be confirmed.`,
      {
        status: payment.status,
      },
    );
  }
  const subscription = ownSubscription(account, payment.subscriptionId ?? '');
  if (subscription.status === 'canceled') {
    payment.status = 'canceled';
    throw conflict('The subscription this payment was for is canceled; buy a new one.', {
      status: 'canceled',
    });
  }
  settlePayment(input.ctx, account, payment);
  applySubscriptionPayment(input.ctx, account, payment);
  return answer(input, subscription);
});

const chargeAmount = tokenHandler((input) => {
  const target = planOf(String(input.body.plan_id));
  const held = heldSubscription(input.session.context);
  if (!held)
    return ok(input.c, { amount: target.price, currency: CURRENCY, prorated: false, plan_id: target.id });
  return ok(input.c, {
    amount: held.planId === target.id ? 0 : changePrice(input, held, target.id),
    currency: CURRENCY,
    prorated: true,
    plan_id: target.id,
    current_plan_id: held.planId,
  });
});

/** Moves to another plan now; an upgrade charges the prorated difference, a downgrade is free. */
const change = tokenHandler((input) => {
  const { ctx, session, params, body } = input;
  const account = session.context;
  const subscription = ownSubscription(account, params.id ?? '');
  requireStatus(subscription, 'active', 'changed');
  const plan = planOf(String(body.plan_id));
  if (plan.id === subscription.planId) throw conflict(`The subscription is already on the ${plan.id} plan.`);
  const amount = changePrice(input, subscription, plan.id);
  if (amount === 0) {
    subscription.planId = plan.id;
    return answer(input, subscription);
  }
  const method = resolvePaymentMethod(ctx, account, undefined);
  const payment = chargeSubscription(ctx, { account, subscription, plan, amount, method, action: 'change' });
  return afterCharge(input, subscription, payment);
});

const pause = tokenHandler((input) => {
  const subscription = ownSubscription(input.session.context, input.params.id ?? '');
  requireStatus(subscription, 'active', 'paused');
  subscription.status = 'paused';
  return answer(input, subscription);
});

/** Resumes a paused subscription; if its cycle ended meanwhile, it renews at once. */
const resume = tokenHandler((input) => {
  const account = input.session.context;
  const subscription = ownSubscription(account, input.params.id ?? '');
  requireStatus(subscription, 'paused', 'resumed');
  subscription.status = 'active';
  if (subscription.periodEnd <= input.ctx.clock.now()) renewSubscription(input.ctx, account, subscription);
  return answer(input, subscription);
});

/**
 * Charges the plan's full price for a new cycle of a subscription in `status`, with the named or
 * the default method; a failed charge leaves the subscription as it was.
 */
function renew(
  input: SessionInput,
  status: Subscription['status'],
  action: string,
  /** The body's `payment_method_id`, checked by `resolvePaymentMethod`. */
  methodId: unknown,
): Response {
  const account = input.session.context;
  const subscription = ownSubscription(account, input.params.id ?? '');
  requireStatus(subscription, status, action);
  const plan = planOf(subscription.planId);
  const method = resolvePaymentMethod(input.ctx, account, methodId);
  const payment = chargeSubscription(input.ctx, {
    account,
    subscription,
    plan,
    amount: plan.price,
    method,
    action: 'renew',
  });
  return afterCharge(input, subscription, payment);
}

/** Starts a new cycle now, with the default method. */
const resetCycle = tokenHandler((input) => renew(input, 'active', 'reset', undefined));

/** Pays a past-due subscription again, with the named or the default method. */
const fixPayment = tokenHandler((input) =>
  renew(input, 'past_due', 'repaired', input.body.payment_method_id),
);

/** Handlers of the subscriptions of the acting account. */
export const SUBSCRIPTION_HANDLERS: Record<string, OperationHandler> = {
  get_subscriptions_plans: plans,
  get_subscriptions: list,
  get_subscriptions_by_id_status: status,
  post_subscriptions: buy,
  post_subscriptions_confirm_checkout: confirmCheckout,
  post_subscriptions_charge_amount: chargeAmount,
  put_subscriptions_by_id: change,
  post_subscriptions_by_id_pause: pause,
  post_subscriptions_by_id_resume: resume,
  post_subscriptions_by_id_reset_cycle: resetCycle,
  post_subscriptions_by_id_fix_payment: fixPayment,
};
