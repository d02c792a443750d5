/**
 * A service's advice on retrying an answer, read by the field's shape: `Stripe-Should-Retry`,
 * `X-Should-Retry` (OpenAI's, read by the Stainless clients), any `<vendor>-should-retry`.
 * `true` says the request may be sent again whatever its status; `false` that it must not be,
 * whatever a status would suggest.
 * @module
 */

/** The advice an answer gave, and the field that gave it (for the error's words). */
export interface RetryAdvice {
  readonly retry: boolean;
  /** The field's name as the answer spelled it. */
  readonly field: string;
}

const ADVICE_FIELD = /^(?:[a-z0-9]+-){0,3}should-retry$/i;
/** Field names longer than this are not read: a hostile answer cannot make the scan costly. */
const MAX_FIELD_NAME = 64;

/** Where the advice may be read from; `Headers` satisfies it. */
export interface AdviceSource {
  get(name: string): string | null;
  keys?(): Iterable<string>;
}

/** The retry advice of `headers`, or undefined when there is none (or it is neither true nor false). */
export function retryAdviceOf(headers: AdviceSource): RetryAdvice | undefined {
  for (const name of headers.keys?.() ?? ['stripe-should-retry', 'x-should-retry']) {
    if (name.length > MAX_FIELD_NAME || !ADVICE_FIELD.test(name)) continue;
    const value = headers.get(name)?.trim().toLowerCase();
    if (value === 'true' || value === 'false') return { retry: value === 'true', field: name };
  }
  return undefined;
}
