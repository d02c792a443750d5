/**
 * What a call needs from a webhook receiver attached to its session: a fresh track per
 * submission, and a way to wait for (or look up) the delivery of a job's final answer. The
 * receiver implements it above this layer; calls only use it.
 * @module
 */
import type { Operation } from '../discovery/types.js';
import type { JobDelivery } from '../jobs/index.js';

/** One submission's webhook: the values to send in `track_id` and `webhook`. */
export interface OpenedTrack {
  readonly trackId: string;
  /** The callback URL; it carries the job's capability, so it is a secret of the session. */
  readonly url: string;
}

/** A watch on one track for one call's wait. */
export interface TrackWatch {
  readonly delivery: JobDelivery;
  /**
   * Stops listening. `finished`: the job ended (by a delivery, a poll or a failure), so a later
   * delivery is acknowledged and ignored; otherwise the track stays open for a resume.
   */
  close(finished: boolean): Promise<void>;
}

export interface CallWebhooks {
  /** A fresh, unguessable track with its own capability; undefined when none can be opened (the call then polls). */
  open(): Promise<OpenedTrack | undefined>;
  /**
   * Watches `trackId` for the final answer of the job `requestId`, which deliveries must name;
   * undefined when the track is unknown, expired, another session's or another job's.
   */
  watch(trackId: string, requestId: string | number): Promise<TrackWatch | undefined>;
  /** The track of a job known only by its id (a model resuming it), when one was opened for it. */
  trackOf(requestId: string | number): Promise<string | undefined>;
  /** The job ended without a wait (answered at once, or refused): deliveries are ignored from now. */
  settle(trackId: string): Promise<void>;
}

/** Whether a call of `operation` with `input` gets the receiver's webhook: it accepts one and the caller gave none. */
export function takesReceiverWebhook(
  operation: Operation,
  input: Readonly<Record<string, unknown>>,
): boolean {
  if (!operation.async) return false;
  const given = input.webhook;
  return acceptsField(operation, 'webhook') && (given === undefined || given === null || given === '');
}

/** Whether the operation's input has a field `field`. */
export function acceptsField(operation: Operation, field: string): boolean {
  return Object.hasOwn(operation.input.locations, field);
}
