/**
 * A generation that names a model the service does not list is refused before it is sent, as the
 * service itself would refuse it (`model_not_found`), with the closest ids it does list: the
 * caller, or the model driving the tools, corrects the id instead of spending a request and a
 * rate-limit permit to learn the same thing.
 * @module
 */
import { InvalidArgumentsError } from '../calls/index.js';
import type { ModelInfo } from '../discovery/documents/models-feed.js';
import type { Operation } from '../discovery/types.js';
import { closeMatches } from '../discovery/unknown-operation-error.js';
import { freeBecause, modelArgument } from './estimate-cost.js';

/**
 * Whether the operation's own document names `value` for `field` (an enum, a const, a default or
 * an example): a publisher's document may list models the feed leaves out (older ones, aliases),
 * and what it vouches for is sent.
 */
function documentNames(operation: Operation, field: string, value: string): boolean {
  const properties = (operation.input.schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const property = properties[field];
  if (!property) return false;
  const named = [
    ...(Array.isArray(property.enum) ? property.enum : []),
    ...(Array.isArray(property.examples) ? property.examples : []),
    property.const,
    property.default,
    property.example,
  ];
  return named.includes(value);
}

/** Longest id quoted back whole: the id is the caller's (or a model's) text. */
const MAX_QUOTED = 80;

/**
 * Throws {@link InvalidArgumentsError} when `input` names a model (`model_id` or `model`) that the
 * feed does not list, for an operation that runs one. Only where the feed speaks for the
 * operation's family (it lists models of its category) and was read whole (`feedComplete`), and
 * the operation's document does not itself name the value: a feed cut short, or one that prices
 * other families only, refuses nothing.
 */
export function refuseUnlistedModel(
  operation: Operation,
  input: Readonly<Record<string, unknown>>,
  models: readonly ModelInfo[],
  feedComplete: boolean,
  redact: (text: string) => string = (text) => text,
): void {
  if (!feedComplete || models.length === 0) return;
  if (operation.effect === 'money' || freeBecause(operation) !== undefined) return;
  const modelId = modelArgument(operation, input);
  if (modelId === undefined || models.some((model) => model.id === modelId)) return;
  const family = models.filter((model) => model.category === operation.category);
  if (family.length === 0) return;
  const field = 'model_id' in input || !('model' in input) ? 'model_id' : 'model';
  if (documentNames(operation, field, modelId)) return;
  const closest = closeMatches(
    modelId,
    family.map((model) => model.id),
  );
  // The id is the caller's text, or a model's: a secret of the session typed into it is masked.
  const masked = redact(modelId);
  const quoted = masked.length > MAX_QUOTED ? `${masked.slice(0, MAX_QUOTED - 1)}…` : masked;
  const expected = `a model the service lists for ${operation.category}, such as ${closest.join(', ')}`;
  throw new InvalidArgumentsError(
    operation.id,
    [
      {
        field,
        expected,
        received: JSON.stringify(quoted),
        message: `${field} must be ${expected}; got ${JSON.stringify(quoted)}`,
      },
    ],
    `The service lists no model ${JSON.stringify(quoted)}, so nothing was sent. The closest it lists: ${closest.join(', ')}.`,
  );
}
