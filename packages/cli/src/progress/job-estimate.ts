/**
 * What a person can be told about a job between two polls: how long it has run, how far along the
 * service's estimate says it is, and how long is left, carried forward from the job's last report.
 * @module
 */
import type { JobProgress } from 'generation-agent-toolkit';

/** The bar never shows more than this before the service says the job is done: an eta is a guess. */
export const UNFINISHED_CEILING = 0.99;

export interface JobEstimate {
  readonly status: JobProgress['status'];
  /** Since submission: the report's figure, plus the time since the report while the job runs. */
  readonly elapsedMs: number;
  /** From 0 to 1 (at most {@link UNFINISHED_CEILING} while running); undefined without an eta. */
  readonly fraction: number | undefined;
  /** The service's eta counted down since the report; undefined without one, and once the job is over. */
  readonly leftMs: number | undefined;
  /** Polls made so far. */
  readonly attempt: number;
}

/**
 * Carries `report` forward by `msSinceReport`. The whole length of the job is taken as what had
 * elapsed at the report plus the eta it gave, so the bar fills at the pace of the clock and
 * stops just short of full when the job runs past its estimate.
 */
export function estimateJob(report: JobProgress, msSinceReport: number): JobEstimate {
  const { status, attempt, etaMs } = report;
  if (status !== 'processing') {
    return {
      status,
      attempt,
      elapsedMs: report.elapsedMs,
      fraction: status === 'success' ? 1 : undefined,
      leftMs: undefined,
    };
  }
  const since = Math.max(0, msSinceReport);
  const elapsedMs = report.elapsedMs + since;
  if (etaMs === undefined) return { status, attempt, elapsedMs, fraction: undefined, leftMs: undefined };
  const totalMs = report.elapsedMs + etaMs;
  return {
    status,
    attempt,
    elapsedMs,
    fraction: totalMs > 0 ? Math.min(UNFINISHED_CEILING, elapsedMs / totalMs) : UNFINISHED_CEILING,
    leftMs: Math.max(0, etaMs - since),
  };
}
