/**
 * Whether the account's plan covers a model. Known only when the session may read the account's
 * subscriptions; otherwise said to be unknown, never assumed either way.
 * @module
 */

/** What the session knows of the account's plan. */
export type PlanCoverage =
  /** The account's active plan (`standard`). */
  | { readonly kind: 'plan'; readonly plan: string }
  /** The account has no active plan: nothing is covered. */
  | { readonly kind: 'none' }
  /** The plan could not be read; the reason says why. */
  | { readonly kind: 'unknown'; readonly reason: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The active plan in an answer listing subscriptions (`{ data: [{ plan_id, status }] }`, or the
 * list itself). An answer of another shape leaves the coverage unknown.
 */
export function planFromSubscriptions(body: unknown): PlanCoverage {
  const list = Array.isArray(body) ? body : isRecord(body) ? body.data : undefined;
  if (!Array.isArray(list)) return { kind: 'unknown', reason: 'the subscriptions answer holds no list' };
  const active = list.find((entry) => isRecord(entry) && entry.status === 'active');
  if (!isRecord(active)) return { kind: 'none' };
  const plan = active.plan_id ?? active.plan;
  if (typeof plan === 'string' && plan) return { kind: 'plan', plan };
  if (isRecord(plan) && typeof plan.id === 'string') return { kind: 'plan', plan: plan.id };
  return { kind: 'unknown', reason: 'the active subscription does not name its plan' };
}
