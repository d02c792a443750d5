import type { Account } from './state/records.js';

export interface Plan {
  readonly id: string;
  readonly name: string;
  /** Monthly price in US dollars. */
  readonly price: number;
  /** Queued generation requests allowed at once (service-facts.md: 5, 10 or 15 by plan). */
  readonly queueLimit: number;
  /** Credits added to the wallet at the start of each cycle. */
  readonly monthlyCredits: number;
  readonly features: readonly string[];
}

export const PLANS: readonly Plan[] = [
  {
    id: 'basic',
    name: 'Basic',
    price: 9,
    queueLimit: 5,
    monthlyCredits: 10,
    features: ['image', 'audio', 'llm'],
  },
  {
    id: 'standard',
    name: 'Standard',
    price: 29,
    queueLimit: 10,
    monthlyCredits: 35,
    features: ['image', 'audio', 'llm', 'video', 'image-editing'],
  },
  {
    id: 'premium',
    name: 'Premium',
    price: 99,
    queueLimit: 15,
    monthlyCredits: 120,
    features: ['image', 'audio', 'llm', 'video', 'image-editing', '3d', 'training'],
  },
];

export function findPlan(id: string): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** The plan of the account's active subscription, if any. */
export function activePlan(account: Account): Plan | undefined {
  const active = account.subscriptions.find((subscription) => subscription.status === 'active');
  return active ? findPlan(active.planId) : undefined;
}
