/**
 * The HTTP core: the one way out to the network for every other layer.
 *
 * Any new export added here becomes public API. Use named exports, not wildcards.
 * @module
 */
export { HttpClient } from './client.js';
export type { HttpClientOptions, HttpMethod, HttpRequest, HttpResponse } from './client-options.js';
export { type Clock, systemClock } from './clock.js';
export {
  type ConnectionFailure,
  type ConnectionFailureKind,
  describeConnectionFailure,
} from './connection-failure.js';
export type { CredentialPlacement, CredentialRef, CredentialSource } from './credentials.js';
export {
  createDefaultTransport,
  defaultTransportKind,
  type TransportKind,
} from './default-transport.js';
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
export {
  ServiceError,
  type ServiceErrorCode,
  type ServiceErrorContext,
  sameCallAs,
} from './errors/service-error.js';
export { UnexpectedRedirectError } from './errors/unexpected-redirect-error.js';
export { UnsafeAnswerError } from './errors/unsafe-answer-error.js';
export type { CallEvent, HttpEvent, HttpEventHandler } from './events.js';
export { type GovernedTransportOptions, governedTransport } from './governed-transport.js';
export { type DeprecationInfo, isDeprecatedAt, parseDeprecation } from './headers/deprecation.js';
export { parseHttpDate } from './headers/http-date.js';
export { linksWithRelation } from './headers/link.js';
export { type HeaderSource, parseRateLimitFields, type RateLimitObservation } from './headers/rate-limit.js';
export {
  type NamedPolicy,
  type Policies,
  policiesOf as parseRateLimitPolicy,
} from './headers/rate-limit-policy.js';
export { parseRetryAfter, parseRetryAfterMs } from './headers/retry-after.js';
export { parseSunset } from './headers/sunset.js';
export {
  type AuthChallenge,
  parseWwwAuthenticate,
  requiredScopeFromChallenges,
} from './headers/www-authenticate.js';
export {
  rejectUnknownHttpOptions,
  SESSION_HTTP_OPTION_KEYS,
  type SessionHttpOptions,
} from './http-option-keys.js';
export { isNonPublicHost } from './non-public-host.js';
export type { JobSlot } from './rate-limit/job-slots.js';
export {
  type AnswerDue,
  type BucketState,
  type ConcurrencyHolder,
  type ConcurrencyRecord,
  type ConcurrencyWaiting,
  type CountedRequests,
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
export { isRedisReplyError, RedisScript } from './rate-limit/redis-script.js';
export { ThrottleDeadlineError } from './rate-limit/throttle-deadline-error.js';
export {
  type PermitOutcome,
  type PublishedQuota,
  type RateLimitBelief,
  RateLimitGovernor,
  type RateLimitGovernorOptions,
  type RateLimitPermit,
  type RequestPriority,
  type ThrottleWait,
} from './rate-limit-governor.js';
export { CAPABILITY_PREFIX, isSecretField, REDACTED, Redactor, type RedactorOptions } from './redact.js';
export { isRecord, jsonFailureOf } from './response-body.js';
export {
  DEFAULT_MAX_RESPONSE_BYTES,
  limitStream,
  ResponseTooLargeFailure,
  readBytesWithinLimit,
  readTextWithinLimit,
} from './response-size-limit.js';
export type { Idempotency, RetryOptions } from './retry.js';
export type { StreamMasker } from './stream-masker.js';
export {
  createFetchTransport,
  type FetchFunction,
  RawHeaders,
  type ResponseHeaders,
  type Transport,
  TransportFailure,
  type TransportRequest,
  type TransportResponse,
} from './transport.js';
export { createUndiciTransport, type UndiciTransportOptions } from './undici-transport.js';
export type { ServiceWarning } from './versioning.js';
