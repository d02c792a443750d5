import type { EmulatorContext } from '../context.js';
import type { Account, Payment } from '../state/records.js';
import { charge } from './payments.js';

/**
 * Tops the wallet up when auto-funding is on and the balance has fallen under its threshold:
 * charges the chosen card for the configured amount and credits it if the charge succeeds. A card
 * that declines or needs 3-D Secure leaves the balance as it is (nobody is there to confirm).
 *
 * The generation API can call this after it debits a job. Returns the payment, if one was made.
 */
export function topUpIfBelowThreshold(ctx: EmulatorContext, account: Account): Payment | undefined {
  const { enabled, threshold, amount, paymentMethodId } = account.autoFunding;
  if (!enabled || threshold === null || amount === null || account.balance >= threshold) return undefined;
  const method = account.paymentMethods.find((candidate) => candidate.id === paymentMethodId);
  if (!method) return undefined;
  const payment = charge(ctx, { account, amount, method, purpose: { purpose: 'wallet_funding' } });
  if (payment.status === 'succeeded') ctx.state.credit(account, payment.amount, 'Auto-funding', payment.id);
  // A top-up that cannot complete unattended is dropped rather than left waiting for a person.
  if (payment.status === 'requires_action') payment.status = 'canceled';
  return payment;
}
