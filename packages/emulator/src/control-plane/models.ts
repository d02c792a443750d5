import { ok } from '../http/envelope.js';
import {
  type CatalogueModel,
  findModel,
  MODEL_CATEGORIES,
  MODELS,
  modelParameters,
  modelRecord,
} from '../models.js';
import { ApiError, shorten } from './api-error.js';
import { closeMatches } from './close-matches.js';
import { type OperationHandler, tokenHandler } from './handler.js';
import { paginate } from './paging.js';

const sortedUnique = (values: readonly string[]): string[] => [...new Set(values)].sort();

function matches(model: CatalogueModel, query: Readonly<Record<string, unknown>>): boolean {
  const equal = (wanted: unknown, actual: string) =>
    typeof wanted !== 'string' || wanted === '' || wanted.toLowerCase() === actual.toLowerCase();
  if (!equal(query.category, model.category) || !equal(query.provider, model.provider)) return false;
  if (typeof query.tag === 'string' && query.tag !== '' && !model.tags.includes(query.tag.toLowerCase())) {
    return false;
  }
  if (typeof query.search !== 'string' || query.search.trim() === '') return true;
  const haystack = [model.modelId, model.name, model.description, ...model.tags].join(' ').toLowerCase();
  return query.search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

const listModels = tokenHandler(({ c, query }) => {
  const { items, pagination } = paginate(
    MODELS.filter((model) => matches(model, query)),
    query,
  );
  return ok(c, items.map(modelRecord), 200, { pagination });
});

const filters = tokenHandler(({ c }) =>
  ok(c, {
    categories: [...MODEL_CATEGORIES],
    providers: sortedUnique(MODELS.map((model) => model.provider)),
    billing_units: sortedUnique(MODELS.map((model) => model.billingUnit)),
  }),
);

const tags = tokenHandler(({ c }) => ok(c, sortedUnique(MODELS.flatMap((model) => model.tags))));

const providers = tokenHandler(({ c }) => ok(c, sortedUnique(MODELS.map((model) => model.provider))));

const detail = tokenHandler(({ c, params }) => {
  const modelId = params.modelId ?? '';
  const model = findModel(modelId);
  if (!model) {
    const suggestions = closeMatches(
      modelId,
      MODELS.map((candidate) => candidate.modelId),
    );
    const hint = suggestions.length
      ? ` Close matches: ${suggestions.join(', ')}.`
      : ' List models with GET /models.';
    throw new ApiError('not_found', `No model ${shorten(modelId)} is in the catalogue.${hint}`, {
      resource: 'model',
      suggestions,
    });
  }
  return ok(c, { ...modelRecord(model), description: model.description, parameters: modelParameters(model) });
});

/** Handlers of the model catalogue. */
export const MODEL_HANDLERS: Record<string, OperationHandler> = {
  get_models: listModels,
  get_models_filters: filters,
  get_models_tags: tags,
  get_models_providers: providers,
  get_models_by_modelid: detail,
};
