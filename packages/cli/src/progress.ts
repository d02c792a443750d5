/**
 * The live progress of jobs for `gentk call`, `gentk resume` and the demo. Between two polls, which
 * on a video may be half a minute apart, the elapsed time and the bar move on every second from
 * the service's last eta, so a long job never looks hung.
 * @module
 */
import type { JobProgress } from 'generation-agent-toolkit';
import type { Output } from './output.js';
import { LiveJob } from './progress/live-job.js';
import { createPlainPainter } from './progress/plain-painter.js';
import type { ProgressPainter, ProgressStream } from './progress/progress-painter.js';
import { createTerminalPainter } from './progress/terminal-painter.js';

export type { ProgressStream } from './progress/progress-painter.js';

/** How often running jobs are redrawn between reports. */
export const PROGRESS_TICK_MS = 1_000;

/** Which job a report is about, and the title of its line. */
export interface ProgressJob {
  /** Tells concurrent jobs apart, e.g. the operation and the request id. */
  readonly key: string;
  readonly label: string;
}

/** Any number of jobs at once, one line each. */
export interface ProgressBoard {
  /** Shows a report on `job`'s line, which its first report creates. */
  report(job: ProgressJob, progress: JobProgress): void;
  /** Prints other text (through `write`) above the live lines instead of over them. */
  aside(write: () => void): void;
  /** Stops ticking and leaves each line as it last stood. Safe to call more than once. */
  stop(): void;
}

export interface ProgressBoardOptions {
  /** @default process.stderr */
  readonly stream?: ProgressStream;
}

/**
 * A progress board on stderr: live bars on an interactive terminal, plain lines otherwise (piped,
 * CI, --json), so that a log is never garbled by cursor control. Ticks use the global timers
 * (unref'd, so they never keep a command alive), which tests replace with fake ones.
 *
 * @example
 * ```ts
 * const board = createProgressBoard(output);
 * try {
 *   await session.call(id, input, { onProgress: (p) => board.report({ key: id, label: id }, p) });
 * } finally {
 *   board.stop();
 * }
 * ```
 */
export function createProgressBoard(output: Output, options: ProgressBoardOptions = {}): ProgressBoard {
  const stream = options.stream ?? process.stderr;
  const painter: ProgressPainter =
    output.interactive && !output.json && stream.isTTY === true
      ? createTerminalPainter(stream)
      : createPlainPainter((line) => stream.write(`${line}\n`));
  const jobs = new Map<string, LiveJob>();
  let timer: NodeJS.Timeout | undefined;

  const stopTicking = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const settle = (now: number) => {
    stopTicking();
    if (jobs.size > 0) painter.settle([...jobs.values()], now);
    jobs.clear();
  };

  return {
    report(job, progress) {
      const now = Date.now();
      const live = jobs.get(job.key);
      if (live) live.report(progress, now);
      else jobs.set(job.key, new LiveJob(job.label, progress, now));
      const all = [...jobs.values()];
      painter.paint(all, now);
      if (all.every((entry) => entry.finished)) settle(now);
      else if (!timer) {
        timer = setInterval(() => painter.paint([...jobs.values()], Date.now()), PROGRESS_TICK_MS);
        timer.unref();
      }
    },
    aside(write) {
      painter.aside(write, [...jobs.values()], Date.now());
    },
    stop() {
      settle(Date.now());
    },
  };
}

/** The progress of one job. */
export interface ProgressDisplay {
  update(progress: JobProgress): void;
  stop(): void;
}

/** A {@link ProgressBoard} for a single job, titled `label`. */
export function createProgressDisplay(output: Output, label: string): ProgressDisplay {
  const board = createProgressBoard(output);
  return {
    update: (progress) => board.report({ key: label, label }, progress),
    stop: () => board.stop(),
  };
}
