/**
 * Turning an answer's text into a value, and reading the service's error fields from it in any
 * of its shapes: the control plane's envelope `{data, error: {code, message, details}, meta}`,
 * a generation answer `{status: "error", message | messege, code?}`, or a bare `{error}` /
 * `{message}`.
 * @module
 */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The parsed body: JSON when it says so (or looks like it), text otherwise, undefined when empty. */
export type ParsedBody =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly reason: string; readonly text: string };

export function parseBody(text: string, contentType: string | null): ParsedBody {
  if (text === '') return { ok: true, value: undefined };
  const declaredJson = contentType !== null && /[/+]json\b/i.test(contentType);
  const looksJson = /^\s*[{[]/.test(text);
  if (!declaredJson && !looksJson) return { ok: true, value: text };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, reason: jsonFailureOf(error, text), text };
  }
}

/**
 * Where `text` stops being JSON, without quoting it: the engine's own message shows the start of
 * the text, which may hold a secret or whatever a hostile service wants a model to read.
 */
export function jsonFailureOf(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : '';
  if (/end of JSON input/i.test(message)) return `it ends early, after ${text.length} characters`;
  const position = /position (\d+)/.exec(message)?.[1];
  if (position !== undefined) return `unexpected text at character ${position} of ${text.length}`;
  return `unexpected text within its ${text.length} characters`;
}

/** What an error body says, whatever its shape. */
export interface ErrorFields {
  readonly message?: string;
  readonly code?: string;
  readonly details?: unknown;
  readonly requestId?: string;
  /** Seconds, from a `retry_after` field. */
  readonly retryAfterSeconds?: number;
}

/** A protobuf `Duration` in its JSON form, as Google's `RetryInfo` writes it: `30s`, `1.5s`. */
const PROTOBUF_DURATION = /^(\d{1,12})(\.\d{1,9})?s$/;
/** Detail entries looked at for retry advice: a hostile body cannot make the scan long. */
const MAX_DETAILS_READ = 16;

/**
 * Seconds from a `google.rpc.RetryInfo` among an error's details (Gemini, Vertex AI, every
 * Google API: `{"@type": ".../google.rpc.RetryInfo", "retryDelay": "30s"}`), found by its
 * shape: any detail with a `retryDelay` (or `retry_delay`) duration.
 */
function retryDelayOf(details: unknown): number | undefined {
  if (!Array.isArray(details)) return undefined;
  for (const detail of details.slice(0, MAX_DETAILS_READ)) {
    if (!isRecord(detail)) continue;
    const delay = detail.retryDelay ?? detail.retry_delay;
    if (typeof delay === 'string' && PROTOBUF_DURATION.test(delay)) return Number(delay.slice(0, -1));
    // The binary form's JSON mapping by hand: `{seconds, nanos}`.
    if (isRecord(delay) && (typeof delay.seconds === 'number' || typeof delay.seconds === 'string')) {
      const seconds = Number(delay.seconds) + (typeof delay.nanos === 'number' ? delay.nanos / 1e9 : 0);
      if (Number.isFinite(seconds) && seconds >= 0) return seconds;
    }
  }
  return undefined;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

export function errorFieldsOf(body: unknown): ErrorFields {
  if (!isRecord(body)) return typeof body === 'string' && body.length < 500 ? { message: body } : {};
  const envelope = isRecord(body.error) ? body.error : undefined;
  const meta = isRecord(body.meta) ? body.meta : undefined;
  const message =
    text(envelope?.message) ??
    text(body.message) ??
    text(body.messege) ??
    text(body.error) ??
    text(body.detail);
  const code = text(envelope?.code) ?? text(body.code) ?? text(body.error_code);
  const retryAfter = body.retry_after ?? envelope?.retry_after;
  const requestId = text(meta?.request_id) ?? text(body.request_id);
  // Generation validation answers list their problems as `errors: {field: [message]}`.
  const details =
    envelope?.details ?? body.details ?? (body.errors !== undefined ? { errors: body.errors } : undefined);
  const retryAfterSeconds =
    typeof retryAfter === 'number'
      ? retryAfter
      : retryAfter !== undefined
        ? Number.parseFloat(String(retryAfter))
        : (retryDelayOf(details) ?? Number.NaN);
  return {
    ...(message ? { message } : {}),
    ...(code ? { code } : {}),
    ...(details !== undefined && details !== null ? { details } : {}),
    ...(requestId ? { requestId } : {}),
    ...(Number.isFinite(retryAfterSeconds) && retryAfterSeconds >= 0 ? { retryAfterSeconds } : {}),
  };
}

/**
 * Whether a refusal's words are about jobs in flight rather than the request rate: a full
 * queue, jobs in progress, concurrency ("Queue full: too many jobs in progress", "Maximum 5
 * queued requests allowed.", "Too many concurrent tasks").
 */
export function speaksOfJobLimit(message: string | undefined): boolean {
  return (
    message !== undefined &&
    /\b(queue\w*|in progress|in flight|concurren\w*|parallel|simultaneous|(running|active|pending) (jobs|tasks))\b/i.test(
      message,
    )
  );
}

/**
 * Whether a refusal's words name a rate limit ("have exceeded token rate limit", Azure OpenAI's):
 * that limit's refusal, whatever room the fields show (a quota of tokens may have some left and
 * less than the request costs).
 */
export function speaksOfRateLimit(message: string | undefined): boolean {
  return message !== undefined && /\brate[ -]?limit/i.test(message);
}

/** The queue limit a refusal names ("Maximum 5 queued requests allowed."), if any. */
export function queueLimitOf(message: string | undefined): number | undefined {
  const match = message ? /maximum\s+(\d+)\s+queued/i.exec(message) : null;
  return match ? Number(match[1]) : undefined;
}
