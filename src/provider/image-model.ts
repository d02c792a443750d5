/**
 * Image models: text-to-image, image-to-image and editing operations (inpaint, outpaint, upscale,
 * background removal...) chosen by model id. The SDK's settings go to the operation's own fields
 * (from its input schema); a setting it has no field for is a warning. Queued jobs are polled,
 * and the images come back as bytes, downloaded from the result URLs.
 * @module
 */
import type {
  ImageModelV4,
  ImageModelV4CallOptions,
  ImageModelV4Result,
  JSONValue,
  SharedV4Warning,
} from '@ai-sdk/provider';
import { downloadOutput } from './download-output.js';
import { editingOperation } from './editing-operation.js';
import { imageFields } from './image-fields.js';
import { ModelBinding } from './model-binding.js';
import { type ResolvedModel, resolveModel } from './model-ids.js';
import { inputField, maximumOf } from './operation-input.js';
import { runOperation } from './run-operation.js';
import { PROVIDER_NAME, type ServiceConnection } from './service-connection.js';

/** Image model ids: an operation, a model of the feed, or both (`v8/text-to-image:flux-dev`). */
export type GenerationImageModelId =
  | 'flux-dev'
  | 'flux-schnell'
  | 'sdxl'
  | 'v7/text-to-image'
  | 'v8/text-to-image'
  | 'v7/image-to-image'
  | 'v8/inpaint'
  | 'v8/outpaint'
  | 'v8/upscale'
  | 'v8/background-removal'
  | 'v6/text2img'
  | (string & {});

/**
 * `providerOptions.generation` of an image call: fields of the operation, sent as they are
 * (snake_case, as the service names them), after the SDK's own settings.
 *
 * @example
 * await generateImage({
 *   model: generation.image('flux-dev'),
 *   prompt: 'a red kite',
 *   providerOptions: { generation: { negative_prompt: 'blur', output_format: 'png' } },
 * });
 */
export type GenerationImageModelOptions = {
  readonly negative_prompt?: string;
  readonly output_format?: string;
  readonly model_id?: string;
  readonly strength?: number;
  readonly guidance_scale?: number;
  readonly num_inference_steps?: number;
} & { readonly [field: string]: JSONValue | undefined };

/** An `ImageModelV4` over one operation of the service. */
export class GenerationImageModel implements ImageModelV4 {
  readonly specificationVersion = 'v4';
  readonly provider = `${PROVIDER_NAME}.image`;
  readonly modelId: string;
  readonly #binding: ModelBinding<ResolvedModel>;

  constructor(modelId: GenerationImageModelId, connection: ServiceConnection) {
    this.modelId = modelId;
    this.#binding = new ModelBinding(connection, (service) => resolveModel('image', modelId, service));
  }

  /** The operation's `samples` maximum, or 1 when it makes one image per call. */
  readonly maxImagesPerCall = async (): Promise<number> => {
    const { resolved } = await this.#binding.open();
    const samples = inputField(resolved.operation, 'samples');
    return samples ? (maximumOf(samples) ?? 1) : 1;
  };

  async doGenerate(options: ImageModelV4CallOptions): Promise<ImageModelV4Result> {
    const { connection, resolved } = await this.#binding.open();
    const warnings: SharedV4Warning[] = [];
    const files = options.files ?? [];
    const operation = editingOperation('image', resolved.operation, connection.service, {
      image: files.length > 0 || options.mask !== undefined,
      mask: options.mask !== undefined,
    });
    const fields = await imageFields(connection, operation, resolved, options, warnings);
    const result = await runOperation(connection, operation, fields, options);
    const outputs = result.outputs.filter(
      (output) => output.mediaType === undefined || output.mediaType.startsWith('image/'),
    );
    const downloads = await Promise.all(
      outputs.map((output) => downloadOutput(connection, output.url, 'image', options.abortSignal)),
    );
    return {
      images: downloads.map((download) => download.data),
      // A job that finished without images will not grow them by being submitted again.
      ...(downloads.length === 0 ? { isRetryable: false } : {}),
      warnings,
      providerMetadata: {
        [PROVIDER_NAME]: {
          // The SDK keeps only `images` when it merges calls: each image names its job too.
          images: outputs.map((output, index) => ({
            url: output.url,
            mediaType: downloads[index]?.mediaType ?? output.mediaType ?? null,
            operationId: operation.id,
            requestId: result.requestId ?? null,
          })),
          operationId: operation.id,
          requestId: result.requestId ?? null,
          polls: result.polls,
        },
      },
      response: { timestamp: connection.now(), modelId: this.modelId, headers: undefined },
    };
  }
}
