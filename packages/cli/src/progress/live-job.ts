/**
 * One job on a progress display: its latest report, when it came, and the most of the bar shown
 * so far.
 * @module
 */
import type { JobProgress } from 'generation-agent-toolkit';
import { estimateJob, type JobEstimate } from './job-estimate.js';

export class LiveJob {
  readonly label: string;
  #report: JobProgress;
  #reportedAt: number;
  /** A later eta may be longer than an earlier one; the bar holds still rather than going back. */
  #shownFraction: number | undefined;

  constructor(label: string, report: JobProgress, now: number) {
    this.label = label;
    this.#report = report;
    this.#reportedAt = now;
  }

  report(progress: JobProgress, now: number): void {
    this.#report = progress;
    this.#reportedAt = now;
  }

  get status(): JobProgress['status'] {
    return this.#report.status;
  }

  get finished(): boolean {
    return this.#report.status !== 'processing';
  }

  /** Where the job stands at `now`, as far as the last report and the clock tell. */
  estimate(now: number): JobEstimate {
    const estimate = estimateJob(this.#report, now - this.#reportedAt);
    const fraction =
      estimate.fraction === undefined || this.#shownFraction === undefined
        ? (estimate.fraction ?? this.#shownFraction)
        : Math.max(estimate.fraction, this.#shownFraction);
    this.#shownFraction = fraction;
    return { ...estimate, fraction };
  }
}
