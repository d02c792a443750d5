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
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes)
    throw new BodyReadError(413, 'Request body too large');
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new BodyReadError(413, 'Request body too large');
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new BodyReadError(400, 'Parse error: the body is not JSON');
  }
}
