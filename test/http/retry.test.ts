import { describe, expect, it } from 'vitest';
import {
  NetworkError,
  RateLimitedError,
  ServerError,
  type ServiceError,
  TimeoutError,
  ValidationError,
} from '../../src/http/index.js';
import { resolveRetryOptions, retryDelay, shouldRetry } from '../../src/http/retry.js';

const context = { method: 'POST', url: 'u', message: 'm' };
const options = resolveRetryOptions(undefined);
const cases: Array<[string, ServiceError, boolean, boolean]> = [
  // name, error, retried when safe/keyed, retried when unsafe
  ['429', new RateLimitedError({ ...context, httpStatus: 429 }), true, true],
  ['503', new ServerError({ ...context, httpStatus: 503 }), true, true],
  ['500', new ServerError({ ...context, httpStatus: 500 }), true, false],
  ['502', new ServerError({ ...context, httpStatus: 502 }), true, false],
  ['connection refused', new NetworkError({ ...context, requestSent: false }), true, true],
  ['reset mid-request', new NetworkError({ ...context, requestSent: true }), true, false],
  ['attempt timeout', new TimeoutError({ ...context, phase: 'attempt', timeoutMs: 1 }), true, false],
  ['deadline', new TimeoutError({ ...context, phase: 'total', timeoutMs: 1 }), false, false],
  ['422', new ValidationError({ ...context, httpStatus: 422 }), false, false],
];

describe('which failures are retried', () => {
  it.each(cases)('%s', (_name, error, whenSafe, whenUnsafe) => {
    expect(shouldRetry(error, 'safe', 0, options)).toBe(whenSafe);
    expect(shouldRetry(error, 'keyed', 0, options)).toBe(whenSafe);
    expect(shouldRetry(error, 'unsafe', 0, options)).toBe(whenUnsafe);
  });

  it('stops at the limit', () => {
    const error = new ServerError({ ...context, httpStatus: 503 });
    expect(shouldRetry(error, 'safe', 3, options)).toBe(true);
    expect(shouldRetry(error, 'safe', 4, options)).toBe(false);
    expect(shouldRetry(error, 'safe', 0, resolveRetryOptions(false))).toBe(false);
  });

  it('gives up when the server asks for a wait longer than maxRetryAfterMs', () => {
    const error = new RateLimitedError({ ...context, retryAfterMs: 600_000 });
    expect(shouldRetry(error, 'safe', 0, options)).toBe(false);
  });

  it('lets shouldRetry have the last word', () => {
    const custom = resolveRetryOptions({ shouldRetry: ({ error }) => error.httpStatus === 500 });
    expect(shouldRetry(new ServerError({ ...context, httpStatus: 500 }), 'unsafe', 0, custom)).toBe(true);
  });
});

describe('how long to wait', () => {
  it('uses the server-given delay as is, without jitter', () => {
    const error = new RateLimitedError({ ...context, retryAfterMs: 7_000 });
    expect(retryDelay(error, 0, options, () => 0)).toBe(7_000);
  });

  it('backs off exponentially with full jitter, within backoffLimitMs', () => {
    const error = new ServerError({ ...context, httpStatus: 500 });
    expect(retryDelay(error, 0, options, () => 1)).toBe(500);
    expect(retryDelay(error, 3, options, () => 1)).toBe(4_000);
    expect(retryDelay(error, 3, options, () => 0.5)).toBe(2_000);
    expect(retryDelay(error, 20, options, () => 1)).toBe(30_000);
    expect(retryDelay(error, 1, resolveRetryOptions({ jitter: false }), () => 0)).toBe(1_000);
  });
});
