/**
 * A file made in memory, such as the AI SDK's `GeneratedFile` from the provider, as a value that
 * shows itself: the image, or a player for audio and video, embedded in the notebook.
 * @module
 */
import { toBase64 } from './media-loader.js';
import { showsItself } from './shows-itself.js';

/** A file's bytes and media type, as the AI SDK's generated files carry them. */
export interface NotebookFile {
  readonly mediaType: string;
  /** The bytes; or give `base64`. */
  readonly uint8Array?: Uint8Array;
  readonly base64?: string;
}

/** What `showFile` returns: the file's media type and size, showing the file itself in a notebook. */
export interface ShownFile {
  readonly mediaType: string;
  readonly bytes: number;
}

/**
 * A value that shows `file` in a notebook: the image, or a player for audio and video (as a cell's
 * last value in Deno's kernel, or through `displayInNotebook` in tslab).
 *
 * @example
 * import { generateImage } from 'ai';
 * import { generation } from 'generation-agent-toolkit/provider';
 * import { showFile } from 'generation-agent-toolkit/notebook';
 *
 * const { image } = await generateImage({ model: generation.image('flux-dev'), prompt: 'a kite' });
 * showFile(image); // the cell shows the picture
 */
export function showFile(file: NotebookFile, name = 'generated file'): ShownFile {
  const base64 = file.base64 ?? toBase64(file.uint8Array ?? new Uint8Array());
  const bytes = file.uint8Array?.byteLength ?? Math.floor((base64.length * 3) / 4);
  const shown: ShownFile = { mediaType: file.mediaType, bytes };
  return showsItself(
    shown,
    () => ({
      title: `${name}: ${file.mediaType}, ${bytes} bytes`,
      rows: [],
      media: [{ url: name, mediaType: file.mediaType }],
    }),
    undefined,
    new Map([[name, { mediaType: file.mediaType, base64 }]]),
  );
}
