/**
 * A payment that waits for the person (3-D Secure, a bank's redirect): the service answered, but
 * nothing is paid until the person completes it at an address. Such an answer is never a success
 * for the model: it is told that the payment waits for the person, and the address goes to the
 * person (URL-mode elicitation) rather than through the model where the client allows.
 * @module
 */

import type { ToolFailure, ToolResult } from '../../tools/tool-result.js';

/** What the person must do, read from the answer. */
export interface AwaitedPayment {
  /** Where the person completes the payment. */
  readonly url: string;
  /** The payment's id, when the answer gives one. */
  readonly paymentId?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function webAddress(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 4096) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The address of a `next_action` in the shapes payment services use. */
function actionAddress(action: unknown): string | undefined {
  if (!isRecord(action)) return undefined;
  const nested = isRecord(action.redirect_to_url) ? action.redirect_to_url : undefined;
  return (
    webAddress(action.redirect_url) ??
    webAddress(nested?.url) ??
    webAddress(action.url) ??
    webAddress(action.hosted_url)
  );
}

/**
 * The payment a successful result leaves waiting for the person: a record with
 * `status: "requires_action"` (the convention of card payment services) and a `next_action` with
 * an address, at the top of the answer or one level down (`payment`, `data`...). Undefined for
 * any other result.
 */
export function awaitedPayment(result: ToolResult): AwaitedPayment | undefined {
  if (result.status !== 'success' || !isRecord(result.data)) return undefined;
  const candidates = [result.data, ...Object.values(result.data).filter(isRecord)];
  for (const record of candidates) {
    if (record.status !== 'requires_action') continue;
    const url = actionAddress(record.next_action) ?? actionAddress(record);
    if (url === undefined) continue;
    return { url, ...(typeof record.id === 'string' ? { paymentId: record.id } : {}) };
  }
  return undefined;
}

/**
 * What the model reads instead of a success: the payment is not done, it waits for the person.
 * `sentToPerson` says whether the address went to the person through the client; if not, the
 * model is given it to pass on.
 */
export function awaitedPaymentResult(
  operationId: string,
  payment: AwaitedPayment,
  sentToPerson: boolean,
): ToolFailure & { readonly operationId: string; readonly paymentId?: string; readonly actionUrl?: string } {
  const which = payment.paymentId ? `Payment ${payment.paymentId}` : 'The payment';
  return {
    ok: false,
    status: 'error',
    code: 'payment_requires_action',
    operationId,
    ...(payment.paymentId ? { paymentId: payment.paymentId } : {}),
    ...(sentToPerson ? {} : { actionUrl: payment.url }),
    message: `${which} is not complete: it waits for the person to confirm it with their bank (3-D Secure). Nothing is paid until they do.`,
    retryable: false,
    hint: sentToPerson
      ? 'The person was given the address to confirm it. Do not pay again; once they say they confirmed, check the wallet balance or the payment.'
      : 'Give the person actionUrl to confirm the payment themselves. Do not pay again; once they say they confirmed, check the wallet balance or the payment.',
  };
}
