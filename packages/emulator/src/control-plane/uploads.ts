import type { MediaFormat } from '../files/media.js';
import { ok } from '../http/envelope.js';
import { ApiError, invalidFields } from './api-error.js';
import { decodedSize, isStrictBase64, parseDataUri } from './base64.js';
import { type OperationHandler, type SessionInput, tokenHandler } from './handler.js';
import { DAY_SECONDS, iso } from './time.js';

/** Largest decoded upload, in bytes. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

const MEDIA_TYPE = /^[a-z0-9!#$&^_.+-]{1,127}\/[a-z0-9!#$&^_.+-]{1,127}$/i;

const BY_EXTENSION: Record<string, { mediaType: string; format: MediaFormat }> = {
  png: { mediaType: 'image/png', format: 'png' },
  jpg: { mediaType: 'image/jpeg', format: 'jpeg' },
  jpeg: { mediaType: 'image/jpeg', format: 'jpeg' },
  webp: { mediaType: 'image/webp', format: 'webp' },
  mp3: { mediaType: 'audio/mpeg', format: 'mp3' },
  wav: { mediaType: 'audio/wav', format: 'wav' },
  mp4: { mediaType: 'video/mp4', format: 'mp4' },
  glb: { mediaType: 'model/gltf-binary', format: 'glb' },
  obj: { mediaType: 'model/obj', format: 'obj' },
  stl: { mediaType: 'model/stl', format: 'stl' },
  ply: { mediaType: 'application/ply', format: 'ply' },
  txt: { mediaType: 'text/plain', format: 'txt' },
  pdf: { mediaType: 'application/pdf', format: 'pdf' },
};

/**
 * The file-store format (it names the URL's extension) closest to a media type. The store knows a
 * fixed set of formats; the served Content-Type is the uploaded one regardless.
 */
function formatOf(mediaType: string): MediaFormat {
  const exact = Object.values(BY_EXTENSION).find((entry) => entry.mediaType === mediaType);
  if (exact) return exact.format;
  const family = mediaType.split('/')[0];
  if (family === 'image') return 'png';
  if (family === 'audio') return 'mp3';
  if (family === 'video') return 'mp4';
  if (family === 'model') return 'glb';
  return 'txt';
}

function store(
  input: SessionInput,
  file: { data: string; mediaType: string; fileName?: string; field: string },
): Response {
  // Size first: a huge payload is refused without scanning it.
  const size = decodedSize(file.data);
  if (size > MAX_UPLOAD_BYTES) {
    throw new ApiError(
      'payload_too_large',
      `The file is ${size} bytes; uploads may be at most ${MAX_UPLOAD_BYTES} bytes.`,
      {
        size,
        max_size: MAX_UPLOAD_BYTES,
      },
    );
  }
  if (!isStrictBase64(file.data)) {
    throw invalidFields({ [file.field]: 'must be base64 (standard alphabet, padded, no whitespace)' });
  }
  if (size === 0) throw invalidFields({ [file.field]: 'must not be empty' });
  const { ctx, c } = input;
  const stored = ctx.files.put({
    folder: 'uploads',
    format: formatOf(file.mediaType),
    mediaType: file.mediaType,
    bytes: Buffer.from(file.data, 'base64'),
    expiresAt: ctx.clock.now() + ctx.serviceMs(DAY_SECONDS),
  });
  return ok(
    c,
    {
      id: ctx.state.nextId('upl'),
      url: `${c.get('origin')}${stored.path}`,
      media_type: file.mediaType,
      size,
      expires_at: iso(stored.expiresAt ?? ctx.clock.now()),
      ...(file.fileName ? { file_name: file.fileName } : {}),
    },
    201,
  );
}

const uploadFile = tokenHandler((input) => {
  const fileName = String(input.body.file_name);
  const declared =
    typeof input.body.media_type === 'string' ? input.body.media_type.toLowerCase() : undefined;
  if (declared !== undefined && !MEDIA_TYPE.test(declared)) {
    throw invalidFields({ media_type: 'must be a media type such as image/png' });
  }
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  const mediaType = declared ?? BY_EXTENSION[extension]?.mediaType ?? 'application/octet-stream';
  return store(input, { data: String(input.body.content), mediaType, fileName, field: 'content' });
});

const uploadBase64 = tokenHandler((input) => {
  const parsed = parseDataUri(String(input.body.base64));
  if (!parsed) throw invalidFields({ base64: 'must be a data URI: data:<media type>;base64,<data>' });
  return store(input, { data: parsed.data, mediaType: parsed.mediaType, field: 'base64' });
});

/** Handlers of file uploads used as generation inputs; files live 24 hours of service time. */
export const UPLOAD_HANDLERS: Record<string, OperationHandler> = {
  post_uploads: uploadFile,
  post_uploads_base64: uploadBase64,
};
