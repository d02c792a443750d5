/**
 * Where a queued job's result is fetched, in either of the service's styles: the id in the
 * path (`POST {family}/fetch/{id}`, body `{key}`) or in the body (`POST /api/v6/images/fetch`,
 * body `{key, request_id}`). A `fetch_result` URL named by the answer is preferred when it is on
 * the service's own origin; from anywhere else it is ignored, since the fetch carries the key.
 * @module
 */
import type { JobAnswer } from './job-answer.js';

/**
 * How to fetch one job: a plain JSON object, safe to hand to an LLM and back.
 * @inline
 */
export interface FetchTarget {
  /** `path`: the id is in `url`. `body`: the id goes in the body as `request_id`. */
  readonly style: 'path' | 'body';
  /** Absolute URL of the fetch. */
  readonly url: string;
  /** How the fetch is sent: most families POST, some (v8 training) GET. @default 'POST' */
  readonly method?: 'GET' | 'POST';
  /** The job's id, exactly as the service sent it. */
  readonly requestId: string | number;
  /** The fetch operation, when discovery named it. */
  readonly operationId?: string;
}

/** What discovery knows about an operation's fetch. */
export interface FetchOperation {
  /** Path template, `/api/v7/images/fetch/{id}` or `/api/v6/voice/fetch`. */
  readonly path: string;
  readonly style: 'path' | 'body';
  readonly operationId?: string;
  /** @default 'POST' */
  readonly method?: 'GET' | 'POST';
}

export interface FetchTargetInput {
  readonly answer: JobAnswer;
  /** The URL the job was submitted to: relative paths and the trusted origin come from it. */
  readonly submittedUrl: string | URL;
  readonly fetch?: FetchOperation;
  /** Origins trusted besides the submission's. @default [] */
  readonly trustedOrigins?: readonly string[];
}

function fromFetchResult(input: FetchTargetInput, id: string | number): FetchTarget | undefined {
  if (!input.answer.fetchResult) return undefined;
  let url: URL;
  try {
    url = new URL(input.answer.fetchResult, input.submittedUrl);
  } catch {
    return undefined;
  }
  const trusted = new Set([
    new URL(input.submittedUrl).origin,
    ...(input.trustedOrigins ?? []).map((origin) => new URL(origin).origin),
  ]);
  if (!trusted.has(url.origin) || (url.protocol !== 'https:' && url.protocol !== 'http:')) return undefined;
  const idInPath = url.pathname.split('/').some((segment) => decodeURIComponent(segment) === String(id));
  const operation = input.fetch?.operationId ? { operationId: input.fetch.operationId } : {};
  const method = input.fetch?.method === 'GET' ? { method: 'GET' as const } : {};
  // The answer's own text when it is already the normalised URL: a waiting job holds it once.
  const href = url.href === input.answer.fetchResult ? input.answer.fetchResult : url.href;
  return { style: idInPath ? 'path' : 'body', url: href, requestId: id, ...operation, ...method };
}

function fromOperation(input: FetchTargetInput, id: string | number): FetchTarget | undefined {
  if (!input.fetch) return undefined;
  const path = input.fetch.path.replace(/\{[^}]+\}/, encodeURIComponent(String(id)));
  const style = input.fetch.path.includes('{') ? 'path' : input.fetch.style;
  const url = new URL(path, input.submittedUrl).href;
  return {
    style,
    url,
    requestId: id,
    ...(input.fetch.operationId ? { operationId: input.fetch.operationId } : {}),
    ...(input.fetch.method === 'GET' ? { method: 'GET' as const } : {}),
  };
}

/** The fetch target of a processing answer, or undefined when neither source says where. */
export function fetchTargetFor(input: FetchTargetInput): FetchTarget | undefined {
  const id = input.answer.id;
  if (id === undefined) return undefined;
  return fromFetchResult(input, id) ?? fromOperation(input, id);
}
