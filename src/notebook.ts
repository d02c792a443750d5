/**
 * generation-agent-toolkit/notebook: the toolkit in Jupyter notebooks (Deno's kernel, tslab).
 *
 * Nothing here is needed for results to show themselves: a call's result, a pending job, an
 * estimate, a budget's report, a tool set and a service description each carry their notebook look
 * (`Symbol.for('Jupyter.display')`, which Deno's kernel shows for a cell's value) and a short plain
 * text (what `console.log` and tslab print); a session's waits show a progress line that updates in
 * place whenever they run in a kernel. This entry is for the rest: showing a value in tslab, whose
 * cell values are text only, reading a value's MIME bundle, and a progress line of your own.
 * Any new export added here becomes public API, and `api/notebook.api.md` shows it as a diff.
 *
 * @example
 * ```ts
 * import { connect } from 'generation-agent-toolkit';
 * import { displayInNotebook, notebookProgress } from 'generation-agent-toolkit/notebook';
 *
 * const session = await connect({ baseUrl: 'https://api.example.com', apiKey: process.env.GENTK_API_KEY });
 * const result = await session.call(
 *   'v7_images_text_to_image',
 *   { prompt: 'a red kite' },
 *   { onProgress: notebookProgress() },
 * );
 * await displayInNotebook(result); // in tslab: the image, a short table and the URL
 * ```
 * @module generation-agent-toolkit/notebook
 */

export {
  DEFAULT_EMBED_BYTES,
  displayInNotebook,
  type MimeBundle,
  mimeBundleOf,
  type NotebookFile,
  type NotebookKernel,
  notebookProgress,
  type ProgressLineOptions,
  type ShownFile,
  showFile,
} from './display/index.js';
