/** Operations and feeds made by hand, for the estimator's unit tests. */
import type { ModelInfo } from '../../src/discovery/documents/models-feed.js';
import type { JsonSchema, Operation } from '../../src/discovery/types.js';

/** An operation of the generation API taking `properties`; `overrides` change the rest. */
export function generationOperation(
  id: string,
  properties: Record<string, JsonSchema>,
  overrides: Partial<Operation> = {},
): Operation {
  return {
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
    ...overrides,
  };
}

export function model(id: string, fields: Partial<ModelInfo> = {}): ModelInfo {
  return { id, category: 'image', price: 0.002, billingUnit: 'image', plans: [], ...fields };
}

/** Counts one token a word: enough to check that the counter is used. */
export const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
