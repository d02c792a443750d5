/**
 * Transcription models over the speech-to-text operations. Those take the audio as a URL: a URL
 * goes as it is (`doGenerateFromUrl`, so the SDK does not download it first), bytes are uploaded
 * through the generation API's `base64_to_url` with the same key. The transcript is the answer's
 * `text`, or else the text file it links.
 * @module
 */
import type {
  JSONValue,
  SharedV4Warning,
  TranscriptionModelV4,
  TranscriptionModelV4CallOptions,
  TranscriptionModelV4Result,
} from '@ai-sdk/provider';
import { NoContentGeneratedError } from '@ai-sdk/provider';
import type { CallSuccess } from '../calls/index.js';
import { isRecord } from '../http/index.js';
import { downloadOutput } from './download-output.js';
import { inputUrl } from './input-files.js';
import { ModelBinding } from './model-binding.js';
import { type ResolvedModel, resolveModel } from './model-ids.js';
import { allowedValues, hasInput, inputField } from './operation-input.js';
import { shortName } from './operation-names.js';
import { providerOptionsOf } from './provider-options.js';
import { runOperation } from './run-operation.js';
import { type Connection, PROVIDER_NAME, type ServiceConnection } from './service-connection.js';

/** Transcription model ids: speech-to-text operations. */
export type GenerationTranscriptionModelId =
  | 'v7/speech-to-text'
  | 'v8/speech-to-text'
  | 'v6/speech_to_text'
  | (string & {});

/**
 * `providerOptions.generation` of a transcription: fields of the operation, sent as they are.
 *
 * @example
 * await transcribe({
 *   model: generation.transcription('v6/speech_to_text'),
 *   audio: new URL('https://example.com/talk.mp3'),
 *   providerOptions: { generation: { language: 'en', timestamp_level: 'word' } },
 * });
 */
export type GenerationTranscriptionModelOptions = {
  /** Language spoken, by name or ISO 639-1 code. */
  readonly language?: string;
  readonly timestamp_level?: string;
} & { readonly [field: string]: JSONValue | undefined };

/**
 * The SDK's transcription call options without the audio, for a call that passes the audio by URL.
 *
 * @example
 * const model = generation.transcription('v6/speech_to_text');
 * const result = await model.doGenerateFromUrl({
 *   audio: new URL('https://example.com/talk.mp3'),
 *   providerOptions: { generation: { language: 'en' } },
 * });
 */
export type TranscriptionCallOptions = Omit<TranscriptionModelV4CallOptions, 'audio' | 'mediaType'>;

/** `word` and `segment` onto the operation's `timestamp_level` (`word` / `sentence`). */
function placeTimestamps(
  resolved: ResolvedModel,
  granularities: TranscriptionCallOptions['timestampGranularities'],
  fields: Record<string, unknown>,
  warnings: SharedV4Warning[],
): void {
  if (!granularities?.length) return;
  const { operation } = resolved;
  const levels = allowedValues(inputField(operation, 'timestamp_level')) ?? [];
  const wanted = granularities.includes('word') ? 'word' : 'sentence';
  if (hasInput(operation, 'timestamp_level') && (levels.length === 0 || levels.includes(wanted))) {
    fields.timestamp_level = wanted;
  } else {
    warnings.push({
      type: 'unsupported',
      feature: 'timestampGranularities',
      details: `${shortName(operation)} cannot time ${granularities.join(' and ')}s.`,
    });
  }
  // The service puts timings in the transcript file, not in the answer: none come back as segments.
  warnings.push({
    type: 'other',
    message: `${shortName(operation)} answers no word or segment timings; segments and words are left empty.`,
  });
}

async function transcriptOf(
  connection: Connection,
  result: CallSuccess,
  signal: AbortSignal | undefined,
): Promise<string> {
  if (isRecord(result.body) && typeof result.body.text === 'string') return result.body.text;
  const file = result.outputs.find((output) => output.mediaType?.startsWith('text/'));
  if (!file) {
    throw new NoContentGeneratedError({
      message: `The transcription finished without a transcript (job ${String(result.requestId)}).`,
    });
  }
  const download = await downloadOutput(connection, file.url, 'text', signal);
  return new TextDecoder().decode(download.data);
}

/** ISO 639-1 codes are passed back as the detected language; names are not guessed at. */
function languageOf(fields: Record<string, unknown>): string | undefined {
  return typeof fields.language === 'string' && /^[a-z]{2}$/.test(fields.language)
    ? fields.language
    : undefined;
}

/** A `TranscriptionModelV4` over one speech-to-text operation. */
export class GenerationTranscriptionModel implements TranscriptionModelV4 {
  readonly specificationVersion = 'v4';
  readonly provider = `${PROVIDER_NAME}.transcription`;
  readonly modelId: string;
  readonly #binding: ModelBinding<ResolvedModel>;

  constructor(modelId: GenerationTranscriptionModelId, connection: ServiceConnection) {
    this.modelId = modelId;
    this.#binding = new ModelBinding(connection, (service) =>
      resolveModel('transcription', modelId, service),
    );
  }

  async doGenerate(options: TranscriptionModelV4CallOptions): Promise<TranscriptionModelV4Result> {
    const { connection } = await this.#binding.open();
    const url = await inputUrl(
      connection,
      { type: 'file', data: options.audio, mediaType: options.mediaType },
      'audio',
      options,
    );
    return this.#transcribe(url, options);
  }

  /** The service reads the audio itself: nothing is downloaded or uploaded here. */
  async doGenerateFromUrl(
    options: TranscriptionCallOptions & { audio: URL },
  ): Promise<TranscriptionModelV4Result> {
    return this.#transcribe(options.audio.href, options);
  }

  async #transcribe(
    audioUrl: string,
    options: TranscriptionCallOptions,
  ): Promise<TranscriptionModelV4Result> {
    const { connection, resolved } = await this.#binding.open();
    const warnings: SharedV4Warning[] = [];
    const fields: Record<string, unknown> = { init_audio: audioUrl };
    placeTimestamps(resolved, options.timestampGranularities, fields, warnings);
    Object.assign(fields, providerOptionsOf(options.providerOptions));
    const result = await runOperation(connection, resolved.operation, fields, options);
    const text = await transcriptOf(connection, result, options.abortSignal);
    return {
      text,
      segments: [],
      language: languageOf(fields),
      durationInSeconds: undefined,
      warnings,
      request: { body: JSON.stringify(fields) },
      response: { timestamp: connection.now(), modelId: this.modelId, body: result.body },
      providerMetadata: {
        [PROVIDER_NAME]: {
          operationId: resolved.operation.id,
          requestId: result.requestId ?? null,
          transcriptUrl: result.outputs[0]?.url ?? null,
          polls: result.polls,
        },
      },
    };
  }
}
