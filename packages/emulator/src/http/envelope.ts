import type { RequestContext } from '../context.js';

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 503;

/** A successful control-plane answer: `{data, error: null, meta: {request_id}}`. */
export function ok(
  c: RequestContext,
  data: unknown,
  status: 200 | 201 | 202 = 200,
  meta: object = {},
): Response {
  return c.json({ data, error: null, meta: { request_id: c.get('requestId'), ...meta } }, status);
}

/** A failed control-plane answer: `{data: null, error: {code, message, details}, meta}`. */
export function fail(
  c: RequestContext,
  status: ErrorStatus,
  code: string,
  message: string,
  details: Record<string, unknown> | null = null,
): Response {
  return c.json(
    { data: null, error: { code, message, details }, meta: { request_id: c.get('requestId') } },
    status,
  );
}
