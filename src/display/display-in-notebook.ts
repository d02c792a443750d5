/**
 * Shows a toolkit value as a cell output in whichever notebook kernel runs the code.
 * @module
 */
import type { MimeBundle } from './mime-bundle.js';
import type { NotebookKernel } from './notebook-kernel.js';
import { notebookKernel } from './notebook-kernel.js';
import { JUPYTER_DISPLAY, wholeBundleOf } from './shows-itself.js';

/** The MIME bundle a value shows in a notebook, or `undefined` for a value that has none. */
export async function mimeBundleOf(value: unknown): Promise<MimeBundle | undefined> {
  if (typeof value !== 'object' || value === null) return undefined;
  const whole = wholeBundleOf(value);
  if (whole) return whole;
  const display = (value as { [JUPYTER_DISPLAY]?: unknown })[JUPYTER_DISPLAY];
  return typeof display === 'function' ? ((await display.call(value)) as MimeBundle) : undefined;
}

/**
 * Shows a toolkit value (a call's result, a pending job, an estimate, a tool set, a service
 * description) as a cell output: in tslab, where a cell's value is shown as text only, and in Deno's
 * kernel anywhere in a cell (its last value shows itself). Outside a notebook it does nothing.
 *
 * @example
 * const result = await session.call('v7_images_text_to_image', { prompt: 'a kite' });
 * await displayInNotebook(result); // the image, its table and its URL
 */
export async function displayInNotebook(
  value: unknown,
  kernel: NotebookKernel | undefined = notebookKernel(),
): Promise<void> {
  if (!kernel) return;
  const bundle = await mimeBundleOf(value);
  if (bundle) await kernel.show(bundle);
}
