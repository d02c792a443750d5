/**
 * Gives a value its notebook look without changing it as data: two non-enumerable symbol methods,
 * which `JSON.stringify`, `structuredClone`, spreading and equality checks all pass over.
 *
 * - `Symbol.for('Jupyter.display')`: the MIME bundle Deno's Jupyter kernel shows for a cell's value
 *   (and `displayInNotebook` sends to any kernel), with the result files embedded;
 * - `Symbol.for('nodejs.util.inspect.custom')`: the short plain text `console.log` prints in Node,
 *   Deno and Bun, and tslab shows for a cell's value.
 * @module
 */
import { type DisplayView, viewHtml, viewText } from './display-view.js';
import type { EmbeddedMedia, MediaLoader } from './media-loader.js';
import type { MimeBundle } from './mime-bundle.js';

export const JUPYTER_DISPLAY = Symbol.for('Jupyter.display');
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** Embeds the view's files that can be fetched, in parallel; the others stay links. */
async function embedded(view: DisplayView, load: MediaLoader | undefined) {
  const files = new Map<string, EmbeddedMedia>();
  if (!load) return files;
  await Promise.all(
    (view.media ?? []).map(async (media) => {
      const loaded = await load(media.url);
      if ('base64' in loaded) files.set(media.url, loaded);
    }),
  );
  return files;
}

/** The MIME bundle of a view: text, HTML with the files embedded, and the first image by itself. */
export async function bundleOf(view: DisplayView, load?: MediaLoader): Promise<MimeBundle> {
  const files = await embedded(view, load);
  const bundle: Record<string, string> = { 'text/plain': viewText(view), 'text/html': viewHtml(view, files) };
  // The image by itself too, for frontends and tools that read images rather than HTML.
  const image = [...files.values()].find((file) => /^image\/(png|jpeg|gif)$/.test(file.mediaType));
  if (image) bundle[image.mediaType] = image.base64;
  return bundle as MimeBundle;
}

/**
 * Makes `value` show itself as `view()` describes it (the view is built when shown, from the value
 * as it then is), and returns it.
 */
export function showsItself<T extends object>(value: T, view: () => DisplayView, load?: MediaLoader): T {
  if (!Object.isExtensible(value)) return value;
  Object.defineProperty(value, JUPYTER_DISPLAY, {
    value: () => bundleOf(view(), load),
    enumerable: false,
    configurable: true,
    writable: true,
  });
  Object.defineProperty(value, INSPECT, {
    value: () => viewText(view()),
    enumerable: false,
    configurable: true,
    writable: true,
  });
  return value;
}
