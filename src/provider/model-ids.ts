/**
 * Readable model ids, checked against what the service publishes:
 *
 * - an operation: `v7/text-to-image` (version and last path segment), `v7/images/text-to-image`
 *   (the path after `/api/`), or its operationId `v7_images_text_to_image`;
 * - a model of the model feed: `flux-dev`, run by the kind's default operation (v7 first);
 * - both: `v8/text-to-image:flux-dev`.
 *
 * An unknown id is the SDK's `NoSuchModelError`, listing the valid choices, closest first.
 * @module
 */
import { NoSuchModelError } from '@ai-sdk/provider';
import { closeMatches, type ModelInfo, type Operation, type ServiceDescription } from '../discovery/index.js';
import { hasInput } from './operation-input.js';
import { type GenerationModelKind, KIND_RULES, type KindRule, versionRank } from './operation-kinds.js';
import { lastSegment, pathName, shortName } from './operation-names.js';

/** An operation chosen for a model id, with the catalogue model it runs, if any. */
export interface ResolvedModel {
  readonly operation: Operation;
  /** Sent as the operation's `model_id`. */
  readonly catalogueModel?: string;
}

function findOperation(candidates: readonly Operation[], name: string): Operation | undefined {
  return (
    candidates.find((operation) => operation.id === name) ??
    candidates.find((operation) => pathName(operation) === name) ??
    // A short name can be shared (v6/text2img is images and realtime): the first published wins.
    candidates.find((operation) => shortName(operation) === name)
  );
}

function catalogueModels(service: ServiceDescription, rule: KindRule): ModelInfo[] {
  return service.models.filter((model) => rule.catalogueCategories.includes(model.category));
}

/** The operation a bare catalogue model id runs on: the kind's default task, v7 first. */
function defaultOperation(candidates: readonly Operation[], rule: KindRule): Operation | undefined {
  const task = rule.defaultTask;
  if (!task) return undefined;
  return candidates
    .filter((operation) => task.test(lastSegment(operation)) && hasInput(operation, 'model_id'))
    .sort((a, b) => versionRank(a) - versionRank(b))[0];
}

/** ` Did you mean "a", "b"?`, or nothing when there is nothing to suggest. */
function didYouMean(wanted: string, candidates: readonly string[]): string {
  const suggestions = closeMatches(wanted, candidates);
  return suggestions.length ? ` Did you mean ${suggestions.map((name) => `"${name}"`).join(', ')}?` : '';
}

function listed(names: readonly string[], limit = 12): string {
  const shown = names.slice(0, limit).join(', ');
  return names.length > limit ? `${shown} and ${names.length - limit} more` : shown;
}

function noSuchModel(
  kind: GenerationModelKind,
  modelId: string,
  candidates: readonly Operation[],
  models: readonly ModelInfo[],
  reason: string,
): NoSuchModelError {
  const rule = KIND_RULES[kind];
  const operationNames = [...new Set(candidates.map(shortName))];
  const modelNames = models.map((model) => model.id);
  const choices = modelNames.length
    ? `${rule.label} models are operations (${listed(operationNames)}) or models of the feed (${listed(modelNames)}), which combine as "${operationNames[0] ?? 'v7/operation'}:${modelNames[0]}"`
    : `${rule.label} models are the operations ${listed(operationNames)}`;
  return new NoSuchModelError({
    modelId,
    modelType: rule.modelType,
    message: `${reason}${didYouMean(modelId, [...operationNames, ...modelNames])} The ${choices}.`,
  });
}

/** Resolves an image, speech, transcription or video model id; throws `NoSuchModelError`. */
export function resolveModel(
  kind: GenerationModelKind,
  modelId: string,
  service: ServiceDescription,
): ResolvedModel {
  const rule = KIND_RULES[kind];
  const candidates = service.operations.filter((operation) => rule.matches(operation));
  const models = catalogueModels(service, rule);
  const fail = (reason: string) => noSuchModel(kind, modelId, candidates, models, reason);
  const colon = modelId.indexOf(':');
  const operationPart = colon === -1 ? modelId : modelId.slice(0, colon);
  const modelPart = colon === -1 ? undefined : modelId.slice(colon + 1);

  const operation = findOperation(candidates, operationPart);
  if (operation && modelPart === undefined) return { operation };
  if (operation && modelPart !== undefined) {
    if (!hasInput(operation, 'model_id')) {
      throw fail(`${shortName(operation)} takes no model_id, so "${modelPart}" cannot run on it.`);
    }
    // A feed that lists nothing of this kind cannot contradict the caller.
    if (models.length > 0 && !models.some((model) => model.id === modelPart)) {
      throw fail(`The model feed lists no ${rule.label} model "${modelPart}".`);
    }
    return { operation, catalogueModel: modelPart };
  }
  if (modelPart === undefined && models.some((model) => model.id === operationPart)) {
    const fallback = defaultOperation(candidates, rule);
    if (fallback) return { operation: fallback, catalogueModel: operationPart };
    throw fail(`No ${rule.label} operation of the service takes a model_id for "${operationPart}".`);
  }
  throw fail(`The service has no ${rule.label} model "${modelId}".`);
}

/** The chat dialect of an endpoint: OpenAI-compatible `chat/completions`, or the v6 `llm/chat`. */
export type ChatDialect = 'openai' | 'v6';

export interface ResolvedChatModel {
  readonly operation: Operation;
  readonly dialect: ChatDialect;
  /** Sent as `model`. */
  readonly model: string;
}

function chatDialect(operation: Operation): ChatDialect | undefined {
  if (operation.category !== 'llm' || operation.method !== 'POST') return undefined;
  if (/\/chat\/completions$/.test(operation.path)) return 'openai';
  if (/\/llm\/chat$/.test(operation.path)) return 'v6';
  return undefined;
}

/**
 * Resolves a language model id: `llama-3.3-70b` (the v7 OpenAI-compatible endpoint), or with a
 * version prefix that picks the endpoint: `v6/llama-3.3-70b`, `v8/llama-3.3-70b`.
 */
export function resolveChatModel(modelId: string, service: ServiceDescription): ResolvedChatModel {
  const endpoints = service.operations.filter((operation) => chatDialect(operation) !== undefined);
  const match = /^(v\d+)\/(.+)$/.exec(modelId);
  const version = match?.[1];
  const model = match?.[2] ?? modelId;
  const llmModels = service.models.filter((entry) => entry.category === 'llm').map((entry) => entry.id);
  const versions = [...new Set(endpoints.map((operation) => operation.version ?? ''))].filter(Boolean);
  const fail = (reason: string) =>
    new NoSuchModelError({
      modelId,
      modelType: 'languageModel',
      message: `${reason}${didYouMean(model, llmModels)} Language models are the feed's llm models (${listed(llmModels)}), optionally after a chat endpoint's version (${versions.join(', ')}), e.g. "v6/${llmModels[0] ?? 'model'}".`,
    });
  const operation = endpoints
    .filter((candidate) => (version ? candidate.version === version : true))
    .sort((a, b) => versionRank(a) - versionRank(b) || Number(chatDialect(a) !== 'openai'))[0];
  if (!operation) throw fail(`The service has no chat endpoint${version ? ` for ${version}` : ''}.`);
  if (llmModels.length > 0 && !llmModels.includes(model)) {
    throw fail(`The service has no language model "${model}".`);
  }
  return { operation, dialect: chatDialect(operation) ?? 'openai', model };
}
