/**
 * Everything about one operation that can be read from the operation alone: input, output,
 * credential, scope, effect inputs. What needs the other operations (ids, fetch links) is done by
 * the caller.
 * @module
 */

import type { CredentialPlacement, JsonSchema, OperationInput } from '../types.js';
import { answersProcessing } from './answers-processing.js';
import type { OperationSource } from './collect-operations.js';
import {
  describeCredential,
  effectiveSecurity,
  type SecuritySchemes,
  takesToken,
} from './credential-placement.js';
import { createSchemaFinaliser } from './finalise-schema.js';
import { appendPointer } from './json-pointer.js';
import type { OpenApiLimits } from './openapi-limits.js';
import { buildOperationInput, CREDENTIAL_BODY_FIELDS } from './operation-input.js';
import { successSchemas } from './operation-output.js';
import { readOperationParameters } from './operation-parameters.js';
import { chooseRequestBody } from './request-body.js';
import type { WarningCollector } from './warning-collector.js';

/** What the document says about one operation, read. */
export interface OperationReading {
  readonly input: OperationInput;
  readonly outputSchema?: JsonSchema;
  readonly answersProcessing: boolean;
  readonly credential: CredentialPlacement;
  readonly requiredScope: string | null;
  readonly idempotencyKey: boolean;
  readonly summary: string;
  readonly description: string;
  readonly tags: string[];
  readonly deprecated: boolean;
}

/** What every operation of a document shares. */
export interface DocumentContext {
  /** The dereferenced document. */
  readonly document: Record<string, unknown>;
  readonly origins: WeakMap<object, string>;
  readonly schemes: SecuritySchemes;
  /** `in:name` of the parameters that carry a key (see credentialParameterKeys). */
  readonly credentialParameters: ReadonlySet<string>;
  /** Some operation of the document declares `x-required-scope`. */
  readonly scoped: boolean;
  readonly limits: OpenApiLimits;
  readonly warnings: WarningCollector;
}

/** Reads one operation. */
export function readOperation(source: OperationSource, context: DocumentContext): OperationReading {
  const { document, warnings } = context;
  const { operation, at } = source;
  const pathItemAt = at.slice(0, at.lastIndexOf('/'));
  // One budget for the operation's input and output: a hostile schema cannot grow past it. The
  // input has a smaller one within it: it is compiled into a validator at the first call, whose
  // cost grows faster than the schema (a "billion laughs" input took seconds and a GB).
  const { maxSchemaNodes, maxInputSchemaNodes } = context.limits;
  const inputBudget = { remaining: Math.min(maxInputSchemaNodes, maxSchemaNodes) };
  const finaliserOptions = {
    origins: context.origins,
    maxDepth: context.limits.maxSchemaDepth,
    budget: inputBudget,
    warnings,
  };

  const security = effectiveSecurity(operation, document);
  const parameters = readOperationParameters({
    pathItem: source.pathItem,
    operation,
    pathItemAt,
    operationAt: at,
    documentPath: source.documentPath,
    credentialParameters: context.credentialParameters,
    warnings,
  });
  const built = buildOperationInput({
    parameters: parameters.inputs,
    body: chooseRequestBody(operation.requestBody, at),
    // A control-plane body field called `key` is data, not the generation key.
    credentialFields: takesToken(security, context.scoped) ? [] : CREDENTIAL_BODY_FIELDS,
    finaliser: createSchemaFinaliser(finaliserOptions),
    operationAt: at,
    warnings,
  });

  const answers = successSchemas(operation, at);
  let outputSchema: JsonSchema | undefined;
  const documented = answers[0];
  if (documented) {
    const used = Math.min(maxInputSchemaNodes, maxSchemaNodes) - inputBudget.remaining;
    const finaliser = createSchemaFinaliser({
      ...finaliserOptions,
      budget: { remaining: maxSchemaNodes - used },
    });
    outputSchema = finaliser.finalise(documented.schema, documented.at);
    const definitions = finaliser.finish();
    if (definitions) outputSchema.$defs = definitions;
  }

  return {
    input: built.input,
    ...(outputSchema ? { outputSchema } : {}),
    answersProcessing: answersProcessing(answers),
    credential: describeCredential({
      security,
      documentIsScoped: context.scoped,
      schemes: context.schemes,
      bodyField: built.credentialBodyField,
      operationAt: at,
      warnings,
    }),
    requiredScope: requiredScopeOf(operation, at, warnings),
    idempotencyKey: parameters.idempotencyKey,
    summary: typeof operation.summary === 'string' ? operation.summary.trim() : '',
    description: typeof operation.description === 'string' ? operation.description.trim() : '',
    tags: Array.isArray(operation.tags)
      ? operation.tags.filter((tag): tag is string => typeof tag === 'string')
      : [],
    deprecated: operation.deprecated === true,
  };
}

function requiredScopeOf(
  operation: Record<string, unknown>,
  at: string,
  warnings: WarningCollector,
): string | null {
  const scope = operation['x-required-scope'];
  if (scope === undefined || scope === null) return null;
  if (typeof scope === 'string' && scope.trim()) return scope.trim();
  warnings.warn({
    code: 'invalid-scope',
    at: appendPointer(at, 'x-required-scope'),
    message: `x-required-scope ${JSON.stringify(scope)} is not a scope name; the operation is read as needing none.`,
  });
  return null;
}
