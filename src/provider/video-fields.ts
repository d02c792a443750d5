/**
 * The fields of a video call: prompt, input image, duration, resolution, aspect ratio, fps and
 * seed onto the fields the operation's input schema has, then the webhook and provider options.
 * @module
 */
import {
  InvalidArgumentError,
  type SharedV4Warning,
  type Experimental_VideoModelV4CallOptions as VideoModelV4CallOptions,
  type Experimental_VideoModelV4File as VideoModelV4File,
} from '@ai-sdk/provider';
import type { Operation } from '../discovery/index.js';
import { parseSize } from './image-dimensions.js';
import { inputUrl } from './input-files.js';
import type { ResolvedModel } from './model-ids.js';
import {
  checkAllowed,
  checkBounds,
  defaultOf,
  hasInput,
  inputField,
  placeSetting,
  promptedFields,
  requireModelId,
  unsupportedSetting,
} from './operation-input.js';
import { shortName } from './operation-names.js';
import { providerOptionsOf } from './provider-options.js';
import { type Connection, PROVIDER_NAME } from './service-connection.js';

/**
 * The SDK's video call options, and the webhook the service calls when the job ends.
 *
 * @example
 * const { operation } = await generation
 *   .video('v8/text-to-video')
 *   .doStart({ ...callOptions, webhookUrl: 'https://hooks.example.com/video' });
 */
export type VideoStartOptions = VideoModelV4CallOptions & { webhookUrl?: string };

type Fields = Record<string, unknown>;

function toInputFile(file: VideoModelV4File) {
  return file.type === 'url'
    ? { type: 'url' as const, url: file.url }
    : { type: 'file' as const, data: file.data, mediaType: file.mediaType };
}

/** resolution `1280x720` onto `resolution: "720p"`, or width and height; false when neither exists. */
function placeResolution(operation: Operation, resolution: string, fields: Fields): boolean {
  const size = parseSize(resolution);
  if (!size) {
    throw new InvalidArgumentError({
      argument: 'resolution',
      message: `resolution must be WxH, not ${resolution}.`,
    });
  }
  if (hasInput(operation, 'resolution')) {
    const named = `${Math.min(size.width, size.height)}p`;
    checkAllowed(operation, 'resolution', named, 'resolution');
    fields.resolution = named;
    return true;
  }
  if (hasInput(operation, 'width') && hasInput(operation, 'height')) {
    checkBounds(operation, 'width', size.width, 'resolution', resolution);
    checkBounds(operation, 'height', size.height, 'resolution', resolution);
    fields.width = size.width;
    fields.height = size.height;
    return true;
  }
  return false;
}

/** duration in seconds onto `duration`, or `num_frames` at the operation's frame rate. */
function placeDuration(
  operation: Operation,
  options: VideoStartOptions,
  duration: number,
  fields: Fields,
  warnings: SharedV4Warning[],
): void {
  if (hasInput(operation, 'duration')) {
    const seconds = inputField(operation, 'duration')?.type === 'integer' ? Math.round(duration) : duration;
    checkBounds(operation, 'duration', seconds, 'duration');
    fields.duration = seconds;
  } else if (hasInput(operation, 'num_frames')) {
    const fallbackFps = defaultOf(inputField(operation, 'fps'));
    const fps = options.fps ?? (typeof fallbackFps === 'number' ? fallbackFps : 16);
    const frames = Math.round(duration * fps);
    checkBounds(
      operation,
      'num_frames',
      frames,
      'duration',
      `${duration} s (${frames} frames at ${fps} fps)`,
    );
    fields.num_frames = frames;
    warnings.push({
      type: 'compatibility',
      feature: 'duration',
      details: `${shortName(operation)} counts frames: ${duration} s was sent as ${frames} frames at ${fps} fps.`,
    });
  } else {
    warnings.push(unsupportedSetting('duration', operation));
  }
}

/** The request fields of a video call on `operation`; what it cannot take goes to `warnings`. */
export async function videoFields(
  connection: Connection,
  operation: Operation,
  resolved: ResolvedModel,
  options: VideoStartOptions,
  image: VideoModelV4File | undefined,
  warnings: SharedV4Warning[],
): Promise<Fields> {
  const fields: Fields = promptedFields(operation, resolved, options.prompt, warnings);
  if (image) fields.init_image = await inputUrl(connection, toInputFile(image), 'image', options);
  if (options.frameImages?.some((frame) => frame.frameType === 'last_frame')) {
    warnings.push(
      unsupportedSetting('frameImages', operation, `${shortName(operation)} takes no last frame.`),
    );
  }
  if (options.inputReferences?.length) warnings.push(unsupportedSetting('inputReferences', operation));
  if (options.generateAudio !== undefined) warnings.push(unsupportedSetting('generateAudio', operation));
  if (options.n > 1) warnings.push(unsupportedSetting('n', operation, 'One video per job.'));
  if (options.duration !== undefined) placeDuration(operation, options, options.duration, fields, warnings);
  if (options.resolution !== undefined && !placeResolution(operation, options.resolution, fields)) {
    warnings.push(unsupportedSetting('resolution', operation));
  }
  // `adaptive` is what the operations do anyway: the ratio of the input image.
  if (options.aspectRatio !== 'adaptive') {
    placeSetting(operation, 'aspectRatio', 'aspect_ratio', options.aspectRatio, fields, warnings);
  }
  placeSetting(operation, 'fps', 'fps', options.fps, fields, warnings);
  placeSetting(operation, 'seed', 'seed', options.seed, fields, warnings);
  if (options.webhookUrl !== undefined) fields.webhook = options.webhookUrl;
  Object.assign(fields, providerOptionsOf(options.providerOptions));
  requireModelId(operation, fields, connection.service.models, 'video', PROVIDER_NAME);
  return fields;
}
