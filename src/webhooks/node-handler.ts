/**
 * The receiver on `node:http` and Express: a `(req, res)` function that reads the body within the
 * limit, hands a Web `Request` to the handler and writes its `Response` back.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A `node:http` request listener (Express accepts it as a route handler). */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Adapts a Web handler to Node. The body is read at most `maxBodyBytes` + 1 bytes deep: past
 * that the answer is 413 without reading the rest into memory.
 */
export function toNodeHandler(
  handle: (request: Request) => Promise<Response>,
  options: { readonly publicUrl: string; readonly maxBodyBytes: number },
): NodeHandler {
  return (req, res) => {
    void respond(req, res, handle, options).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Cache-Control': 'no-store' });
      res.end();
    });
  };
}

async function respond(
  req: IncomingMessage,
  res: ServerResponse,
  handle: (request: Request) => Promise<Response>,
  options: { readonly publicUrl: string; readonly maxBodyBytes: number },
): Promise<void> {
  const method = req.method ?? 'GET';
  const chunks: Buffer[] = [];
  let size = 0;
  if (method !== 'GET' && method !== 'HEAD') {
    for await (const chunk of req as AsyncIterable<Buffer | string>) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += bytes.byteLength;
      if (size > options.maxBodyBytes) {
        // Answer now and drop the connection's remaining bytes unread.
        res.writeHead(413, { 'Cache-Control': 'no-store', Connection: 'close' });
        res.end();
        req.destroy();
        return;
      }
      chunks.push(bytes);
    }
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // Only the path matters to the receiver; the origin is the public one, whatever Host says.
  const url = new URL(req.url ?? '/', new URL(options.publicUrl).origin);
  const request = new Request(url, {
    method,
    headers,
    ...(method !== 'GET' && method !== 'HEAD' ? { body: Buffer.concat(chunks) } : {}),
  });
  const response = await handle(request);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}
