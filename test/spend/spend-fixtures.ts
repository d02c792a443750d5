/** Operations and feeds made by hand, for the estimator's unit tests. */
import type { ModelInfo } from '../../src/discovery/documents/models-feed.js';
import type { JsonSchema, Operation } from '../../src/discovery/types.js';

/** Like Partial<T>, where undefined removes the field. */
type Changes<T> = { [K in keyof T]?: T[K] | undefined };

function withChanges<T extends object>(base: T, changes: Changes<T>): T {
  const result: Record<string, unknown> = { ...base, ...changes };
  for (const [key, value] of Object.entries(result)) if (value === undefined) delete result[key];
  return result as T;
}

/** An operation of the generation API taking `properties`; `overrides` change the rest. */
export function generationOperation(
  id: string,
  properties: Record<string, JsonSchema>,
  overrides: Changes<Operation> = {},
): Operation {
  return withChanges<Operation>(
    {
      id,
      surface: 'generation',
      method: 'POST',
      path: `/api/v7/${id}`,
      url: `http://service.test/api/v7/${id}`,
      origin: 'http://service.test',
      crossOrigin: false,
      version: 'v7',
      category: 'image',
      summary: id,
      description: '',
      tags: [],
      input: { schema: { type: 'object', properties }, locations: {} },
      async: { fetchStyle: 'path' },
      isFetch: false,
      effect: 'write',
      requiredScope: null,
      credential: { kind: 'api-key', bearer: true },
      idempotencyKey: false,
      deprecated: false,
    },
    overrides,
  );
}

export function model(id: string, fields: Changes<ModelInfo> = {}): ModelInfo {
  return withChanges<ModelInfo>(
    { id, category: 'image', price: 0.002, billingUnit: 'image', plans: [] },
    fields,
  );
}

/** Counts one token a word: enough to check that the counter is used. */
export const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
