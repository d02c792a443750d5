/**
 * Input files for operations that take a URL (`init_image`, `init_audio`, `init_video`): a URL is
 * passed as it is; bytes are first uploaded through the generation API's own `base64_to_url`
 * operation of the matching family, with the same key. (The control plane's uploads need a
 * token, which a key-only provider does not have.)
 * @module
 */
import { InvalidArgumentError } from '@ai-sdk/provider';
import { convertToBase64, detectMediaType, getTopLevelMediaType } from '@ai-sdk/provider-utils';
import type { Operation } from '../discovery/index.js';
import { inputNames, isRequired } from './operation-input.js';
import { type RunOptions, runOperation } from './run-operation.js';
import type { Connection } from './service-connection.js';

/** A file as the SDK hands it over: a URL, or bytes (or base64) with a media type. */
export type InputFile =
  | { readonly type: 'url'; readonly url: string }
  | { readonly type: 'file'; readonly data: string | Uint8Array; readonly mediaType?: string | undefined };

/** Upload families to try for each kind of file, best first. */
const UPLOAD_FAMILIES: Record<string, readonly string[]> = {
  image: ['image-editing', 'image'],
  audio: ['audio'],
  video: ['video'],
};

function uploadOperation(connection: Connection, topLevel: string): Operation | undefined {
  const uploads = connection.service.operations.filter(
    (operation) => /\/base64_to_url$/.test(operation.path) && inputNames(operation).length > 0,
  );
  for (const family of UPLOAD_FAMILIES[topLevel] ?? []) {
    const found = uploads.find((operation) => operation.category === family);
    if (found) return found;
  }
  return undefined;
}

function fullMediaType(file: Extract<InputFile, { type: 'file' }>, fallback: string): string {
  const given = file.mediaType ?? '';
  if (/^[a-z]+\/[a-z0-9.+-]+$/i.test(given)) return given;
  const topLevel = getTopLevelMediaType(given) || fallback;
  return detectMediaType({ data: file.data, topLevelType: topLevel }) ?? `${topLevel}/octet-stream`;
}

/**
 * A URL the service can read `file` from. `expected` is the top-level media type the operation
 * wants (`image`, `audio`, `video`), used when the file does not say.
 */
export async function inputUrl(
  connection: Connection,
  file: InputFile,
  expected: string,
  options: RunOptions,
): Promise<string> {
  if (file.type === 'url') return file.url;
  const mediaType = fullMediaType(file, expected);
  const upload = uploadOperation(connection, getTopLevelMediaType(mediaType));
  if (!upload) {
    throw new InvalidArgumentError({
      argument: 'files',
      message: `The service offers no upload for ${mediaType} files; pass the file as an https URL instead.`,
    });
  }
  const field = inputNames(upload).find((name) => isRequired(upload, name)) ?? inputNames(upload)[0]!;
  const result = await runOperation(
    connection,
    upload,
    { [field]: `data:${mediaType};base64,${convertToBase64(file.data)}` },
    options,
  );
  const url = result.outputs[0]?.url;
  if (!url) {
    throw new InvalidArgumentError({
      argument: 'files',
      message: `${upload.id} accepted the ${mediaType} file but answered no URL for it.`,
    });
  }
  return url;
}
