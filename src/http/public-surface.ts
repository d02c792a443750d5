/**
 * generation-agent-toolkit/http: the HTTP core's extension points, for a user who brings their
 * own transport, shares one quota across processes, or sends requests of their own through a
 * session's governor; and the error classes of the service's answers, one per kind of failure.
 *
 * Everything else under `src/http` (the header parsers, the ledger of the governor, redaction,
 * the body readers) is machinery and stays internal. Any new export added here becomes public
 * API, and `api/http.api.md` shows it as a diff: use named exports, not wildcards.
 *
 * @example
 * ```ts
 * import { connect } from 'generation-agent-toolkit';
 * import { RedisRateLimitStore } from 'generation-agent-toolkit/http';
 * import { createClient } from 'redis';
 *
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const session = await connect({
 *   baseUrl: 'https://api.example.com',
 *   http: { rateLimit: { store: new RedisRateLimitStore({ client: redis }) } },
 * });
 * ```
 * @module generation-agent-toolkit/http
 */

// The client every session sends through, and its options.
export { HttpClient } from './client.js';
export type { HttpClientOptions, HttpMethod, HttpRequest, HttpResponse } from './client-options.js';
export type { Clock } from './clock.js';
export type { CredentialPlacement, CredentialRef, CredentialSource } from './credentials.js';
export {
  createDefaultTransport,
  defaultTransportKind,
  type TransportKind,
} from './default-transport.js';
// The service's answers: each a `ServiceError` (exported by the root entry) with its own `code`.
export {
  GenerationFailedError,
  NetworkError,
  ResponseFormatError,
  SunsetError,
  TimeoutError,
  UntrustedOriginError,
} from './errors/call-errors.js';
export {
  AuthenticationError,
  type FieldProblem,
  ForbiddenError,
  InsufficientScopeError,
  NotFoundError,
  PaymentRequiredError,
  RateLimitedError,
  ServerError,
  ValidationError,
} from './errors/http-status-errors.js';
export { ResponseTooLargeError } from './errors/response-too-large-error.js';
export type { ServiceErrorCode, ServiceErrorContext } from './errors/service-error.js';
export { UnexpectedRedirectError } from './errors/unexpected-redirect-error.js';
export { UnsafeAnswerError } from './errors/unsafe-answer-error.js';
export type { CallEvent, HttpEvent, HttpEventHandler } from './events.js';
// The rate-limit governor, its stores, and requests of one's own that wait for it.
export { type GovernedTransportOptions, governedTransport } from './governed-transport.js';
export type { SessionHttpOptions } from './http-option-keys.js';
export {
  type AnswerDue,
  type BucketState,
  type ConcurrencyHolder,
  type ConcurrencyRecord,
  type ConcurrencyWaiting,
  type CountedRequests,
  type FollowUpDue,
  type InFlightLease,
  MemoryRateLimitStore,
  type RateLimitStore,
  type RouteScope,
  type RouteScopeRecord,
  type VersionedBucketState,
} from './rate-limit/rate-limit-store.js';
export { RateLimitStoreError } from './rate-limit/rate-limit-store-error.js';
export {
  type RedisCommandClient,
  RedisRateLimitStore,
  type RedisRateLimitStoreOptions,
} from './rate-limit/redis-rate-limit-store.js';
export { ThrottleDeadlineError } from './rate-limit/throttle-deadline-error.js';
export {
  type PublishedQuota,
  type RateLimitBelief,
  RateLimitGovernor,
  type RateLimitGovernorOptions,
  type RequestPriority,
  type ThrottleWait,
} from './rate-limit-governor.js';
export { RawHeaders } from './raw-headers.js';
// Redaction as the HTTP core applies it, for a program that shows a request to a person.
export { isSecretField, REDACTED } from './redact.js';
export { ResponseTooLargeFailure } from './response-size-limit.js';
export type { Idempotency, RetryOptions } from './retry.js';
// Transports: how a request reaches the network.
export {
  createFetchTransport,
  type FetchFunction,
  type ResponseHeaders,
  type Transport,
  TransportFailure,
  type TransportRequest,
  type TransportResponse,
} from './transport.js';
export { createUndiciTransport, type UndiciTransportOptions } from './undici-transport.js';
