/**
 * Progress on a terminal: one live line per job (cli-progress's MultiBar keeps them in place),
 * redrawn at each report and each tick.
 * @module
 */
import cliProgress from 'cli-progress';
import type { LiveJob } from './live-job.js';
import type { ProgressPainter, ProgressStream } from './progress-painter.js';
import { describeTiming, formatPercent } from './progress-text.js';

const BAR_WIDTH = 20;

/** The bar, drawn here rather than by cli-progress, which rounds 99 % up to a full bar. */
function barOf(fraction: number | undefined): string {
  const filled = Math.floor((fraction ?? 0) * BAR_WIDTH);
  return `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}`;
}

/** `label [████░░░░] 42% | 12s elapsed, about 17s left` */
export function terminalLine(job: LiveJob, now: number): string {
  const estimate = job.estimate(now);
  return `${job.label} [${barOf(estimate.fraction)}] ${formatPercent(estimate.fraction).padStart(4)} | ${describeTiming(estimate)}`;
}

export function createTerminalPainter(stream: ProgressStream): ProgressPainter {
  let board: cliProgress.MultiBar | undefined;
  const bars = new Map<LiveJob, cliProgress.SingleBar>();

  // Clears the live lines and gives the terminal back (cursor at the first of them, wrapping on).
  const release = () => {
    board?.stop();
    board = undefined;
    bars.clear();
  };

  const paint = (jobs: readonly LiveJob[], now: number) => {
    board ??= new cliProgress.MultiBar({
      stream,
      // The line is ours whole; the bar's own value is unused.
      format: (_options, _params, payload: { line: string }) => payload.line,
      clearOnComplete: true,
      // Cut lines to the terminal's width instead of switching its wrapping off, and leave the
      // cursor visible: a Ctrl+C then leaves no terminal setting to restore.
      linewrap: true,
      hideCursor: false,
      // Redraws come from paint(); the library's own frame timer only needs to be slow.
      fps: 1,
    });
    for (const job of jobs) {
      const payload = { line: terminalLine(job, now) };
      const bar = bars.get(job);
      if (bar) bar.update(payload);
      else bars.set(job, board.create(1, 0, payload));
    }
    // Draw now rather than at the library's next frame, so a tick shows at once.
    board.update();
  };

  return {
    paint,
    aside(write, jobs, now) {
      if (!board) return write();
      release();
      write();
      paint(jobs, now);
    },
    settle(jobs, now) {
      release();
      for (const job of jobs) stream.write(`${terminalLine(job, now)}\n`);
    },
  };
}
