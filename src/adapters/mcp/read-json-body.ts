import { ResponseTooLargeFailure, readBytesWithinLimit } from '../../http/index.js';
import { jsonRpcErrorResponse } from './json-rpc-error-response.js';

/** A body that is too big, or not JSON. */
export class BodyReadError extends Error {
  constructor(
    readonly status: 413 | 400,
    message: string,
  ) {
    super(message);
    this.name = 'BodyReadError';
  }
}

/**
 * The request's body parsed as JSON, read up to `maxBytes`: a client cannot make the server hold
 * more than that in memory, whatever its Content-Length says.
 * @throws {BodyReadError} 413 past the limit, 400 when the body is not JSON
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  let bytes: Uint8Array;
  try {
    // The HTTP core's capped reader, which reads a `Response`: the request's body and headers as one.
    bytes = await readBytesWithinLimit(new Response(request.body, { headers: request.headers }), maxBytes);
  } catch (error) {
    if (ResponseTooLargeFailure.isInstance(error)) throw new BodyReadError(413, 'Request body too large');
    throw error;
  }
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new BodyReadError(400, 'Parse error: the body is not JSON');
  }
}

/**
 * {@link readJsonBody}, with a body that cannot be read answered as the Streamable HTTP transport
 * answers it: 413 with a server error, 400 with a parse error.
 */
export async function jsonBodyOrRefusal(
  request: Request,
  maxBytes: number,
): Promise<{ readonly body: unknown } | { readonly refusal: Response }> {
  try {
    return { body: await readJsonBody(request, maxBytes) };
  } catch (error) {
    if (!(error instanceof BodyReadError)) throw error;
    return {
      refusal: jsonRpcErrorResponse(error.status, error.status === 413 ? -32000 : -32700, error.message),
    };
  }
}
