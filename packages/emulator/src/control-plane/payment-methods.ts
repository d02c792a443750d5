import { ok } from '../http/envelope.js';
import type { Account, PaymentMethod } from '../state/records.js';
import { invalidFields, notFound } from './api-error.js';
import { type OperationHandler, tokenHandler } from './handler.js';
import { serializePaymentMethod } from './serialize-money.js';
import { cardFromToken, TEST_CARD_TOKENS } from './test-cards.js';

function ownMethod(account: Account, id: string): PaymentMethod {
  const method = account.paymentMethods.find((candidate) => candidate.id === id);
  if (!method) throw notFound('payment method', id);
  return method;
}

const listMethods = tokenHandler(({ c, session }) =>
  ok(
    c,
    session.context.paymentMethods.map((method) => serializePaymentMethod(session.context, method)),
  ),
);

/** Attaches a card from the payment form's token; the first one becomes the default. */
const addMethod = tokenHandler(({ c, ctx, session, body }) => {
  const account = session.context;
  const method = cardFromToken({
    token: String(body.payment_method),
    id: ctx.state.nextId('pm'),
    now: ctx.clock.now(),
  });
  if (!method) {
    throw invalidFields({ payment_method: `must be a test card token: ${TEST_CARD_TOKENS.join(', ')}` });
  }
  account.paymentMethods.push(method);
  if (account.defaultPaymentMethodId === null || body.make_default === true) {
    account.defaultPaymentMethodId = method.id;
  }
  return ok(c, serializePaymentMethod(account, method), 201);
});

/** Detaches a method; a removed default passes to the oldest remaining method. */
const removeMethod = tokenHandler(({ c, session, params }) => {
  const account = session.context;
  const method = ownMethod(account, params.id ?? '');
  account.paymentMethods.splice(account.paymentMethods.indexOf(method), 1);
  if (account.defaultPaymentMethodId === method.id) {
    account.defaultPaymentMethodId = account.paymentMethods[0]?.id ?? null;
  }
  if (account.autoFunding.paymentMethodId === method.id) account.autoFunding.paymentMethodId = null;
  return ok(c, { message: `The ${method.brand} card ending ${method.last4} was removed.` });
});

const makeDefault = tokenHandler(({ c, session, params }) => {
  const method = ownMethod(session.context, params.id ?? '');
  session.context.defaultPaymentMethodId = method.id;
  return ok(c, serializePaymentMethod(session.context, method));
});

/** Handlers of the payment methods of the acting account. */
export const PAYMENT_METHOD_HANDLERS: Record<string, OperationHandler> = {
  get_billing_payment_methods: listMethods,
  post_billing_payment_methods: addMethod,
  delete_billing_payment_methods_by_id: removeMethod,
  put_billing_payment_methods_by_id_default: makeDefault,
};
