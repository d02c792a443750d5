/**
 * Values that show themselves where a person looks at them: MIME bundles for notebook kernels
 * (Deno's Jupyter kernel, tslab), readable plain text for consoles, and a progress line that updates
 * in place in a cell. It reads values through views their own layers build, and imports only the
 * HTTP core (for fetching the files it embeds) and the jobs' progress type.
 * @module
 */
export { displayInNotebook, mimeBundleOf } from './display-in-notebook.js';
export type { DisplayView, ViewMedia } from './display-view.js';
export {
  createMediaLoader,
  DEFAULT_EMBED_BYTES,
  type EmbeddedMedia,
  type MediaLoader,
} from './media-loader.js';
export type { MimeBundle } from './mime-bundle.js';
export { type NotebookKernel, notebookKernel } from './notebook-kernel.js';
export { kernelProgress, notebookProgress, type ProgressLineOptions, progressText } from './progress-line.js';
export { type NotebookFile, type ShownFile, showFile } from './show-file.js';
export { bundleOf, bundleWith, prepareDisplay, showsItself } from './shows-itself.js';
