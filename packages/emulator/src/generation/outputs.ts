import type { GenerationOperation } from '../catalogue/types.js';
import type { EmulatorContext } from '../context.js';
import type { StoredFile } from '../files/file-store.js';
import { type MediaFormat, mediaBytes } from '../files/media.js';

const VIDEO_LIFETIME_SECONDS = 24 * 3600;

export interface PlannedOutputs {
  readonly files: StoredFile[];
  readonly text?: string;
}

function text(operation: GenerationOperation, input: Record<string, unknown>): string {
  const prompt = typeof input.prompt === 'string' ? input.prompt : '';
  if (operation.operationId.includes('lyrics')) {
    return `[Verse]\n${prompt || 'A song about the sea'}\nThe emulator sings along\n[Chorus]\nLa la la`;
  }
  if (operation.operationId.includes('caption'))
    return 'A generated picture with soft colours (emulated caption).';
  return 'This is an emulated transcript of the audio.';
}

/** The files a job of `operation` will produce for `input`, available from `readyAt`. */
export function planOutputs(
  ctx: EmulatorContext,
  operation: GenerationOperation,
  input: Record<string, unknown>,
  readyAt: number,
): PlannedOutputs {
  const seed = Math.floor(ctx.random.next() * 1000);
  const make = (format: MediaFormat, index: number, content = '') =>
    ctx.files.put({
      folder: 'generations',
      format,
      bytes: mediaBytes(format, seed + index, content),
      availableAt: Number.isFinite(readyAt) ? readyAt : Number.MAX_SAFE_INTEGER,
      expiresAt:
        operation.result === 'video' && Number.isFinite(readyAt)
          ? readyAt + ctx.serviceMs(VIDEO_LIFETIME_SECONDS)
          : null,
    });
  switch (operation.result) {
    case 'image': {
      const samples = typeof input.samples === 'number' ? input.samples : 1;
      const format = (['png', 'jpeg', 'webp'] as const).find((f) => f === input.output_format) ?? 'png';
      return { files: Array.from({ length: samples }, (_, index) => make(format, index)) };
    }
    case 'video':
      return { files: [make('mp4', 0)] };
    case 'audio':
      return { files: [make(input.output_format === 'wav' ? 'wav' : 'mp3', 0)] };
    case 'model3d': {
      const format = (['glb', 'obj', 'stl', 'ply'] as const).find((f) => f === input.output_format) ?? 'glb';
      return { files: input.render === true ? [make(format, 0), make('mp4', 1)] : [make(format, 0)] };
    }
    case 'text': {
      const content = text(operation, input);
      return { files: [make('txt', 0, content)], text: content };
    }
    default:
      return { files: [] };
  }
}
