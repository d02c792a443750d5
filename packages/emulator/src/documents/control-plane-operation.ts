import { pathParameters } from '../catalogue/request-schema.js';
import type { ControlPlaneOperation, JsonSchema } from '../catalogue/types.js';
import { CONTROL_PLANE_ERROR_RESPONSES } from './control-plane-components.js';
import { describeControlPlaneOperation } from './control-plane-description.js';
import { successStatuses } from './control-plane-statuses.js';
import { RATE_LIMIT_HEADERS } from './generation-components.js';

type ErrorStatus = keyof typeof CONTROL_PLANE_ERROR_RESPONSES;

function queryParameters(query: JsonSchema | undefined) {
  const properties = (query?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((query?.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    schema,
  }));
}

/** Which errors an operation can answer, from what it takes and what it needs. */
function errorStatuses(operation: ControlPlaneOperation): ErrorStatus[] {
  const statuses: ErrorStatus[] = [];
  if (operation.body) statuses.push('400');
  if (operation.auth === 'token' || operation.operationId === 'post_auth_login') statuses.push('401');
  if (operation.effect === 'money') statuses.push('402');
  if (operation.requiredScope) statuses.push('403');
  if (pathParameters(operation.path).length > 0) statuses.push('404');
  if (operation.body || operation.query) statuses.push('422');
  statuses.push('429', '500', '503');
  return statuses;
}

function envelope(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['data', 'error', 'meta'],
    properties: { data, error: { type: 'null' }, meta: { $ref: '#/components/schemas/Meta' } },
  };
}

/** The OpenAPI operation object of one control-plane operation. */
export function controlPlaneOperationObject(operation: ControlPlaneOperation): Record<string, unknown> {
  const parameters = [
    ...pathParameters(operation.path).map((name) => ({
      name,
      in: 'path',
      required: true,
      description: 'Identifier of the resource.',
      schema: { type: 'string', minLength: 1 },
    })),
    ...queryParameters(operation.query),
    ...(operation.idempotent ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
  ];
  const bodyRequired = Array.isArray(operation.body?.required) && operation.body.required.length > 0;
  const success = Object.fromEntries(
    successStatuses(operation).map(([status, description]) => [
      status,
      {
        description,
        headers: RATE_LIMIT_HEADERS,
        content: { 'application/json': { schema: envelope(operation.data) } },
      },
    ]),
  );
  const errors = Object.fromEntries(
    errorStatuses(operation).map((status) => [
      status,
      { $ref: `#/components/responses/${CONTROL_PLANE_ERROR_RESPONSES[status]}` },
    ]),
  );
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    description: describeControlPlaneOperation(operation),
    tags: [operation.resource],
    ...(operation.requiredScope ? { 'x-required-scope': operation.requiredScope } : {}),
    security:
      operation.auth === 'none'
        ? []
        : [{ agentToken: operation.requiredScope ? [operation.requiredScope] : [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: bodyRequired,
            content: { 'application/json': { schema: operation.body } },
          },
        }
      : {}),
    responses: { ...success, ...errors },
  };
}
