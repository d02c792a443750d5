import type { ControlPlaneOperation } from '../catalogue/types.js';

/**
 * Operations whose success is 201 Created. The catalogue does not carry success statuses, so the
 * document keeps them here.
 */
const CREATES: ReadonlySet<string> = new Set([
  'post_auth_signup',
  'post_api_keys',
  'post_uploads',
  'post_uploads_base64',
  'post_billing_payment_methods',
  'post_subscriptions',
  'post_teams',
]);

/** Payments that can need the payer's action (3-D Secure) and then answer 202 (service-facts.md). */
const MAY_NEED_ACTION: ReadonlySet<string> = new Set([
  'post_wallet_fund',
  'post_subscriptions',
  'put_subscriptions_by_id',
  'post_subscriptions_by_id_fix_payment',
]);

/** The success statuses of an operation, with what each means. */
export function successStatuses(
  operation: ControlPlaneOperation,
): Array<[status: string, description: string]> {
  const statuses: Array<[string, string]> = [
    CREATES.has(operation.operationId) ? ['201', 'Created.'] : ['200', 'Done.'],
  ];
  if (MAY_NEED_ACTION.has(operation.operationId)) {
    statuses.push([
      '202',
      'Accepted, but the payment needs the payer\u2019s action (3-D Secure): `data.payment.status` is `requires_action` and `data.payment.next_action` says what to do; then confirm the checkout.',
    ]);
  }
  return statuses;
}
