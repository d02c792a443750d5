import { FIELDS, publishedName } from '../catalogue/fields.js';
import { generationBodySchema, pathParameters } from '../catalogue/request-schema.js';
import type { GenerationOperation, JsonSchema } from '../catalogue/types.js';
import type { ResolvedEmulatorOptions } from '../options.js';
import { GENERATION_ERROR_RESPONSES, RATE_LIMIT_HEADERS } from './generation-components.js';
import {
  describeGenerationOperation,
  fetchOperationOf,
  operationsFetchedBy,
} from './generation-description.js';
import { RESULT_SCHEMA_NAME } from './generation-result-schemas.js';

const schemaRef = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

function pathParameter(operation: GenerationOperation, name: string) {
  // v6 publishes job ids as integers (as production's documents type them); v7 and v8 as strings.
  const integerId = operation.version === 'v6' && name === 'id';
  const description =
    name === 'training_id'
      ? 'Identifier of the training, as returned by the call that started it.'
      : operation.category === 'training'
        ? 'Identifier of the fine-tuning job, as returned by the call that started it.'
        : 'Identifier of the queued request: the `id` of the answer that queued it.';
  return {
    name,
    in: 'path',
    required: true,
    description,
    schema: integerId ? { type: 'integer', minimum: 1 } : { type: 'string', minLength: 1 },
  };
}

function queryParameter(name: string) {
  const schema = (FIELDS as Record<string, JsonSchema>)[name] ?? {};
  return {
    name: publishedName(name),
    in: 'query',
    required: false,
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    schema,
  };
}

function security(operation: GenerationOperation): Array<Record<string, string[]>> {
  switch (operation.keyPlacement) {
    case 'bearer':
      return [{ bearerAuth: [] }];
    case 'both':
      // The empty requirement says the header may be left out: the body's `key` then authenticates.
      return [{ bearerAuth: [] }, {}];
    case 'body':
      return [];
  }
}

/** The success shapes an operation answers: its own result kind, or for a fetch, those of the operations it fetches. */
function successSchema(operation: GenerationOperation): JsonSchema {
  if (operation.result !== 'fetch') return schemaRef(RESULT_SCHEMA_NAME[operation.result]);
  const names = [
    ...new Set(
      operationsFetchedBy(operation)
        .map((fetched) => fetched.result)
        .filter((kind) => kind !== 'fetch')
        .map((kind) => RESULT_SCHEMA_NAME[kind as keyof typeof RESULT_SCHEMA_NAME]),
    ),
  ];
  // Success shapes all say `status: "success"`, so several of them go under anyOf, not the outer oneOf.
  return names.length === 1 ? schemaRef(names[0] as string) : { anyOf: names.map(schemaRef) };
}

function answerSchema(operation: GenerationOperation): JsonSchema {
  const queues = operation.mode === 'async' || operation.result === 'fetch';
  return {
    oneOf: [
      successSchema(operation),
      ...(queues ? [schemaRef('Processing')] : []),
      schemaRef('GenerationError'),
    ],
  };
}

/** The OpenAPI Link from a queued answer to the operation that fetches it. */
function fetchLink(operation: GenerationOperation) {
  const fetcher = fetchOperationOf(operation);
  if (operation.mode !== 'async' || !fetcher) return undefined;
  const description = `Fetch the queued result with ${fetcher.operationId}, using the \`id\` of the processing answer.`;
  if (operation.fetchStyle === 'body') {
    return {
      operationId: fetcher.operationId,
      requestBody: { request_id: '{$response.body#/id}' },
      description,
    };
  }
  const [parameter = 'id'] = pathParameters(fetcher.path);
  return { operationId: fetcher.operationId, parameters: { [parameter]: '$response.body#/id' }, description };
}

function requestBody(operation: GenerationOperation) {
  const schema = generationBodySchema(operation);
  if (!schema) return undefined;
  const required = Array.isArray(schema.required) && schema.required.length > 0;
  return { required, content: { 'application/json': { schema } } };
}

/** The OpenAPI operation object of one generation operation. */
export function generationOperationObject(
  options: ResolvedEmulatorOptions,
  operation: GenerationOperation,
): Record<string, unknown> {
  const parameters = [
    ...pathParameters(operation.path).map((name) => pathParameter(operation, name)),
    ...operation.query.map(queryParameter),
  ];
  const body = requestBody(operation);
  const link = fetchLink(operation);
  const answers =
    operation.mode === 'sync'
      ? 'The result'
      : operation.mode === 'fetch'
        ? 'The result, or `processing` while the work runs'
        : 'The result, or a queued job (`processing`)';
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    description: describeGenerationOperation(options, operation),
    tags: [operation.category],
    ...(operation.deprecated ? { deprecated: true } : {}),
    security: security(operation),
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: {
      '200': {
        description: `${answers}, or an error: the service also reports errors with HTTP 200, so read \`status\`.`,
        headers: RATE_LIMIT_HEADERS,
        content: { 'application/json': { schema: answerSchema(operation) } },
        ...(link ? { links: { fetchResult: link } } : {}),
      },
      ...Object.fromEntries(
        GENERATION_ERROR_RESPONSES.map(([status, component]) => [
          status,
          { $ref: `#/components/responses/${component}` },
        ]),
      ),
    },
  };
}
