/**
 * Errors of the call itself rather than of an HTTP status: the network, time, unreadable
 * answers, refusals made before sending, and failures the service reports inside HTTP 200.
 * @module
 */
import { hasMarker, markError, ServiceError, type ServiceErrorContext } from './service-error.js';

type Context = ServiceErrorContext & { readonly message: string };

const marker = (name: string) => Symbol.for(`generation-agent-toolkit.error.${name}`);
const NETWORK = marker('NetworkError');
const TIMEOUT = marker('TimeoutError');
const RESPONSE_FORMAT = marker('ResponseFormatError');
const GENERATION_FAILED = marker('GenerationFailedError');
const UNTRUSTED_ORIGIN = marker('UntrustedOriginError');
const SUNSET = marker('SunsetError');

/** The connection failed. `requestSent` false means the service provably never saw the request. */
export class NetworkError extends ServiceError {
  declare readonly code: 'network_error';
  readonly requestSent: boolean;
  /** @internal Made by the toolkit; callers read its fields. */
  constructor(context: Context & { readonly requestSent: boolean }) {
    super({ ...context, code: 'network_error', retryable: true });
    this.requestSent = context.requestSent;
    markError(this, NETWORK);
  }
  static override isInstance(error: unknown): error is NetworkError {
    return hasMarker(error, NETWORK);
  }
}

/** An attempt (`attempt`) or the whole call with its retries and waits (`total`) ran out of time. */
export class TimeoutError extends ServiceError {
  declare readonly code: 'timeout';
  readonly phase: 'attempt' | 'total';
  readonly timeoutMs: number;
  /** @internal Made by the toolkit; callers read its fields. */
  constructor(context: Context & { readonly phase: 'attempt' | 'total'; readonly timeoutMs: number }) {
    super({ ...context, code: 'timeout', retryable: true });
    this.phase = context.phase;
    this.timeoutMs = context.timeoutMs;
    markError(this, TIMEOUT);
  }
  static override isInstance(error: unknown): error is TimeoutError {
    return hasMarker(error, TIMEOUT);
  }
}

/** The answer could not be read: a cut JSON body, HTML where JSON was due, a wrong content type. */
export class ResponseFormatError extends ServiceError {
  declare readonly code: 'response_format';
  /** @internal Made by the toolkit; callers read its fields. */
  constructor(context: Context) {
    super({ ...context, code: 'response_format', retryable: true });
    markError(this, RESPONSE_FORMAT);
  }
  static override isInstance(error: unknown): error is ResponseFormatError {
    return hasMarker(error, RESPONSE_FORMAT);
  }
}

/** A generation the service reports as failed: `status: "error" | "failed"`, often with HTTP 200. */
export class GenerationFailedError extends ServiceError {
  declare readonly code: 'generation_failed';
  /** The job's id, when the failure concerns a queued job. */
  readonly jobId: string | number | undefined;
  /** @internal Made by the toolkit; callers read its fields. */
  constructor(context: Context & { readonly jobId?: string | number | undefined }) {
    super({ ...context, code: 'generation_failed', retryable: false });
    this.jobId = context.jobId;
    markError(this, GENERATION_FAILED);
  }
  static override isInstance(error: unknown): error is GenerationFailedError {
    return hasMarker(error, GENERATION_FAILED);
  }
}

/** Refused before sending: the credential would have gone to an origin the client does not trust. */
export class UntrustedOriginError extends ServiceError {
  declare readonly code: 'untrusted_origin';
  readonly origin: string;
  /** @internal Made by the toolkit; callers read its fields. */
  constructor(context: Context & { readonly origin: string }) {
    super({ ...context, code: 'untrusted_origin', retryable: false });
    this.origin = context.origin;
    markError(this, UNTRUSTED_ORIGIN);
  }
  static override isInstance(error: unknown): error is UntrustedOriginError {
    return hasMarker(error, UNTRUSTED_ORIGIN);
  }
}

/** The API version or operation is past its `Sunset` date. */
export class SunsetError extends ServiceError {
  declare readonly code: 'sunset';
  readonly sunsetAt: Date;
  readonly version: string | undefined;
  /** @internal Made by the toolkit; callers read its fields. */
  constructor(context: Context & { readonly sunsetAt: Date; readonly version?: string | undefined }) {
    super({ ...context, code: 'sunset', retryable: false });
    this.sunsetAt = context.sunsetAt;
    this.version = context.version;
    markError(this, SUNSET);
  }
  static override isInstance(error: unknown): error is SunsetError {
    return hasMarker(error, SUNSET);
  }
}
