import { describe, expect, it } from 'vitest';
import {
  errorFromFailedGeneration,
  errorFromStatus,
  type FailedAnswer,
} from '../../src/http/errors/error-from-response.js';
import {
  AuthenticationError,
  ForbiddenError,
  GenerationFailedError,
  InsufficientScopeError,
  NotFoundError,
  PaymentRequiredError,
  parseWwwAuthenticate,
  RateLimitedError,
  ServerError,
  ServiceError,
  ValidationError,
} from '../../src/http/index.js';
import { errorFieldsOf } from '../../src/http/response-body.js';

const answer = (status: number, body: unknown, extra: Partial<FailedAnswer> = {}): FailedAnswer => ({
  method: 'POST',
  url: 'https://api.example.test/api/agents/v1/wallet/fund',
  status,
  fields: errorFieldsOf(body),
  challenges: [],
  ...extra,
});

const envelope = (code: string, message: string, details: unknown = null) => ({
  data: null,
  error: { code, message, details },
  meta: { request_id: 'req_1' },
});

describe('errors by HTTP status', () => {
  it('names the method and URL in the message and keeps the context', () => {
    const error = errorFromStatus(answer(401, envelope('invalid_token', 'The token is unknown.')));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.message).toBe(
      'The token is unknown. (POST https://api.example.test/api/agents/v1/wallet/fund)',
    );
    expect(error).toMatchObject({
      code: 'authentication_failed',
      retryable: false,
      httpStatus: 401,
      serviceCode: 'invalid_token',
      requestId: 'req_1',
    });
  });

  it('reads the required scope from the body', () => {
    const error = errorFromStatus(
      answer(403, envelope('insufficient_scope', 'Needs wallet:write.', { required_scope: 'wallet:write' })),
    );
    expect(InsufficientScopeError.isInstance(error) && error.requiredScope).toBe('wallet:write');
  });

  it('reads the required scope from WWW-Authenticate when the body does not say', () => {
    const challenges = parseWwwAuthenticate(
      'Bearer realm="agents", error="insufficient_scope", scope="billing:read"',
    );
    const error = errorFromStatus(answer(403, { message: 'no' }, { challenges }));
    expect(error).toBeInstanceOf(InsufficientScopeError);
    expect((error as InsufficientScopeError).requiredScope).toBe('billing:read');
  });

  it('tells a plan restriction (403) from a missing scope', () => {
    expect(errorFromStatus(answer(403, envelope('forbidden', 'Plan lacks this.')))).toBeInstanceOf(
      ForbiddenError,
    );
  });

  it('carries the decline code of a declined payment', () => {
    const error = errorFromStatus(
      answer(402, envelope('payment_declined', 'Declined.', { decline_code: 'insufficient_funds' })),
    );
    expect(PaymentRequiredError.isInstance(error) && error.declineCode).toBe('insufficient_funds');
  });

  it('reads the queue limit and the retry time of a queue-limit 429', () => {
    const error = errorFromStatus(
      answer(
        429,
        {
          status: 'error',
          message: 'Rate limit exceeded. Maximum 5 queued requests allowed.',
          retry_after: 30,
        },
        { retryAfterMs: 30_000 },
      ),
    );
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ queueLimit: 5, retryAfterMs: 30_000, retryable: true });
  });

  it('lists the fields of a validation error in both shapes', () => {
    const fromEnvelope = errorFromStatus(
      answer(
        422,
        envelope('validation_error', 'Bad.', { fields: [{ field: 'amount', message: 'must be >= 5' }] }),
      ),
    );
    expect((fromEnvelope as ValidationError).fields).toEqual([{ field: 'amount', message: 'must be >= 5' }]);
    const fromMap = errorFromStatus(
      answer(400, { status: 'error', message: 'Bad.', errors: { prompt: ['is required'] } }),
    );
    expect((fromMap as ValidationError).fields).toEqual([{ field: 'prompt', message: 'is required' }]);
  });

  it('classes 404 and 410 as not found, 5xx as server errors that may pass', () => {
    expect(errorFromStatus(answer(404, {}))).toBeInstanceOf(NotFoundError);
    expect(errorFromStatus(answer(410, {}))).toBeInstanceOf(NotFoundError);
    expect(errorFromStatus(answer(503, {}))).toMatchObject({ code: 'server_error', retryable: true });
    expect(errorFromStatus(answer(501, {}))).toMatchObject({ code: 'server_error', retryable: false });
    expect(errorFromStatus(answer(409, {}))).toMatchObject({ code: 'conflict' });
    expect(errorFromStatus(answer(418, {})).message).toContain('HTTP 418');
  });
});

describe('failures inside HTTP 200', () => {
  it('reads a failed job, with messege spelled the legacy way', () => {
    const error = errorFromFailedGeneration(
      answer(200, { status: 'failed', messege: 'The model crashed.', id: 42 }),
      42,
    );
    expect(error).toBeInstanceOf(GenerationFailedError);
    expect(error).toMatchObject({ code: 'generation_failed', httpStatus: 200, jobId: 42 });
    expect(error.message).toContain('The model crashed.');
  });

  it('classes a validation failure sent with HTTP 200 as a validation error', () => {
    const error = errorFromFailedGeneration(
      answer(200, { status: 'error', message: 'Validation failed.', errors: { width: ['must be integer'] } }),
      undefined,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.httpStatus).toBe(200);
  });

  it('classes a queue-limit message sent with HTTP 200 as rate limited', () => {
    const error = errorFromFailedGeneration(
      answer(200, { status: 'error', message: 'Maximum 10 queued requests allowed.' }),
      undefined,
    );
    expect(error).toBeInstanceOf(RateLimitedError);
  });
});

describe('identity across copies of the package', () => {
  it('recognises an error by its Symbol.for marker, not by its class', () => {
    const foreign = Object.assign(new Error('x'), {
      [Symbol.for('generation-agent-toolkit.error.ServiceError')]: true,
      [Symbol.for('generation-agent-toolkit.error.ServerError')]: true,
    });
    expect(ServiceError.isInstance(foreign)).toBe(true);
    expect(ServerError.isInstance(foreign)).toBe(true);
    expect(NotFoundError.isInstance(foreign)).toBe(false);
    expect(ServiceError.isInstance(new Error('plain'))).toBe(false);
    expect(ServiceError.isInstance(null)).toBe(false);
  });

  it('marks every subclass as a ServiceError too', () => {
    const error = new NotFoundError({ method: 'GET', url: 'u', message: 'm' });
    expect(ServiceError.isInstance(error)).toBe(true);
    expect(error.name).toBe('NotFoundError');
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ code: 'not_found', method: 'GET', url: 'u' });
  });
});
