/**
 * What a call returns when its time budget ends before the job does: everything needed to pick
 * the wait up later, as plain JSON (a tool hands it to the model, the model hands it back).
 * @module
 */
import type { FetchTarget } from './fetch-target.js';

export interface ResumableJob {
  readonly status: 'processing';
  /** The job's id, as the service sent it. */
  readonly requestId: string | number;
  /** How to fetch it. */
  readonly fetch: FetchTarget;
  /** How long to wait before resuming, in milliseconds. */
  readonly retryAfterMs: number;
  /** Clock time (epoch ms) before which resuming only waits. */
  readonly notBefore: number;
  /** Clock time the job was submitted, so that elapsed time survives the hand-over. */
  readonly submittedAt: number;
  /** The family, which picks the polling schedule. */
  readonly category?: string;
  /** The service's last estimate of the time left. */
  readonly etaMs?: number;
  /**
   * Why the wait stopped: the deadline passed, the caller asked not to wait (`wait: false`), or
   * the caller asked for a webhook.
   */
  readonly reason: 'deadline' | 'not-waited' | 'webhook';
  /**
   * The webhook track the result will also be delivered to, when a webhook receiver is attached
   * to the session: resuming looks for a delivery there before fetching.
   */
  readonly trackId?: string;
}

/** Whether `value` looks like a {@link ResumableJob} (for values that crossed a tool boundary). */
export function isResumableJob(value: unknown): value is ResumableJob {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<ResumableJob>;
  return (
    candidate.status === 'processing' &&
    (typeof candidate.requestId === 'string' || typeof candidate.requestId === 'number') &&
    typeof candidate.fetch?.url === 'string' &&
    (candidate.fetch.style === 'path' || candidate.fetch.style === 'body')
  );
}
