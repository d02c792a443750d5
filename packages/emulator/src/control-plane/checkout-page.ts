import type { EmulatorApp, EmulatorContext } from '../context.js';
import { toDollars } from '../money.js';
import type { Payment } from '../state/records.js';

function findPayment(ctx: EmulatorContext, id: string): Payment | undefined {
  for (const account of ctx.state.accounts.values()) {
    const payment = account.payments.find((candidate) => candidate.id === id);
    if (payment) return payment;
  }
  return undefined;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The page a payment link or a 3-D Secure redirect points at. It only shows the payment: in the
 * emulator the client completes it with confirm-checkout, standing in for the person who would pay.
 */
export function registerCheckoutPage(app: EmulatorApp, ctx: EmulatorContext): void {
  app.get('/checkout/:id', (c) => {
    const payment = findPayment(ctx, c.req.param('id'));
    if (!payment) return c.html('<!doctype html><title>Checkout</title><p>No such payment.</p>', 404);
    const amount = `$${toDollars(payment.amount).toFixed(2)}`;
    const next =
      payment.status === 'requires_action'
        ? `Complete it with POST /api/agents/v1/${payment.purpose === 'subscription' ? 'subscriptions' : 'wallet'}/confirm-checkout {"payment_id": "${escapeHtml(payment.id)}"}.`
        : 'Nothing is left to do.';
    return c.html(
      `<!doctype html><html><head><meta charset="utf-8"><title>Checkout ${escapeHtml(payment.id)}</title></head>` +
        `<body><h1>Emulated checkout</h1><p>Payment <code>${escapeHtml(payment.id)}</code> of ${amount} ` +
        `(${escapeHtml(payment.purpose)}) is <strong>${escapeHtml(payment.status)}</strong>.</p><p>${next}</p></body></html>`,
    );
  });
}
