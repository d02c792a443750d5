import type { RequestContext } from '../context.js';

export type BodyResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly status: 400 | 413 | 415; readonly message: string };

/**
 * Reads a JSON body leniently (an empty body is `{}`; a missing content type is tolerated) but
 * refuses what cannot be JSON, with a message that says what was wrong.
 */
export async function readJsonBody(c: RequestContext, maxBytes: number): Promise<BodyResult> {
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > maxBytes) return tooLarge(maxBytes);
  const contentType = c.req.header('content-type') ?? '';
  if (contentType && !/json|^text\/plain/i.test(contentType)) {
    return {
      ok: false,
      status: 415,
      message: `Send a JSON body (Content-Type: application/json), not ${contentType}.`,
    };
  }
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    return { ok: false, status: 400, message: 'The request body could not be read.' };
  }
  if (Buffer.byteLength(text) > maxBytes) return tooLarge(maxBytes);
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : 'unreadable';
    return { ok: false, status: 400, message: `The request body is not valid JSON (${reason}).` };
  }
}

function tooLarge(maxBytes: number): BodyResult {
  return { ok: false, status: 413, message: `The request body is larger than ${maxBytes} bytes.` };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
