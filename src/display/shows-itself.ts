/**
 * Gives a value its notebook look without changing it as data: two non-enumerable symbol methods,
 * which `JSON.stringify`, `structuredClone`, spreading and equality checks all pass over.
 *
 * - `Symbol.for('Jupyter.display')`: the MIME bundle Deno's Jupyter kernel shows for a cell's value
 *   (and `displayInNotebook` sends to any kernel), with the result files embedded;
 * - `Symbol.for('nodejs.util.inspect.custom')`: the short plain text `console.log` prints in Node,
 *   Deno and Bun, and tslab shows for a cell's value.
 *
 * Deno's kernel may report a cell finished (`idle`) before the cell's `execute_result` is out, and
 * a frontend drops what comes after `idle`: in that kernel the whole view goes out first as a
 * `display_data` of the cell, and the value's own result is its title line alone, so that losing it
 * loses nothing. The files a result shows are fetched when the call returns in a kernel
 * ({@link prepareDisplay}), so that showing it takes no further request.
 * @module
 */
import { type DisplayView, viewHtml, viewText } from './display-view.js';
import type { EmbeddedMedia, MediaLoader } from './media-loader.js';
import type { MimeBundle } from './mime-bundle.js';
import { notebookKernel } from './notebook-kernel.js';

export const JUPYTER_DISPLAY = Symbol.for('Jupyter.display');
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** How long a send to Deno's kernel is given to leave before the cell may end. */
const DENO_SEND_MS = 50;

/** Values with files to fetch before they are shown, and how to fetch them. */
const preparers = new WeakMap<object, () => Promise<void>>();
/** Each value's whole bundle, for `mimeBundleOf` (the symbol method may give the title alone). */
const wholeBundles = new WeakMap<object, () => MimeBundle | Promise<MimeBundle>>();

/** The whole MIME bundle of a value that shows itself, or `undefined`. */
export function wholeBundleOf(value: object): MimeBundle | Promise<MimeBundle> | undefined {
  return wholeBundles.get(value)?.();
}

/** Fetches the view's files that can be fetched, in parallel; the others stay links. */
async function embedded(view: DisplayView, load: MediaLoader): Promise<ReadonlyMap<string, EmbeddedMedia>> {
  const files = new Map<string, EmbeddedMedia>();
  await Promise.all(
    (view.media ?? []).map(async (media) => {
      const loaded = await load(media.url);
      if ('base64' in loaded) files.set(media.url, loaded);
    }),
  );
  return files;
}

/** The MIME bundle of a view with `files` embedded: text, HTML, and the first image by itself. */
export function bundleWith(view: DisplayView, files: ReadonlyMap<string, EmbeddedMedia>): MimeBundle {
  const bundle: Record<string, string> = { 'text/plain': viewText(view), 'text/html': viewHtml(view, files) };
  // The image by itself too, for frontends and tools that read images rather than HTML.
  const image = [...files.values()].find((file) => /^image\/(png|jpeg|gif)$/.test(file.mediaType));
  if (image) bundle[image.mediaType] = image.base64;
  return bundle as MimeBundle;
}

/** The MIME bundle of a view, with its files fetched by `load` and embedded. */
export async function bundleOf(view: DisplayView, load?: MediaLoader): Promise<MimeBundle> {
  return bundleWith(view, load ? await embedded(view, load) : new Map());
}

/**
 * Makes `value` show itself as `view()` describes it (the view is built when shown, from the value
 * as it then is), and returns it. With `load`, the view's files are embedded.
 */
export function showsItself<T extends object>(
  value: T,
  view: () => DisplayView,
  load?: MediaLoader,
  embeddedFiles?: ReadonlyMap<string, EmbeddedMedia>,
): T {
  if (!Object.isExtensible(value)) return value;
  let files: ReadonlyMap<string, EmbeddedMedia> | undefined = embeddedFiles;
  const whole = (): MimeBundle | Promise<MimeBundle> => {
    const current = view();
    if (files || !load || !current.media?.length) return bundleWith(current, files ?? new Map());
    return bundleOf(current, load);
  };
  const display = async (): Promise<MimeBundle> => {
    const bundle = await whole();
    const kernel = notebookKernel();
    if (kernel?.name !== 'deno') return bundle;
    await kernel.show(bundle);
    // The kernel's sends are queued apart from its `idle`: a moment lets this one out first.
    await new Promise((resolve) => setTimeout(resolve, DENO_SEND_MS));
    return { 'text/plain': view().title };
  };
  wholeBundles.set(value, whole);
  if (load)
    preparers.set(value, async () => {
      files ??= await embedded(view(), load);
    });
  Object.defineProperty(value, JUPYTER_DISPLAY, {
    value: display,
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

/** Fetches the files `value` shows, so that its bundle is then given at once; returns `value`. */
export async function prepareDisplay<T>(value: T): Promise<T> {
  if (typeof value === 'object' && value !== null) await preparers.get(value)?.();
  return value;
}
