/**
 * What a delivery's body says, read as untrusted input: a final answer of this track's job, a
 * progress note to acknowledge and ignore, or something that is neither.
 * @module
 */
import { isRecord } from '../http/index.js';
import { readJobAnswer } from '../jobs/index.js';

export type DeliveryVerdict =
  /** The job's final answer (success or failure), without the webhook's own fields. */
  | { readonly kind: 'final'; readonly body: Readonly<Record<string, unknown>> }
  /** The job still runs: acknowledged, changes nothing. */
  | { readonly kind: 'progress' }
  /** Not an answer of this track's job. */
  | { readonly kind: 'invalid' };

/** Fields the service adds to a delivery that a fetched answer does not have. */
const WEBHOOK_FIELDS = new Set(['track_id', 'webhook_type']);

/** Whether `body` names no job, or the job `requestId`. */
export function namesJob(body: unknown, requestId: string | number | undefined): boolean {
  if (requestId === undefined) return true;
  const id = readJobAnswer(body).id;
  return id === undefined || String(id) === String(requestId);
}

/** Judges `value`, delivered on `trackId`, for the job `requestId` when it is known yet. */
export function judgeDelivery(
  value: unknown,
  trackId: string,
  requestId: string | undefined,
): DeliveryVerdict {
  if (!isRecord(value)) return { kind: 'invalid' };
  const named = value.track_id;
  if (named !== undefined && named !== null && String(named) !== trackId) return { kind: 'invalid' };
  if (!namesJob(value, requestId)) return { kind: 'invalid' };
  if (readJobAnswer(value).state === 'processing') return { kind: 'progress' };
  return {
    kind: 'final',
    body: Object.fromEntries(Object.entries(value).filter(([key]) => !WEBHOOK_FIELDS.has(key))),
  };
}
