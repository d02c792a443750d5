/**
 * An AI SDK provider for the generation service: `generation-agent-toolkit/provider`.
 *
 * Any new export added here becomes public API. Use named exports, not wildcards. The model
 * classes are exported as types only: models are made through the provider, which owns the
 * connection they share.
 * @module generation-agent-toolkit/provider
 */
// The call context a provider's operations run in, named by its declarations.
export type { CallContext, KeyPlacement } from '../calls/index.js';
export { type FetchResultFileOptions, fetchResultFile, type ResultFile } from './fetch-result-file.js';
export type {
  GenerationImageModel,
  GenerationImageModelId,
  GenerationImageModelOptions,
} from './image-model.js';
export type {
  GenerationLanguageModel,
  GenerationLanguageModelId,
  GenerationLanguageModelOptions,
} from './language-model.js';
export { createGenerationProvider, type GenerationProvider, generation } from './provider.js';
export type {
  GenerationApiKey,
  GenerationJobProgress,
  GenerationProviderSettings,
} from './provider-settings.js';
export type {
  GenerationSpeechModel,
  GenerationSpeechModelId,
  GenerationSpeechModelOptions,
} from './speech-model.js';
export type {
  GenerationTranscriptionModel,
  GenerationTranscriptionModelId,
  GenerationTranscriptionModelOptions,
  TranscriptionCallOptions,
} from './transcription-model.js';
export type { VideoStartOptions } from './video-fields.js';
export type {
  GenerationVideoModel,
  GenerationVideoModelId,
  GenerationVideoModelOptions,
} from './video-model.js';
