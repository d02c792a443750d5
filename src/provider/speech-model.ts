/**
 * Speech models over the text-to-speech operations (`v7/text-to-speech`, `v8/text-to-speech`,
 * `v6/text_to_audio`...): voice, language, speed and output format go to the operation's fields;
 * the queued job is polled and the audio downloaded as bytes.
 * @module
 */
import type {
  JSONValue,
  SharedV4Warning,
  SpeechModelV4,
  SpeechModelV4CallOptions,
  SpeechModelV4Result,
} from '@ai-sdk/provider';
import { NoContentGeneratedError } from '@ai-sdk/provider';
import type { Operation } from '../discovery/index.js';
import { downloadOutput } from './download-output.js';
import { ModelBinding } from './model-binding.js';
import { type ResolvedModel, resolveModel } from './model-ids.js';
import { hasInput, placeSetting, unsupportedSetting } from './operation-input.js';
import { shortName } from './operation-names.js';
import { providerOptionsOf } from './provider-options.js';
import { runOperation } from './run-operation.js';
import { PROVIDER_NAME, type ServiceConnection } from './service-connection.js';

/** Speech model ids: text-to-speech operations. */
export type GenerationSpeechModelId =
  | 'v7/text-to-speech'
  | 'v8/text-to-speech'
  | 'v6/text_to_speech'
  | 'v6/text_to_audio'
  | (string & {});

/**
 * `providerOptions.generation` of a speech call: fields of the operation, sent as they are.
 *
 * @example
 * await generateSpeech({
 *   model: generation.speech('v7/text-to-speech'),
 *   text: 'Hello.',
 *   providerOptions: { generation: { speaker: 'en_1' } },
 * });
 */
export type GenerationSpeechModelOptions = {
  readonly voice_id?: number;
  readonly speaker?: string;
  readonly emotion?: string;
} & { readonly [field: string]: JSONValue | undefined };

/** The voice: a number is a `voice_id`, a name a `speaker`, as the operation takes them. */
function placeVoice(
  operation: Operation,
  voice: string,
  fields: Record<string, unknown>,
  warnings: SharedV4Warning[],
) {
  if (/^\d+$/.test(voice) && hasInput(operation, 'voice_id')) fields.voice_id = Number(voice);
  else if (hasInput(operation, 'speaker')) fields.speaker = voice;
  else warnings.push(unsupportedSetting('voice', operation));
}

/** A `SpeechModelV4` over one text-to-speech operation. */
export class GenerationSpeechModel implements SpeechModelV4 {
  readonly specificationVersion = 'v4';
  readonly provider = `${PROVIDER_NAME}.speech`;
  readonly modelId: string;
  readonly #binding: ModelBinding<ResolvedModel>;

  constructor(modelId: GenerationSpeechModelId, connection: ServiceConnection) {
    this.modelId = modelId;
    this.#binding = new ModelBinding(connection, (service) => resolveModel('speech', modelId, service));
  }

  async doGenerate(options: SpeechModelV4CallOptions): Promise<SpeechModelV4Result> {
    const { connection, resolved } = await this.#binding.open();
    const { operation } = resolved;
    const warnings: SharedV4Warning[] = [];
    const fields: Record<string, unknown> = { prompt: options.text };
    if (resolved.catalogueModel !== undefined) fields.model_id = resolved.catalogueModel;
    if (options.voice !== undefined) placeVoice(operation, options.voice, fields, warnings);
    placeSetting(operation, 'language', 'language', options.language, fields, warnings);
    placeSetting(operation, 'speed', 'speed', options.speed, fields, warnings);
    placeSetting(operation, 'outputFormat', 'output_format', options.outputFormat, fields, warnings);
    if (options.instructions !== undefined) warnings.push(unsupportedSetting('instructions', operation));
    Object.assign(fields, providerOptionsOf(options.providerOptions));
    const result = await runOperation(connection, operation, fields, options);
    const output = result.outputs.find(
      (candidate) => candidate.mediaType === undefined || candidate.mediaType.startsWith('audio/'),
    );
    if (!output) {
      throw new NoContentGeneratedError({
        message: `${shortName(operation)} finished without an audio file (job ${String(result.requestId)}).`,
      });
    }
    const audio = await downloadOutput(connection, output.url, 'audio', options.abortSignal);
    return {
      audio: audio.data,
      warnings,
      request: { body: fields },
      response: { timestamp: connection.now(), modelId: this.modelId, body: result.body },
      providerMetadata: {
        [PROVIDER_NAME]: {
          audio: { url: output.url, mediaType: audio.mediaType ?? output.mediaType ?? null },
          operationId: operation.id,
          requestId: result.requestId ?? null,
          polls: result.polls,
        },
      },
    };
  }
}
