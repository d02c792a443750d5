/**
 * Reading an operation's input schema: which fields it takes, their bounds and allowed values.
 * The models map the SDK's settings onto these fields, and a setting without a field becomes a
 * warning rather than a guess.
 * @module
 */
import { InvalidArgumentError, type SharedV4Warning } from '@ai-sdk/provider';
import type { JsonSchema, ModelInfo, Operation } from '../discovery/index.js';
import type { ResolvedModel } from './model-ids.js';
import { shortName } from './operation-names.js';

function properties(operation: Operation): Record<string, JsonSchema> {
  const value = operation.input.schema.properties;
  return typeof value === 'object' && value !== null ? (value as Record<string, JsonSchema>) : {};
}

/** The schema of one input field, or undefined when the operation has no such field. */
export function inputField(operation: Operation, name: string): JsonSchema | undefined {
  return properties(operation)[name];
}

export function hasInput(operation: Operation, name: string): boolean {
  return inputField(operation, name) !== undefined;
}

export function isRequired(operation: Operation, name: string): boolean {
  const required = operation.input.schema.required;
  return Array.isArray(required) && required.includes(name);
}

/** The names of the input fields. */
export function inputNames(operation: Operation): string[] {
  return Object.keys(properties(operation));
}

/** The values a field allows, when it lists them. */
export function allowedValues(schema: JsonSchema | undefined): readonly unknown[] | undefined {
  return Array.isArray(schema?.enum) ? schema.enum : undefined;
}

export function maximumOf(schema: JsonSchema | undefined): number | undefined {
  return typeof schema?.maximum === 'number' ? schema.maximum : undefined;
}

export function minimumOf(schema: JsonSchema | undefined): number | undefined {
  return typeof schema?.minimum === 'number' ? schema.minimum : undefined;
}

export function defaultOf(schema: JsonSchema | undefined): unknown {
  return schema?.default;
}

/**
 * Checks `value` against the bounds of field `name`; out of bounds is the caller's mistake, said
 * before anything is spent.
 */
export function checkBounds(
  operation: Operation,
  field: string,
  value: number,
  argument: string,
  shown: string = String(value),
): void {
  const schema = inputField(operation, field);
  const minimum = minimumOf(schema);
  const maximum = maximumOf(schema);
  if ((minimum !== undefined && value < minimum) || (maximum !== undefined && value > maximum)) {
    const range =
      minimum !== undefined && maximum !== undefined
        ? `${minimum} to ${maximum}`
        : minimum !== undefined
          ? `at least ${minimum}`
          : `at most ${maximum}`;
    throw new InvalidArgumentError({
      argument,
      message: `${argument} ${shown} is not supported by ${operation.id}: its ${field} must be ${range}.`,
    });
  }
}

/** Checks that `value` is one of the field's listed values. */
export function checkAllowed(operation: Operation, field: string, value: unknown, argument: string): void {
  const allowed = allowedValues(inputField(operation, field));
  if (allowed && !allowed.includes(value)) {
    throw new InvalidArgumentError({
      argument,
      message: `${argument} ${JSON.stringify(value)} is not supported by ${operation.id}: its ${field} is one of ${allowed.map((item) => JSON.stringify(item)).join(', ')}.`,
    });
  }
}

/** The warning for a setting the operation has no field for. */
export function unsupportedSetting(feature: string, operation: Operation, details?: string): SharedV4Warning {
  return {
    type: 'unsupported',
    feature,
    details: details ?? `${shortName(operation)} has no field for ${feature}; it was not sent.`,
  };
}

/**
 * An SDK setting onto the operation's field of that meaning: a number held to the field's bounds,
 * any value to its listed values (the caller's mistake, said before anything is spent); a setting
 * the operation has no field for becomes a warning.
 */
export function placeSetting(
  operation: Operation,
  setting: string,
  field: string,
  value: string | number | undefined,
  fields: Record<string, unknown>,
  warnings: SharedV4Warning[],
): void {
  if (value === undefined) return;
  if (!hasInput(operation, field)) {
    warnings.push(unsupportedSetting(setting, operation));
    return;
  }
  if (typeof value === 'number') checkBounds(operation, field, value, setting);
  checkAllowed(operation, field, value, setting);
  fields[field] = value;
}

/**
 * Refuses a call to an operation that requires a `model_id` when none was chosen, naming models
 * of the feed that fit.
 */
export function requireModelId(
  operation: Operation,
  fields: Readonly<Record<string, unknown>>,
  models: readonly ModelInfo[],
  category: string,
  providerName: string,
): void {
  if (!isRequired(operation, 'model_id') || fields.model_id !== undefined) return;
  const examples = models
    .filter((model) => model.category === category)
    .slice(0, 5)
    .map((model) => `"${shortName(operation)}:${model.id}"`);
  throw new InvalidArgumentError({
    argument: 'model',
    message: `${shortName(operation)} needs a model: use an id like ${examples.join(', ')}, or providerOptions.${providerName}.model_id.`,
  });
}

/**
 * The fields a prompted generation starts from: the catalogue model the id names, and the prompt
 * where the operation takes one (a warning where it does not).
 */
export function promptedFields(
  operation: Operation,
  resolved: ResolvedModel,
  prompt: string | undefined,
  warnings: SharedV4Warning[],
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (resolved.catalogueModel !== undefined) fields.model_id = resolved.catalogueModel;
  if (prompt !== undefined) {
    if (hasInput(operation, 'prompt')) fields.prompt = prompt;
    else warnings.push(unsupportedSetting('prompt', operation));
  }
  return fields;
}
