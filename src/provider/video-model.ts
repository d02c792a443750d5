/**
 * Video models with the SDK's start/status flow: `doStart` submits the job and returns its
 * handle at once, `doStatus` fetches it once, so that the SDK's own polling, timeouts and
 * webhooks run the wait (`experimental_generateVideo({ poll, webhook })`). A finished video is
 * downloaded as bytes: result URLs live 24 hours, and the SDK refuses to download from private
 * addresses such as a local emulator.
 * @module
 */
import type {
  JSONValue,
  SharedV4Warning,
  Experimental_VideoModelV4 as VideoModelV4,
  Experimental_VideoModelV4OperationStartResult as VideoModelV4OperationStartResult,
  Experimental_VideoModelV4OperationStatusResult as VideoModelV4OperationStatusResult,
  Experimental_VideoModelV4OperationWebhook as VideoModelV4OperationWebhook,
} from '@ai-sdk/provider';
import { InvalidArgumentError, UnsupportedFunctionalityError } from '@ai-sdk/provider';
import { type CallOutput, credentialFor, outputsOf } from '../calls/index.js';
import { GenerationFailedError, isRecord } from '../http/index.js';
import { createFetchStatus, isResumableJob, type ResumableJob, readJobAnswer } from '../jobs/index.js';
import { downloadOutput } from './download-output.js';
import { editingOperation } from './editing-operation.js';
import { toProviderError } from './errors.js';
import { ModelBinding } from './model-binding.js';
import { type ResolvedModel, resolveModel } from './model-ids.js';
import { hasInput } from './operation-input.js';
import { shortName } from './operation-names.js';
import { submitOperation } from './run-operation.js';
import { type Connection, PROVIDER_NAME, type ServiceConnection } from './service-connection.js';
import { type VideoStartOptions, videoFields } from './video-fields.js';

/** Video model ids: an operation, a video model of the feed, or both (`v8/text-to-video:veo-3`). */
export type GenerationVideoModelId =
  | 'kling-2'
  | 'veo-3'
  | 'wan-2.2'
  | 'v7/text-to-video'
  | 'v8/text-to-video'
  | 'v7/image-to-video'
  | 'v8/image-to-video'
  | 'v6/text2video'
  | (string & {});

/**
 * `providerOptions.generation` of a video call: fields of the operation, sent as they are.
 *
 * @example
 * await experimental_generateVideo({
 *   model: generation.video('v8/text-to-video'),
 *   prompt: 'waves at dawn',
 *   providerOptions: { generation: { negative_prompt: 'people' } },
 * });
 */
export type GenerationVideoModelOptions = {
  readonly negative_prompt?: string;
  readonly model_id?: string;
  readonly track_id?: string;
} & { readonly [field: string]: JSONValue | undefined };

/** The handle `doStart` returns: a queued job, or the result of one that finished at once. */
type VideoOperation =
  | (ResumableJob & { readonly operationId: string })
  | { readonly status: 'success'; readonly operationId: string; readonly outputs: readonly CallOutput[] };

function isVideoOperation(value: unknown): value is VideoOperation {
  if (!isRecord(value) || typeof value.operationId !== 'string') return false;
  return value.status === 'success' ? Array.isArray(value.outputs) : isResumableJob(value);
}

/** A video model over one video operation, with `doStart` and `doStatus`. */
export class GenerationVideoModel implements VideoModelV4 {
  readonly specificationVersion = 'v4';
  readonly provider = `${PROVIDER_NAME}.video`;
  readonly modelId: string;
  /** One video per job: the SDK makes one call per video. */
  readonly maxVideosPerCall = 1;
  readonly #binding: ModelBinding<ResolvedModel>;

  constructor(modelId: GenerationVideoModelId, connection: ServiceConnection) {
    this.modelId = modelId;
    this.#binding = new ModelBinding(connection, (service) => resolveModel('video', modelId, service));
  }

  /** The service calls a webhook when the job ends: the SDK waits for it instead of polling. */
  readonly handleWebhookOption = async (options: {
    webhook: () => PromiseLike<{ url: string; received: PromiseLike<VideoModelV4OperationWebhook> }>;
  }): Promise<{ webhookUrl: string; received: PromiseLike<VideoModelV4OperationWebhook> }> => {
    const { resolved } = await this.#binding.open();
    if (!hasInput(resolved.operation, 'webhook')) {
      throw new UnsupportedFunctionalityError({
        functionality: `webhooks on ${shortName(resolved.operation)}`,
      });
    }
    const { url, received } = await options.webhook();
    return { webhookUrl: url, received };
  };

