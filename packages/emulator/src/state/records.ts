import type { ControlPlaneScope } from '../catalogue/types.js';
import type { Micros } from '../money.js';

export type TokenExpiry = '1_week' | '1_month' | '3_months' | 'never';

/** The scopes a token carries: `*` or an explicit list. */
export type GrantedScopes = '*' | readonly ControlPlaneScope[];

export interface AutoFunding {
  enabled: boolean;
  threshold: Micros | null;
  amount: Micros | null;
  paymentMethodId: string | null;
}

export interface Transaction {
  readonly id: string;
  readonly type: 'credit' | 'debit';
  readonly amount: Micros;
  readonly balanceAfter: Micros;
  readonly description: string;
  /** What caused it: a payment id, a job id, a coupon code. */
  readonly reference: string;
  readonly createdAt: number;
}

export interface UsageRecord {
  readonly id: string;
  readonly operationId: string;
  readonly category: string;
  status: 'success' | 'processing' | 'failed' | 'error';
  readonly credits: Micros;
  readonly createdAt: number;
}

export interface PaymentMethod {
  readonly id: string;
  readonly brand: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
  /** Test-card behaviour: always succeeds, needs 3-D Secure, or is declined with this code. */
  readonly behaviour: 'succeeds' | 'requires_action' | { readonly declineCode: string };
}

export interface Payment {
  readonly id: string;
  readonly accountId: string;
  readonly amount: Micros;
  status: 'succeeded' | 'requires_action' | 'processing' | 'failed' | 'canceled';
  readonly purpose: 'wallet_funding' | 'subscription' | 'invoice';
  readonly paymentMethodId: string | null;
  readonly createdAt: number;
  /** For subscription payments: the subscription it pays. */
  readonly subscriptionId?: string;
  /** For subscription payments: the plan it buys, and what its success does to the subscription. */
  readonly planId?: string;
  readonly subscriptionAction?: 'start' | 'change' | 'renew';
  /** For failed payments: why the card was declined (`card_declined`, `insufficient_funds`). */
  readonly declineCode?: string;
}

export interface Invoice {
  readonly id: string;
  readonly number: string;
  readonly amount: Micros;
  status: 'paid' | 'open' | 'void';
  readonly description: string;
  readonly createdAt: number;
  readonly paymentId: string | null;
  /** For subscription invoices: the subscription billed (an unpaid renewal leaves one open). */
  readonly subscriptionId?: string;
}

export interface BillingInfo {
  name: string | null;
  email: string | null;
  address: { line1?: string; city?: string; postal_code?: string; country?: string } | null;
  taxId: string | null;
}

export interface Subscription {
  readonly id: string;
  planId: string;
  status: 'active' | 'paused' | 'past_due' | 'incomplete' | 'canceled';
  periodStart: number;
  periodEnd: number;
  paymentId: string | null;
}

export interface Member {
  readonly id: string;
  readonly accountId: string | null;
  readonly email: string;
  role: 'owner' | 'admin' | 'member';
  status: 'active' | 'invited';
  /** Invitation id while status is invited. */
  readonly inviteId: string;
}

export interface Account {
  readonly id: string;
  readonly kind: 'user' | 'team';
  email: string;
  name: string;
  username: string;
  /** scrypt hash, `salt:hash` in hex; null for team accounts, which have no password. */
  passwordHash: string | null;
  verified: boolean;
  readonly createdAt: number;
  preferences: Record<string, unknown>;
  socials: Record<string, string>;
  balance: Micros;
  autoFunding: AutoFunding;
  readonly transactions: Transaction[];
  readonly usage: UsageRecord[];
  billingInfo: BillingInfo;
  readonly paymentMethods: PaymentMethod[];
  defaultPaymentMethodId: string | null;
  readonly invoices: Invoice[];
  readonly subscriptions: Subscription[];
  readonly payments: Payment[];
  /** Team accounts: their members (the owner included). */
  readonly members: Member[];
}

export interface TokenRecord {
  readonly id: string;
  /** SHA-256 of the secret; the secret itself is never kept. */
  readonly secretHash: string;
  /** The user the token belongs to. */
  readonly userId: string;
  /** The account the token acts for: the user, or a team after switch-account. */
  readonly contextAccountId: string;
  readonly scopes: GrantedScopes;
  readonly expiry: TokenExpiry;
  readonly expiresAt: number | null;
  readonly deviceName: string;
  readonly createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export interface ApiKeyRecord {
  readonly id: string;
  readonly secretHash: string;
  readonly prefix: string;
  readonly accountId: string;
  name: string;
  readonly createdAt: number;
  lastUsedAt: number | null;
  deletedAt: number | null;
}

export interface MailMessage {
  readonly id: string;
  readonly to: string;
  readonly from: string;
  readonly subject: string;
  readonly text: string;
  /** ISO 8601 time on the emulator clock. */
  readonly sentAt: string;
  readonly kind: 'verification' | 'password-reset' | 'invitation';
  /** The code, token or invitation id the text carries, for test convenience. */
  readonly code: string;
}
