import type { EmulatorContext } from '../context.js';
import { type Micros, toDollars, toMicros } from '../money.js';
import type { Account } from '../state/records.js';
import { DAY_SECONDS, iso } from './time.js';

interface CouponDefinition {
  readonly amount: Micros;
  /** Expiry relative to the emulator's clock: negative is already expired; null never expires. */
  readonly expiresInDays: number | null;
}

/** The coupons the emulated service knows; codes are case-insensitive. */
const COUPONS: Readonly<Record<string, CouponDefinition>> = {
  WELCOME5: { amount: toMicros(5), expiresInDays: null },
  AGENT20: { amount: toMicros(20), expiresInDays: 365 },
  EXPIRED10: { amount: toMicros(10), expiresInDays: -1 },
};

/** A coupon as one account sees it now. */
export type CouponState =
  | { readonly kind: 'unknown'; readonly code: string }
  | {
      readonly kind: 'valid' | 'expired' | 'redeemed';
      readonly code: string;
      readonly amount: Micros;
      readonly expiresAt: number | null;
    };

/** The transaction reference of a redemption: how "once per account" is remembered. */
export function couponReference(code: string): string {
  return `coupon:${code}`;
}

/** What `code` means for `account` now: unknown, valid, expired or already redeemed. */
export function couponState(ctx: EmulatorContext, account: Account, rawCode: string): CouponState {
  const code = rawCode.trim().toUpperCase();
  const definition = COUPONS[code];
  if (!definition) return { kind: 'unknown', code };
  const now = ctx.clock.now();
  const expiresAt =
    definition.expiresInDays === null ? null : now + ctx.serviceMs(definition.expiresInDays * DAY_SECONDS);
  const redeemed = account.transactions.some(
    (transaction) => transaction.reference === couponReference(code),
  );
  const kind = redeemed ? 'redeemed' : expiresAt !== null && expiresAt <= now ? 'expired' : 'valid';
  return { kind, code, amount: definition.amount, expiresAt };
}

/** The Coupon record. */
export function serializeCoupon(state: CouponState): Record<string, unknown> {
  if (state.kind === 'unknown') return { code: state.code, valid: false, reason: 'unknown' };
  return {
    code: state.code,
    valid: state.kind === 'valid',
    amount: toDollars(state.amount),
    expires_at: state.expiresAt === null ? null : iso(state.expiresAt),
    ...(state.kind === 'valid' ? {} : { reason: state.kind === 'expired' ? 'expired' : 'already_redeemed' }),
  };
}
