/**
 * Distinctive secrets threaded through the reliability suites. Each is long enough for the
 * redactor to register (six characters or more) and short enough that a truncated echo (40
 * characters) would still show it whole, so a leak is never hidden by an ellipsis.
 * @module
 */

/** A generation API key the suites hand to sessions that never reach the real emulator. */
export const CANARY_KEY = 'CANARY-KEY-5d1e0c7a9b';
/** A control-plane token, given to sessions as `auth: { token }`. */
export const CANARY_TOKEN = 'CANARY-TOKEN-8c2f4e6a1d';
/** A password: the emulator accepts it for accounts the suites create. */
export const CANARY_PASSWORD = 'CANARY-PASS-3b7d9f2e4c';
/** A verification code, answered by claim handlers of hostile services. */
export const CANARY_CODE = 'CANARY-CODE-6e1a8d3f5b';

/** Every fixed canary. */
export const CANARIES: readonly string[] = [CANARY_KEY, CANARY_TOKEN, CANARY_PASSWORD, CANARY_CODE];
