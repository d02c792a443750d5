/**
 * A job's progress as one line that updates in place: in a notebook cell (Deno's kernel or tslab)
 * an output replaced at each poll, elsewhere a plain line per change written where the caller says.
 * @module
 */
import type { JobProgress } from '../jobs/poll-job.js';
import { escapeHtml, type MimeBundle } from './mime-bundle.js';
import { type NotebookKernel, notebookKernel } from './notebook-kernel.js';

/**
 * Options of {@link notebookProgress}.
 *
 * @example
 * const onProgress = notebookProgress({ write: (line) => process.stderr.write(`${line}\n`) });
 */
export interface ProgressLineOptions {
  /**
   * Where the lines go outside a notebook kernel; in a kernel the line is a cell output instead.
   * @default console.error, a line per change
   */
  readonly write?: (line: string) => void;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** One line for a progress report: `… job 42 processing · 3.1 s · about 9.0 s left · 2 polls`. */
export function progressText(progress: JobProgress): string {
  const job = progress.requestId === undefined ? 'job' : `job ${progress.requestId}`;
  const polls = `${progress.attempt} poll${progress.attempt === 1 ? '' : 's'}`;
  if (progress.status === 'success')
    return `✓ ${job} finished after ${seconds(progress.elapsedMs)} · ${polls}`;
  if (progress.status === 'failed') return `✗ ${job} failed after ${seconds(progress.elapsedMs)} · ${polls}`;
  const left = progress.etaMs === undefined ? '' : ` · about ${seconds(progress.etaMs)} left`;
  return `… ${job} processing · ${seconds(progress.elapsedMs)}${left} · ${polls}`;
}

function progressBundle(line: string): MimeBundle {
  return { 'text/plain': line, 'text/html': `<code>${escapeHtml(line)}</code>` };
}

/** A progress callback whose outputs can be awaited: all sent once `flushed()` resolves. */
export interface KernelProgress {
  (progress: JobProgress): void;
  flushed(): Promise<void>;
}

function kernelLine(kernel: NotebookKernel): KernelProgress {
  const displayId = `gentk-progress-${globalThis.crypto.randomUUID()}`;
  // In order, one at a time: an update must not overtake the output it replaces.
  let sending: Promise<void> = Promise.resolve();
  const report = (progress: JobProgress) => {
    const bundle = progressBundle(progressText(progress));
    sending = sending.then(() => kernel.show(bundle, displayId)).catch(() => undefined);
  };
  return Object.assign(report, { flushed: () => sending });
}

/**
 * A progress callback for `session.call` and `session.resume` (`onProgress`): in a notebook cell a
 * line that updates in place, elsewhere a plain line per change. One line per call: make one for
 * each wait.
 *
 * @example
 * const result = await session.call(
 *   'v8_video_text_to_video',
 *   { prompt: 'waves at dusk' },
 *   { onProgress: notebookProgress() },
 * );
 */
export function notebookProgress(options: ProgressLineOptions = {}): (progress: JobProgress) => void {
  const kernel = notebookKernel();
  if (kernel) return kernelLine(kernel);
  const write = options.write ?? ((line: string) => console.error(line));
  let last = '';
  return (progress) => {
    const line = progressText(progress);
    // A plain line per change of what it says, not per poll of the same state.
    const gist = `${progress.status}:${progress.etaMs === undefined ? '' : Math.round(progress.etaMs / 1000)}`;
    if (gist === last) return;
    last = gist;
    write(line);
  };
}

/**
 * The progress line a call shows by itself: in a notebook kernel only, so scripts and tests stay
 * quiet. The call awaits `flushed()` before it returns: an output still being sent when the cell's
 * value is shown can make the kernel drop that value.
 */
export function kernelProgress(): KernelProgress | undefined {
  const kernel = notebookKernel();
  return kernel ? kernelLine(kernel) : undefined;
}
