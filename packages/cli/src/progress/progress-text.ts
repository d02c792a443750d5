/**
 * The words of a progress line, the same on a terminal and in a log.
 * @module
 */
import type { JobEstimate } from './job-estimate.js';

/** `42s`, `2m 05s`, `1h 03m`: whole units, as a person reads a stopwatch. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/** `42%`, never rounded up to a figure the job has not reached; `--%` without an estimate. */
export function formatPercent(fraction: number | undefined): string {
  // The epsilon keeps 0.99 * 100 (98.99999999999999 in floating point) at 99.
  return fraction === undefined ? '--%' : `${Math.floor(fraction * 100 + 1e-9)}%`;
}

/** How long the job has run and, while it runs, how long the service expects it still to take. */
export function describeTiming(estimate: JobEstimate): string {
  const elapsed = formatDuration(estimate.elapsedMs);
  if (estimate.status === 'success') return `done in ${elapsed}`;
  if (estimate.status === 'failed') return `failed after ${elapsed}`;
  if (estimate.leftMs === undefined) return `${elapsed} elapsed, no estimate yet`;
  // Rounded up: "about 0s left" would read as done.
  const left = Math.ceil(estimate.leftMs / 1000) * 1000;
  return left > 0 ? `${elapsed} elapsed, about ${formatDuration(left)} left` : `${elapsed} elapsed, due now`;
}

/** One line for a log: `label: processing, 12s elapsed, about 30s left, poll 2`. */
export function plainLine(label: string, estimate: JobEstimate): string {
  return `${label}: ${estimate.status}, ${describeTiming(estimate)}, poll ${estimate.attempt}`;
}
