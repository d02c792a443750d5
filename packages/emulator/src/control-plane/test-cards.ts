import type { PaymentMethod } from '../state/records.js';

type CardBehaviour = PaymentMethod['behaviour'];

interface TestCard {
  readonly brand: string;
  readonly last4: string;
  readonly behaviour: CardBehaviour;
}

/**
 * Stripe-style test card tokens the emulated payment form produces. Each behaves the same way every
 * time, so a client can rehearse success, 3-D Secure and declines.
 */
export const TEST_CARDS: Readonly<Record<string, TestCard>> = {
  pm_card_visa: { brand: 'visa', last4: '4242', behaviour: 'succeeds' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', behaviour: 'succeeds' },
  pm_card_threeDSecureRequired: { brand: 'visa', last4: '3184', behaviour: 'requires_action' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', behaviour: { declineCode: 'card_declined' } },
  pm_card_insufficientFunds: {
    brand: 'visa',
    last4: '9995',
    behaviour: { declineCode: 'insufficient_funds' },
  },
};

/** The tokens, for messages that list what is accepted. */
export const TEST_CARD_TOKENS = Object.keys(TEST_CARDS);

/** A payment method made from a test card token, or undefined for an unknown token. */
export function cardFromToken(options: {
  token: string;
  id: string;
  now: number;
}): PaymentMethod | undefined {
  const card = TEST_CARDS[options.token];
  if (!card) return undefined;
  return {
    id: options.id,
    brand: card.brand,
    last4: card.last4,
    expMonth: 12,
    expYear: new Date(options.now).getUTCFullYear() + 3,
    behaviour: card.behaviour,
  };
}
