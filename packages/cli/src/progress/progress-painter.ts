import type { LiveJob } from './live-job.js';

/** Where a progress board shows its jobs: live lines on a terminal, or plain lines in a log. */
export interface ProgressPainter {
  /** Shows `jobs` as they stand at `now` (called at each report and each tick). */
  paint(jobs: readonly LiveJob[], now: number): void;
  /** Runs `write` (which prints other text) so that it lands above the jobs' lines, not over them. */
  aside(write: () => void, jobs: readonly LiveJob[], now: number): void;
  /** `jobs` are over, or no longer watched: leaves each one's last line and releases the terminal. */
  settle(jobs: readonly LiveJob[], now: number): void;
}

/** The stream a painter writes to: stderr, or a fake one in tests. */
export type ProgressStream = NodeJS.WritableStream & { readonly isTTY?: boolean; readonly columns?: number };
