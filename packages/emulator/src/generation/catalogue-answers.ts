import type { GenerationOperation } from '../catalogue/types.js';
import type { EmulatorContext, RequestContext } from '../context.js';
import type { MediaFormat } from '../files/media.js';
import { MODELS, modelRecord } from '../models.js';
import type { Account } from '../state/records.js';
import { generationError, withQuirks } from './respond.js';

const BUILT_IN_VOICES = [
  { voice_id: 1, name: 'Aria', language: 'english', gender: 'female' },
  { voice_id: 2, name: 'Bruno', language: 'english', gender: 'male' },
  { voice_id: 3, name: 'Camila', language: 'spanish', gender: 'female' },
  { voice_id: 4, name: 'Dev', language: 'hindi', gender: 'male' },
  { voice_id: 5, name: 'Elise', language: 'french', gender: 'female' },
];

const DATA_URI = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]+={0,2})$/i;
const UPLOAD_FORMATS: Record<string, MediaFormat> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'video/mp4': 'mp4',
  'model/gltf-binary': 'glb',
  'model/obj': 'obj',
  'model/stl': 'stl',
};
const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Voices of the account: the built-in ones, then those its voice_upload jobs created. */
export function voiceList(c: RequestContext, ctx: EmulatorContext, account: Account): Response {
  const uploaded = ctx.jobs
    .list(
      account.id,
      (job) => job.operation.operationId === 'v6_voice_voice_upload' && ctx.jobs.status(job) === 'success',
    )
    .map((job, index) => ({
      voice_id: 1000 + index,
      name: String(job.input.name ?? `voice ${index + 1}`),
      language: String(job.input.language ?? 'english'),
      gender: 'unknown',
    }));
  return c.json({ status: 'success', voices: [...BUILT_IN_VOICES, ...uploaded] });
}

/** base64_to_url: stores a data URI and answers its URL. */
export function storeBase64(
  c: RequestContext,
  ctx: EmulatorContext,
  operation: GenerationOperation,
  input: Record<string, unknown>,
): Response {
  const field = operation.required[0]?.split('@')[0] ?? 'init_obj';
  const value = String(input[field] ?? '').trim();
  const match = DATA_URI.exec(value);
  const format = match ? UPLOAD_FORMATS[match[1]?.toLowerCase() ?? ''] : undefined;
  if (!match || !format) {
    return generationError(
      c,
      ctx,
      operation,
      422,
      `${field} must be a data URI of a supported type: data:<media type>;base64,<data> with one of ${Object.keys(UPLOAD_FORMATS).join(', ')}.`,
    );
  }
  const bytes = Buffer.from(match[2] ?? '', 'base64');
  if (bytes.byteLength > MAX_UPLOAD_BYTES) {
    return generationError(c, ctx, operation, 413, `The file is larger than ${MAX_UPLOAD_BYTES} bytes.`);
  }
  const file = ctx.files.put({
    folder: 'uploads',
    format,
    bytes,
    expiresAt: ctx.clock.now() + ctx.serviceMs(24 * 3600),
  });
  const id = ctx.jobs.newId(operation);
  return c.json(withQuirks(ctx, { status: 'success', id, output: [`${c.get('origin')}${file.path}`] }));
}

/** Public models: v7 `GET /models` (filtered and paged) and v6 training `model_list`. */
export function modelList(
  c: RequestContext,
  operation: GenerationOperation,
  query: Record<string, unknown>,
): Response {
  if (operation.version === 'v6') {
    const data = MODELS.filter((model) => model.category === 'image' || model.category === 'training').map(
      modelRecord,
    );
    return c.json({ status: 'success', data });
  }
  const search = typeof query.search === 'string' ? query.search.toLowerCase() : '';
  const filtered = MODELS.filter(
    (model) =>
      (!query.category || model.category === query.category) &&
      (!search || model.modelId.includes(search) || model.name.toLowerCase().includes(search)),
  );
  const limit = typeof query.limit === 'number' ? query.limit : 20;
  const page = typeof query.page === 'number' ? query.page : 1;
  const data = filtered.slice((page - 1) * limit, page * limit).map(modelRecord);
  return c.json({ status: 'success', data, pagination: { page, limit, total: filtered.length } });
}