  async doStart(options: VideoStartOptions): Promise<VideoModelV4OperationStartResult> {
    const { connection, resolved } = await this.#binding.open();
    const warnings: SharedV4Warning[] = [];
    const firstFrame = options.frameImages?.find((frame) => frame.frameType === 'first_frame')?.image;
    const image = options.image ?? firstFrame;
    const operation = editingOperation('video', resolved.operation, connection.service, {
      image: image !== undefined,
      mask: false,
    });
    const fields = await videoFields(connection, operation, resolved, options, image, warnings);
    const result = await submitOperation(connection, operation, fields, { ...options, wait: false });
    const handle: VideoOperation =
      result.status === 'success'
        ? { status: 'success', operationId: operation.id, outputs: result.outputs }
        : result;
    return {
      operation: handle as unknown as JSONValue,
      warnings,
      providerMetadata: {
        [PROVIDER_NAME]: {
          operationId: operation.id,
          requestId: result.requestId ?? null,
          ...(result.status === 'processing' && result.etaMs !== undefined ? { etaMs: result.etaMs } : {}),
        },
      },
      response: { timestamp: connection.now(), modelId: this.modelId, headers: undefined },
    };
  }

  async doStatus(options: {
    operation: JSONValue;
    abortSignal?: AbortSignal;
    headers?: Record<string, string | undefined>;
  }): Promise<VideoModelV4OperationStatusResult> {
    const { connection } = await this.#binding.open();
    const handle = options.operation;
    if (!isVideoOperation(handle)) {
      throw new InvalidArgumentError({
        argument: 'operation',
        message: 'This is not an operation that a generation video model started.',
      });
    }
    const response = { timestamp: connection.now(), modelId: this.modelId, headers: undefined };
    if (handle.status === 'success') return this.#completed(connection, handle.outputs, options, response);
    let answer: ReturnType<typeof readJobAnswer>;
    try {
      answer = readJobAnswer(await this.#fetchOnce(connection, handle, options.abortSignal));
    } catch (error) {
      if (GenerationFailedError.isInstance(error)) return { status: 'error', error: error.message, response };
      throw toProviderError(error, { connection, requestBody: undefined, submission: false });
    }
    if (answer.state === 'failed') {
      return {
        status: 'error',
        error: answer.message ?? 'The video job failed without saying why.',
        response,
      };
    }
    if (answer.state === 'processing') {
      return {
        status: 'pending',
        response,
        ...(answer.etaMs !== undefined
          ? { providerMetadata: { [PROVIDER_NAME]: { etaMs: answer.etaMs } } }
          : {}),
      };
    }
    const outputs = outputsOf(answer.body, connection.client.clock.now());
    return this.#completed(connection, outputs, options, response);
  }

  /** One fetch of the job, through the provider's client: its governor, its key, its origin check. */
  #fetchOnce(connection: Connection, handle: ResumableJob, signal: AbortSignal | undefined) {
    const fetchOperation = handle.fetch.operationId
      ? connection.service.operation(handle.fetch.operationId)
      : undefined;
    const credential = credentialFor(
      fetchOperation ?? { credential: { kind: 'api-key', bearer: true } },
      'auto',
    );
    const fetchStatus = createFetchStatus({
      client: connection.client,
      ...(credential ? { credential } : {}),
    });
    return fetchStatus(handle.fetch, signal);
  }

  async #completed(
    connection: Connection,
    outputs: readonly CallOutput[],
    options: { abortSignal?: AbortSignal },
    response: { timestamp: Date; modelId: string; headers: undefined },
  ): Promise<VideoModelV4OperationStatusResult> {
    const videos = outputs.filter(
      (output) => output.mediaType === undefined || output.mediaType.startsWith('video/'),
    );
    const downloads = await Promise.all(
      videos.map((video) => downloadOutput(connection, video.url, 'video', options.abortSignal)),
    );
    return {
      status: 'completed',
      videos: downloads.map((download, index) => ({
        type: 'binary' as const,
        data: download.data,
        mediaType: download.mediaType ?? videos[index]?.mediaType ?? 'video/mp4',
      })),
      warnings: [],
      providerMetadata: {
        [PROVIDER_NAME]: {
          videos: videos.map((video) => ({ url: video.url, expiresAt: video.expiresAt ?? null })),
        },
      },
      response,
    };
  }
}
