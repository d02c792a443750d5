import { isRecord } from '../http/body.js';
import type { ToolCallResult } from './tool-definition.js';

const REDACTED = '[redacted]';

/** Credentials shorter than this are not worth hunting for; redacting them would mangle text. */
const MIN_SECRET_LENGTH = 8;

/** Removes every secret from `text`, in its raw and its JSON-escaped spelling. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let redacted = text;
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    const escaped = JSON.stringify(secret).slice(1, -1);
    redacted = redacted.replaceAll(secret, REDACTED);
    if (escaped !== secret) redacted = redacted.replaceAll(escaped, REDACTED);
  }
  return redacted;
}

/** A tool error the model can act on: the call never reached the service. */
export function toolError(message: string): ToolCallResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** A body reports failure in its own words: generation answers `status: "error" | "failed"`, often with HTTP 200. */
function reportsFailure(body: unknown): boolean {
  return isRecord(body) && (body.status === 'error' || body.status === 'failed');
}

function httpMeta(response: Response): Record<string, unknown> {
  const meta: Record<string, unknown> = { httpStatus: response.status };
  const requestId = response.headers.get('X-Request-Id');
  if (requestId) meta.requestId = requestId;
  const retryAfter = response.headers.get('Retry-After');
  if (retryAfter) meta.retryAfter = retryAfter;
  return meta;
}

/**
 * Turns the service's answer into a tool result: the JSON body as text and, when it is an object,
 * as structured content; `isError` when the HTTP status is 400 or more or the body says it failed.
 * The caller's credentials are removed from everything the model will read.
 */
export async function toolResultFromResponse(
  response: Response,
  secrets: readonly string[],
): Promise<ToolCallResult> {
  const text = redactSecrets(await response.text(), secrets);
  const _meta = httpMeta(response);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    const what = text.trim() === '' ? 'an empty body' : `a body that is not JSON: ${text.slice(0, 2000)}`;
    return {
      content: [{ type: 'text', text: `The service answered HTTP ${response.status} with ${what}` }],
      isError: true,
      _meta,
    };
  }
  return {
    content: [{ type: 'text', text }],
    ...(isRecord(body) ? { structuredContent: body } : {}),
    isError: response.status >= 400 || reportsFailure(body),
    _meta,
  };
}
