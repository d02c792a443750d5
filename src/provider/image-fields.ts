/**
 * The fields of an image call: the SDK's settings (prompt, n, size, aspect ratio, seed, input
 * images and mask) onto the fields the operation's input schema has, then the provider options.
 * @module
 */
import {
  type ImageModelV4CallOptions,
  type ImageModelV4File,
  InvalidArgumentError,
  type SharedV4Warning,
} from '@ai-sdk/provider';
import type { Operation } from '../discovery/index.js';
import { type Dimensions, parseRatio, parseSize, ratioOfSize, sizeForRatio } from './image-dimensions.js';
import { inputUrl } from './input-files.js';
import type { ResolvedModel } from './model-ids.js';
import {
  allowedValues,
  checkAllowed,
  checkBounds,
  defaultOf,
  hasInput,
  inputField,
  isRequired,
  maximumOf,
  minimumOf,
  placeSetting,
  promptedFields,
  requireModelId,
  unsupportedSetting,
} from './operation-input.js';
import { shortName } from './operation-names.js';
import { providerOptionsOf } from './provider-options.js';
import { type Connection, PROVIDER_NAME } from './service-connection.js';

type Fields = Record<string, unknown>;

function defaultSize(operation: Operation): Dimensions {
  const width = defaultOf(inputField(operation, 'width'));
  const height = defaultOf(inputField(operation, 'height'));
  return {
    width: typeof width === 'number' ? width : 1024,
    height: typeof height === 'number' ? height : 1024,
  };
}

function placeSize(operation: Operation, sizeText: string, fields: Fields, warnings: SharedV4Warning[]) {
  const size = parseSize(sizeText);
  if (!size)
    throw new InvalidArgumentError({ argument: 'size', message: `size must be WxH, not ${sizeText}.` });
  if (hasInput(operation, 'width') && hasInput(operation, 'height')) {
    checkBounds(operation, 'width', size.width, 'size', sizeText);
    checkBounds(operation, 'height', size.height, 'size', sizeText);
    fields.width = size.width;
    fields.height = size.height;
  } else if (allowedValues(inputField(operation, 'aspect_ratio'))?.includes(ratioOfSize(size))) {
    fields.aspect_ratio = ratioOfSize(size);
    warnings.push({
      type: 'compatibility',
      feature: 'size',
      details: `${shortName(operation)} takes an aspect ratio, not a size: ${sizeText} was sent as ${ratioOfSize(size)}.`,
    });
  } else {
    warnings.push(unsupportedSetting('size', operation));
  }
}

function placeAspectRatio(
  operation: Operation,
  ratioText: string,
  sizeGiven: boolean,
  fields: Fields,
  warnings: SharedV4Warning[],
) {
  if (hasInput(operation, 'aspect_ratio')) {
    checkAllowed(operation, 'aspect_ratio', ratioText, 'aspectRatio');
    fields.aspect_ratio = ratioText;
    return;
  }
  if (!hasInput(operation, 'width') || !hasInput(operation, 'height') || sizeGiven) {
    warnings.push(unsupportedSetting('aspectRatio', operation));
    return;
  }
  const ratio = parseRatio(ratioText);
  if (ratio === undefined) {
    throw new InvalidArgumentError({
      argument: 'aspectRatio',
      message: `aspectRatio must be W:H, not ${ratioText}.`,
    });
  }
  const width = inputField(operation, 'width');
  const size = sizeForRatio(ratio, defaultSize(operation), {
    minimum: minimumOf(width),
    maximum: maximumOf(width),
  });
  fields.width = size.width;
  fields.height = size.height;
  warnings.push({
    type: 'compatibility',
    feature: 'aspectRatio',
    details: `${shortName(operation)} takes a size, not an aspect ratio: ${ratioText} was sent as ${size.width}x${size.height}.`,
  });
}

function toInputFile(file: ImageModelV4File) {
  return file.type === 'url'
    ? { type: 'url' as const, url: file.url }
    : { type: 'file' as const, data: file.data, mediaType: file.mediaType };
}

/** Input images and the mask: uploaded when they are bytes, then placed where the operation takes them. */
async function placeFiles(
  connection: Connection,
  operation: Operation,
  options: ImageModelV4CallOptions,
  fields: Fields,
  warnings: SharedV4Warning[],
): Promise<void> {
  const files = options.files ?? [];
  const run = { abortSignal: options.abortSignal, headers: options.headers };
  const urls = await Promise.all(files.map((file) => inputUrl(connection, toInputFile(file), 'image', run)));
  if (hasInput(operation, 'init_images') && urls.length > 0) {
    fields.init_images = urls;
  } else if (hasInput(operation, 'init_image') && urls.length > 0) {
    fields.init_image = urls[0];
    if (urls.length > 1) {
      warnings.push({
        type: 'other',
        message: `${shortName(operation)} takes one input image; only the first of ${urls.length} was sent.`,
      });
    }
  }
  if (options.mask) fields.mask_image = await inputUrl(connection, toInputFile(options.mask), 'image', run);
  if (
    ['init_image', 'init_images'].some((name) => isRequired(operation, name) && fields[name] === undefined)
  ) {
    throw new InvalidArgumentError({
      argument: 'prompt',
      message: `${shortName(operation)} edits an image: pass it as prompt: { images: [...], text }.`,
    });
  }
}

/** The request fields of an image call on `operation`; what it cannot take goes to `warnings`. */
export async function imageFields(
  connection: Connection,
  operation: Operation,
  resolved: ResolvedModel,
  options: ImageModelV4CallOptions,
  warnings: SharedV4Warning[],
): Promise<Fields> {
  const fields: Fields = promptedFields(operation, resolved, options.prompt, warnings);
  if (hasInput(operation, 'samples')) {
    checkBounds(operation, 'samples', options.n, 'n');
    if (options.n !== 1) fields.samples = options.n;
  } else if (options.n > 1) {
    warnings.push(unsupportedSetting('n', operation, `${shortName(operation)} makes one image per call.`));
  }
  if (options.size !== undefined) placeSize(operation, options.size, fields, warnings);
  if (options.aspectRatio !== undefined) {
    placeAspectRatio(operation, options.aspectRatio, options.size !== undefined, fields, warnings);
  }
  placeSetting(operation, 'seed', 'seed', options.seed, fields, warnings);
  await placeFiles(connection, operation, options, fields, warnings);
  Object.assign(fields, providerOptionsOf(options.providerOptions));
  requireModelId(operation, fields, connection.service.models, 'image', PROVIDER_NAME);
  return fields;
}
