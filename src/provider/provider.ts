/**
 * `createGenerationProvider(settings)` and the ready-made `generation` provider: every kind of
 * model the service offers, on one lazily opened connection per provider (one discovery, one
 * HTTP client, one rate-limit governor).
 * @module
 */

import { NoSuchModelError, type ProviderV4 } from '@ai-sdk/provider';
import type { ServiceDescription } from '../discovery/index.js';
import { rejectUnknownOptions, UsageError } from '../errors/index.js';
import { GenerationImageModel, type GenerationImageModelId } from './image-model.js';
import { GenerationLanguageModel, type GenerationLanguageModelId } from './language-model.js';
import {
  type GenerationProviderSettings,
  PROVIDER_INTERNAL_SETTING_KEYS,
  PROVIDER_SETTING_KEYS,
} from './provider-settings.js';
import { ServiceConnection } from './service-connection.js';
import { GenerationSpeechModel, type GenerationSpeechModelId } from './speech-model.js';
import { GenerationTranscriptionModel, type GenerationTranscriptionModelId } from './transcription-model.js';
import { GenerationVideoModel, type GenerationVideoModelId } from './video-model.js';

/**
 * The generation service as an AI SDK provider. Calling it gives a language model.
 *
 * @example
 * const generation = createGenerationProvider({ apiKey: process.env.GENTK_API_KEY });
 * const { text } = await generateText({ model: generation('llama-3.3-70b'), prompt: 'Hello' });
 * const { image } = await generateImage({ model: generation.image('flux-dev'), prompt: 'a red kite' });
 */
export interface GenerationProvider extends ProviderV4 {
  (modelId: GenerationLanguageModelId): GenerationLanguageModel;
  /** A chat model: `llama-3.3-70b` (v7 OpenAI-compatible endpoint), `v6/llama-3.3-70b`, `v8/...`. */
  languageModel(modelId: GenerationLanguageModelId): GenerationLanguageModel;
  /** Same as {@link GenerationProvider.languageModel}. */
  chat(modelId: GenerationLanguageModelId): GenerationLanguageModel;
  /** An image model: `flux-dev`, `v7/text-to-image`, `v8/text-to-image:flux-dev`, `v8/upscale`... */
  imageModel(modelId: GenerationImageModelId): GenerationImageModel;
  /** Same as {@link GenerationProvider.imageModel}. */
  image(modelId: GenerationImageModelId): GenerationImageModel;
  /** A speech model: `v7/text-to-speech`, `v6/text_to_audio`... */
  speechModel(modelId: GenerationSpeechModelId): GenerationSpeechModel;
  /** Same as {@link GenerationProvider.speechModel}. */
  speech(modelId: GenerationSpeechModelId): GenerationSpeechModel;
  /** A transcription model: `v7/speech-to-text`, `v8/speech-to-text`... */
  transcriptionModel(modelId: GenerationTranscriptionModelId): GenerationTranscriptionModel;
  /** Same as {@link GenerationProvider.transcriptionModel}. */
  transcription(modelId: GenerationTranscriptionModelId): GenerationTranscriptionModel;
  /** A video model with `doStart`/`doStatus`: `kling-2`, `v8/text-to-video:veo-3`, `v7/image-to-video`... */
  videoModel(modelId: GenerationVideoModelId): GenerationVideoModel;
  /** Same as {@link GenerationProvider.videoModel}. */
  video(modelId: GenerationVideoModelId): GenerationVideoModel;
  /** The service has no embedding models: always `NoSuchModelError`. */
  embeddingModel(modelId: string): never;
  /** The service description the models use (discovering it if no call has yet; no key needed). */
  service(): Promise<ServiceDescription>;
  /** Releases the provider's connections; it reconnects if used again. */
  close(): Promise<void>;
}

/**
 * Creates a provider for the generation service. Nothing is read or fetched here: the base URL
 * and the service's description at the first model call, the key at every request.
 *
 * @example
 * const generation = createGenerationProvider({ baseURL: 'https://api.example.com' });
 * const { image } = await generateImage({ model: generation.image('flux-dev'), prompt: 'a lighthouse' });
 */
export function createGenerationProvider(settings: GenerationProviderSettings = {}): GenerationProvider {
  rejectUnknownOptions(settings, PROVIDER_SETTING_KEYS, 'createGenerationProvider settings');
  rejectUnknownOptions(
    settings._internal,
    PROVIDER_INTERNAL_SETTING_KEYS,
    'createGenerationProvider settings._internal',
  );
  const connection = new ServiceConnection(settings);
  const languageModel = (modelId: GenerationLanguageModelId) =>
    new GenerationLanguageModel(modelId, connection);
  const imageModel = (modelId: GenerationImageModelId) => new GenerationImageModel(modelId, connection);
  const speechModel = (modelId: GenerationSpeechModelId) => new GenerationSpeechModel(modelId, connection);
  const transcriptionModel = (modelId: GenerationTranscriptionModelId) =>
    new GenerationTranscriptionModel(modelId, connection);
  const videoModel = (modelId: GenerationVideoModelId) => new GenerationVideoModel(modelId, connection);
  function provider(modelId: GenerationLanguageModelId) {
    if (new.target) throw new UsageError('The generation provider is a function: call it without new.');
    return languageModel(modelId);
  }
  return Object.assign(provider, {
    specificationVersion: 'v4' as const,
    languageModel,
    chat: languageModel,
    imageModel,
    image: imageModel,
    speechModel,
    speech: speechModel,
    transcriptionModel,
    transcription: transcriptionModel,
    videoModel,
    video: videoModel,
    embeddingModel(modelId: string): never {
      throw new NoSuchModelError({
        modelId,
        modelType: 'embeddingModel',
        message: `The generation service has no embedding models (asked for "${modelId}").`,
      });
    },
    async service() {
      return (await connection.describe()).service;
    },
    close: () => connection.close(),
  });
}

/**
 * The default provider: base URL from `GENTK_BASE_URL`, key from `GENTK_API_KEY`, both read when
 * a model is first called.
 */
export const generation: GenerationProvider = createGenerationProvider();
