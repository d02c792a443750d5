import { describe, expect, it } from 'vitest';
import { topUpIfBelowThreshold } from '../../src/control-plane/auto-funding.js';
import { cardFromToken } from '../../src/control-plane/test-cards.js';
import { createEmulatorContext } from '../../src/emulator.js';
import { toDollars, toMicros } from '../../src/money.js';
import { CANARY_PASSWORD } from './support.js';

function accountWith(card: string, balance: number) {
  const ctx = createEmulatorContext({ clock: 'manual', initialCredits: balance });
  const account = ctx.state.createAccount({
    email: 'auto@example.test',
    password: CANARY_PASSWORD,
    name: 'A',
  });
  const method = cardFromToken({ token: card, id: 'pm_auto', now: ctx.clock.now() });
  if (!method) throw new Error(card);
  account.paymentMethods.push(method);
  account.autoFunding = {
    enabled: true,
    threshold: toMicros(5),
    amount: toMicros(20),
    paymentMethodId: method.id,
  };
  return { ctx, account };
}

describe('auto-funding', () => {
  it('tops up under the threshold, once it is crossed', () => {
    const { ctx, account } = accountWith('pm_card_visa', 4);
    expect(topUpIfBelowThreshold(ctx, account)?.status).toBe('succeeded');
    expect(toDollars(account.balance)).toBe(24);
    expect(topUpIfBelowThreshold(ctx, account)).toBeUndefined();
    expect(account.invoices).toHaveLength(1);
  });

  it('leaves the balance alone when the card declines or needs a person', () => {
    for (const card of ['pm_card_chargeDeclined', 'pm_card_threeDSecureRequired']) {
      const { ctx, account } = accountWith(card, 1);
      expect(['failed', 'canceled']).toContain(topUpIfBelowThreshold(ctx, account)?.status);
      expect(toDollars(account.balance)).toBe(1);
    }
  });
});
