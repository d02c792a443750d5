import type { JsonSchema } from '../catalogue/types.js';
import type { ResolvedEmulatorOptions } from '../options.js';
import { PLANS } from '../plans.js';
import { GENERATION_RESULT_SCHEMAS } from './generation-result-schemas.js';

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** The rate-limit fields every generation answer carries (service-spec.md, Limits). */
export const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': headerRef('RateLimit-Limit'),
  'RateLimit-Remaining': headerRef('RateLimit-Remaining'),
  'RateLimit-Reset': headerRef('RateLimit-Reset'),
  'RateLimit-Policy': headerRef('RateLimit-Policy'),
  RateLimit: headerRef('RateLimit'),
} as const;

/** Header components shared by both OpenAPI documents. */
export const HEADER_COMPONENTS = {
  'RateLimit-Limit': {
    description: 'Requests allowed in the current window of the policy.',
    schema: { type: 'integer', minimum: 0 },
  },
  'RateLimit-Remaining': {
    description: 'Requests left in the current window; throttle on it.',
    schema: { type: 'integer', minimum: 0 },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the window resets.',
    schema: { type: 'integer', minimum: 0 },
  },
  'RateLimit-Policy': {
    description: 'The quota as a structured field: `"<policy>";q=<limit>;w=<window seconds>`.',
    schema: { type: 'string' },
  },
  RateLimit: {
    description: 'The current state as a structured field: `"<policy>";r=<remaining>;t=<reset seconds>`.',
    schema: { type: 'string' },
  },
  'Retry-After': {
    description: 'When to try again: delay seconds, or an HTTP-date.',
    schema: { type: 'string' },
  },
};

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/GenerationError' } } };

function errorResponse(description: string, headers: Record<string, unknown> = {}) {
  return { description, headers: { ...RATE_LIMIT_HEADERS, ...headers }, content: errorContent };
}

/** The error answers of generation operations, by status, as components.responses names them. */
export const GENERATION_ERROR_RESPONSES: ReadonlyArray<readonly [status: string, component: string]> = [
  ['400', 'BadRequest'],
  ['401', 'Unauthorized'],
  ['402', 'PaymentRequired'],
  ['403', 'Forbidden'],
  ['429', 'TooManyRequests'],
  ['500', 'ServerError'],
  ['503', 'ServiceUnavailable'],
];

/** Components of the generation document: security, result schemas, headers and error answers. */
export function generationComponents(options: ResolvedEmulatorOptions): Record<string, unknown> {
  const queueLimits = PLANS.map((plan) => `${plan.queueLimit} on ${plan.name}`).join(', ');
  const retryAfter = { 'Retry-After': { $ref: '#/components/headers/Retry-After' } };
  return {
    securitySchemes: {
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        description:
          'Your generation API key as `Authorization: Bearer <key>`. Operations whose security allows it also take the key in the body field `key`.',
      },
    },
    schemas: GENERATION_RESULT_SCHEMAS satisfies Record<string, JsonSchema>,
    headers: HEADER_COMPONENTS,
    responses: {
      BadRequest: errorResponse('The request is invalid: the message names the field to fix.'),
      Unauthorized: errorResponse('The API key is missing or unknown.'),
      PaymentRequired: errorResponse('Not enough credits: fund the wallet, then retry.'),
      Forbidden: errorResponse("The account's plan does not include this feature."),
      TooManyRequests: errorResponse(
        `The rate limit (${options.rateLimits.generation.limit} requests per ${options.rateLimits.generation.windowSeconds} s) or the queue limit (${options.queueLimit} queued requests without a plan; ${queueLimits}) is exhausted. Wait for Retry-After.`,
        retryAfter,
      ),
      ServerError: errorResponse('The service failed; retrying later is safe.'),
      ServiceUnavailable: errorResponse(
        'The service is briefly unavailable; retry after Retry-After.',
        retryAfter,
      ),
    },
  };
}
