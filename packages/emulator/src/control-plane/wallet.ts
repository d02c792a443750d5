import { randomUUID } from 'node:crypto';
import { ok } from '../http/envelope.js';
import { toDollars, toMicros } from '../money.js';
import type { Account, Payment } from '../state/records.js';
import { InsufficientFundsError } from '../state/store.js';
import { ApiError, conflict, notFound, shorten } from './api-error.js';
import { couponReference, couponState, serializeCoupon } from './coupons.js';
import { type OperationHandler, type SessionInput, tokenHandler } from './handler.js';
import { newestFirst, paginate } from './paging.js';
import { charge, declinedError, ownPayment, resolvePaymentMethod, settlePayment } from './payments.js';
import { CURRENCY, serializePayment, serializeTransaction, serializeWallet } from './serialize-money.js';
import { iso } from './time.js';

function credit(input: SessionInput, account: Account, payment: Payment): void {
  input.ctx.state.credit(account, payment.amount, 'Wallet funding', payment.id);
}

function paymentResult(input: SessionInput, payment: Payment, status: 200 | 202 = 200): Response {
  return ok(
    input.c,
    {
      payment: serializePayment(payment, input.c.get('origin')),
      wallet: serializeWallet(input.session.context),
    },
    status,
  );
}

const balance = tokenHandler(({ c, session }) => ok(c, serializeWallet(session.context)));

const transactions = tokenHandler(({ c, session, query }) => {
  const { items, pagination } = paginate(newestFirst(session.context.transactions), query);
  return ok(c, items.map(serializeTransaction), 200, { pagination });
});

const validateCoupon = tokenHandler(({ c, ctx, session, query }) =>
  ok(c, serializeCoupon(couponState(ctx, session.context, String(query.code)))),
);

const paymentStatus = tokenHandler(({ c, session, params }) =>
  ok(c, serializePayment(ownPayment(session.context, params.id ?? ''), c.get('origin'))),
);

/** Charges a card and credits the wallet once the payment succeeds (now, or at confirm-checkout). */
const fund = tokenHandler((input) => {
  const account = input.session.context;
  const method = resolvePaymentMethod(input.ctx, account, input.body.payment_method_id);
  const payment = charge(input.ctx, {
    account,
    amount: toMicros(Number(input.body.amount)),
    method,
    purpose: { purpose: 'wallet_funding' },
  });
  if (payment.status === 'failed') throw declinedError(payment, input.c.get('origin'));
  if (payment.status === 'requires_action') return paymentResult(input, payment, 202);
  credit(input, account, payment);
  return paymentResult(input, payment);
});

/** Completes a wallet payment that needed action, exactly once. */
const confirmCheckout = tokenHandler((input) => {
  const account = input.session.context;
  const payment = ownPayment(account, String(input.body.payment_id));
  if (payment.purpose !== 'wallet_funding') {
    throw conflict('This payment is not a wallet funding; confirm it with /subscriptions/confirm-checkout.', {
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
  settlePayment(input.ctx, account, payment);
  credit(input, account, payment);
  return paymentResult(input, payment);
});

/** Pays credits out of the wallet; the payout is the reference of the debit. */
const withdraw = tokenHandler(({ c, ctx, session, body }) => {
  const account = session.context;
  const amount = toMicros(Number(body.amount));
  const payoutId = `po_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  try {
    ctx.state.debit(account, amount, 'Withdrawal', payoutId);
  } catch (error) {
    if (!(error instanceof InsufficientFundsError)) throw error;
    throw new ApiError('insufficient_funds', 'The wallet balance is lower than the amount to withdraw.', {
      balance: serializeWallet(account).balance,
      requested: body.amount,
    });
  }
  return ok(c, {
    payment: {
      id: payoutId,
      amount: toDollars(amount),
      currency: CURRENCY,
      status: 'succeeded',
      purpose: 'wallet_funding',
      direction: 'payout',
      created_at: iso(ctx.clock.now()),
      next_action: null,
    },
    wallet: serializeWallet(account),
  });
});

const redeemCoupon = tokenHandler(({ c, ctx, session, body }) => {
  const account = session.context;
  const state = couponState(ctx, account, String(body.code));
  if (state.kind === 'unknown') throw notFound('coupon', state.code);
  if (state.kind === 'redeemed')
    throw conflict(`The coupon ${shorten(state.code)} was already redeemed by this account.`);
  if (state.kind === 'expired') {
    throw new ApiError('validation_error', `The coupon ${shorten(state.code)} has expired.`, {
      fields: { code: 'has expired' },
    });
  }
  ctx.state.credit(account, state.amount, `Coupon ${state.code}`, couponReference(state.code));
  return ok(c, { coupon: serializeCoupon(state), wallet: serializeWallet(account) });
});

const enableAutoFunding = tokenHandler(({ c, ctx, session, body }) => {
  const account = session.context;
  const method = resolvePaymentMethod(ctx, account, body.payment_method_id);
  if (!account.paymentMethods.includes(method)) {
    throw new ApiError(
      'validation_error',
      'Auto-funding needs a saved payment method, not a one-time card token.',
      {
        fields: { payment_method_id: 'must be a saved payment method (pm_...)' },
      },
    );
  }
  account.autoFunding = {
    enabled: true,
    threshold: toMicros(Number(body.threshold)),
    amount: toMicros(Number(body.amount)),
    paymentMethodId: method.id,
  };
  return ok(c, serializeWallet(account).auto_funding);
});

const disableAutoFunding = tokenHandler(({ c, session }) => {
  session.context.autoFunding = { enabled: false, threshold: null, amount: null, paymentMethodId: null };
  return ok(c, serializeWallet(session.context).auto_funding);
});

/** Handlers of the wallet of the acting account. */
export const WALLET_HANDLERS: Record<string, OperationHandler> = {
  get_wallet_balance: balance,
  get_wallet_transactions: transactions,
  get_wallet_coupons_validate: validateCoupon,
  get_payments_by_id_status: paymentStatus,
  post_wallet_fund: fund,
  post_wallet_confirm_checkout: confirmCheckout,
  post_wallet_withdraw: withdraw,
  post_wallet_coupons_redeem: redeemCoupon,
  put_wallet_auto_funding: enableAutoFunding,
  delete_wallet_auto_funding: disableAutoFunding,
};
