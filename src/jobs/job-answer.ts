/**
 * Reads a generation answer, whatever dialect it speaks, as one of three states. Lenient on
 * purpose: status words vary by family (`processing`, `queued`, `success`, `completed`,
 * `error`, `failed`...), some legacy answers spell `message` as `messege`, ids come as integers
 * or strings (kept exactly as received, since the fetch must send them back the same way), and
 * `eta` may be a number or a numeric string.
 * @module
 */
import { isRecord } from '../http/index.js';

export type JobState = 'processing' | 'success' | 'failed';

export interface JobAnswer {
  readonly state: JobState;
  /** The job's id as received (`id`, else `request_id`, else `training_id`). */
  readonly id?: string | number;
  /** The service's estimate of the time left, in milliseconds. */
  readonly etaMs?: number;
  /** `message` (or `messege`, or an `error` string). */
  readonly message?: string;
  /** The absolute fetch URL the answer named. */
  readonly fetchResult?: string;
  /** Where the outputs will be once the job ends. */
  readonly futureLinks?: readonly string[];
  readonly body: unknown;
}

const PROCESSING = new Set([
  'processing',
  'queued',
  'pending',
  'in_progress',
  'in-progress',
  'running',
  'starting',
  'training',
  'submitted',
]);
const SUCCESS = new Set(['success', 'succeeded', 'completed', 'complete', 'done', 'ok', 'finished', 'ready']);
const RESULT_FIELDS = ['output', 'images', 'audio_url', 'choices', 'content', 'text', 'model_id'];

function idOf(body: Record<string, unknown>): string | number | undefined {
  for (const field of ['id', 'request_id', 'training_id']) {
    const value = body[field];
    if (
      (typeof value === 'string' && value.trim() !== '') ||
      (typeof value === 'number' && Number.isFinite(value))
    ) {
      return value;
    }
  }
  return undefined;
}

function secondsToMs(value: unknown): number | undefined {
  const seconds = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1000) : undefined;
}

function stateOf(body: Record<string, unknown>): JobState {
  const status = typeof body.status === 'string' ? body.status.trim().toLowerCase() : undefined;
  if (status !== undefined && PROCESSING.has(status)) return 'processing';
  if (status !== undefined && SUCCESS.has(status)) return 'success';
  if (status === undefined) {
    // No status word: an answer that carries results is a finished one (chat, some v8 answers).
    const hasResult = RESULT_FIELDS.some((field) => body[field] !== undefined && body[field] !== null);
    return hasResult ? 'success' : 'failed';
  }
  // "error", "failed", "cancelled", and any word we do not know: the spec says treat it as a failure.
  return 'failed';
}

/** The state and the useful fields of one answer. A non-object answer is a failure. */
export function readJobAnswer(body: unknown): JobAnswer {
  if (!isRecord(body))
    return { state: 'failed', message: 'The service answered something that is not a JSON object', body };
  const id = idOf(body);
  const etaMs = secondsToMs(body.eta);
  const message = [body.message, body.messege, body.error].find(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  const fetchResult = typeof body.fetch_result === 'string' ? body.fetch_result : undefined;
  const futureLinks = Array.isArray(body.future_links)
    ? body.future_links.filter((link): link is string => typeof link === 'string')
    : undefined;
  return {
    state: stateOf(body),
    body,
    ...(id !== undefined ? { id } : {}),
    ...(etaMs !== undefined ? { etaMs } : {}),
    ...(message !== undefined ? { message } : {}),
    ...(fetchResult !== undefined ? { fetchResult } : {}),
    ...(futureLinks !== undefined ? { futureLinks } : {}),
  };
}

/**
 * The least of a processing answer that reads back ({@link readJobAnswer}) as the same state, id
 * and eta: what a waiting job keeps of its last answer between polls. Nothing else of it is read
 * again (a failed poll reports the last answer's state, id and eta), and a fleet parks thousands
 * of jobs, each answer with its tip, its links and its echo of the request.
 * @internal
 */
export function parkedAnswer(answer: JobAnswer): unknown {
  return {
    status: 'processing',
    ...(answer.id !== undefined ? { id: answer.id } : {}),
    ...(answer.etaMs !== undefined ? { eta: answer.etaMs / 1000 } : {}),
  };
}
