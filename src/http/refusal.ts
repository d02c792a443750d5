/**
 * Whether an answer is the service refusing for a limit, and which kind: a rate (too many
 * requests over time) or requests in flight (GitHub's "secondary rate limit", "too many
 * concurrent requests"). A refusal is a measurement the governor learns from and a call the
 * client retries: 429 and 503 always are, any other 5xx when its words
 * say the server is overloaded (Anthropic's 529); a 403 is one when it says so (a `Retry-After`, the
 * rate-limit fields showing the quota spent, or its words), since GitHub refuses with 403.
 * @module
 */
import type { RateLimitObservation } from './headers/rate-limit.js';
import type { ResponseHeaders } from './transport.js';

export type RefusalKind = 'rate' | 'in-flight';

const IN_FLIGHT_WORDS =
  /\b(secondary rate limit|concurrent requests?|requests? in (flight|progress)|too many (concurrent|simultaneous|parallel) (requests|connections))\b/i;
const RATE_WORDS = /\b(rate[ -]?limit\w*|too many requests|quota exceeded|throttl\w*)\b/i;
/** Words of a server turning requests down while overloaded (Anthropic's 529 `Overloaded`). */
const OVERLOAD_WORDS = /\b(overload\w*|over capacity|at capacity)\b/i;

/** Whether a refusal's words speak of requests in flight rather than of a rate. */
export function speaksOfRequestsInFlight(message: string | undefined): boolean {
  return message !== undefined && IN_FLIGHT_WORDS.test(message);
}

/** The kind of refusal an answer is, or undefined when it is none. */
export function refusalOf(answer: {
  readonly status: number;
  readonly headers: ResponseHeaders;
  readonly observations: readonly RateLimitObservation[];
  readonly message: string | undefined;
}): RefusalKind | undefined {
  const { status, headers, observations, message } = answer;
  const kind: RefusalKind = speaksOfRequestsInFlight(message) ? 'in-flight' : 'rate';
  const saysWait = headers.get('retry-after') !== null || headers.get('retry-after-ms') !== null;
  if (status === 429) return kind;
  // A 503 turns the request down without acting on it, with a wait or without (an overload,
  // maintenance): without one, the governor holds the origin's callers for a shared backoff.
  if (status === 503) return kind;
  // Any other 5xx that says it is overloaded (Anthropic's 529 `overloaded_error`) turned the
  // request down without acting on it, as a 503 does: a refusal, whatever its number.
  if (status >= 500) return message !== undefined && OVERLOAD_WORDS.test(message) ? kind : undefined;
  if (status !== 403) return undefined;
  const spent = observations.some((observation) => observation.remaining === 0);
  if (saysWait || spent || (message !== undefined && (RATE_WORDS.test(message) || kind === 'in-flight')))
    return kind;
  return undefined;
}
