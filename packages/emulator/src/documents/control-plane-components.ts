import { CONTROL_PLANE_SCHEMAS } from '../catalogue/control-plane-schemas.js';
import { ERROR_CODES } from '../catalogue/error-codes.js';
import type { JsonSchema } from '../catalogue/types.js';
import { HEADER_COMPONENTS, RATE_LIMIT_HEADERS } from './generation-components.js';

const schemaRef = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

const codesOf = (status: number) =>
  ERROR_CODES.filter((error) => error.status === status)
    .map((error) => error.code)
    .join(', ');

function errorResponse(description: string, headers: Record<string, unknown> = {}) {
  return {
    description,
    headers: { ...RATE_LIMIT_HEADERS, ...headers },
    content: { 'application/json': { schema: schemaRef('ErrorEnvelope') } },
  };
}

/** The error answers of control-plane operations, by status and components.responses name. */
export const CONTROL_PLANE_ERROR_RESPONSES = {
  '400': 'BadRequest',
  '401': 'Unauthorized',
  '402': 'PaymentDeclined',
  '403': 'Forbidden',
  '404': 'NotFound',
  '422': 'ValidationFailed',
  '429': 'TooManyRequests',
  '500': 'ServerError',
  '503': 'ServiceUnavailable',
} as const;

/** Components of the control-plane document: its records, the envelope, security, headers and errors. */
export function controlPlaneComponents(): Record<string, unknown> {
  const retryAfter = { 'Retry-After': { $ref: '#/components/headers/Retry-After' } };
  return {
    securitySchemes: {
      agentToken: {
        type: 'http',
        scheme: 'bearer',
        description:
          'A control-plane access token (POST /auth/login) as `Authorization: Bearer <token>`. A token carries scopes; `*` grants them all. The scope an operation needs is its `x-required-scope`, and the scope listed in its security requirement.',
      },
    },
    schemas: {
      ...CONTROL_PLANE_SCHEMAS,
      ErrorEnvelope: {
        type: 'object',
        description: 'Every failed answer: `data` is null and `error` says what went wrong.',
        required: ['data', 'error', 'meta'],
        properties: { data: { type: 'null' }, error: schemaRef('Error'), meta: schemaRef('Meta') },
      },
    },
    parameters: {
      IdempotencyKey: {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'A unique key (a UUID is fine) for this money-moving request. Send the same key when you retry the same request: the service answers the first result again, with `meta.idempotency_replay: true`, instead of charging twice. Use a new key for a new request.',
        schema: { type: 'string', minLength: 1, maxLength: 255 },
      },
    },
    headers: {
      ...HEADER_COMPONENTS,
      'WWW-Authenticate': {
        description:
          'On insufficient_scope: `Bearer error="insufficient_scope", scope="<the required scope>"`.',
        schema: { type: 'string' },
      },
    },
    responses: {
      BadRequest: errorResponse(`The request is malformed (${codesOf(400)}).`),
      Unauthorized: errorResponse(`The token or credentials are missing or not valid (${codesOf(401)}).`),
      PaymentDeclined: errorResponse(
        'The payment was declined (payment_declined); `error.details.decline_code` says why. Use another payment method.',
      ),
      Forbidden: errorResponse(
        `Not allowed (${codesOf(403)}). For insufficient_scope, \`error.details.required_scope\` and WWW-Authenticate name the scope the token lacks.`,
        { 'WWW-Authenticate': { $ref: '#/components/headers/WWW-Authenticate' } },
      ),
      NotFound: errorResponse('No such resource, or it belongs to another account (not_found).'),
      ValidationFailed: errorResponse(
        `A field is missing or invalid (${codesOf(422)}); \`error.details.fields\` names each one.`,
      ),
      TooManyRequests: errorResponse(
        'The rate limit of the policy is exhausted (rate_limited). Wait for Retry-After.',
        retryAfter,
      ),
      ServerError: errorResponse(
        'The service failed (server_error); keyed and idempotent requests are safe to retry.',
      ),
      ServiceUnavailable: errorResponse(
        'The service is briefly unavailable (unavailable); retry after Retry-After.',
        retryAfter,
      ),
    },
  };
}
