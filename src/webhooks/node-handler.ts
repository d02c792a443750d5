/**
 * The receiver on `node:http` and Express: a `(req, res)` function that hands the Web handler a
 * `Request` whose body is the connection itself, read only when the handler asks for it: the
 * route and the capability are checked first, so a stranger's body is never read into memory.
 * A body left unread (refused before it was read, or cut off) closes the connection.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A `node:http` request listener (Express accepts it as a route handler). */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** Adapts a Web handler to Node; see the module. */
export function toNodeHandler(
  handle: (request: Request) => Promise<Response>,
  options: { readonly publicUrl: string },
): NodeHandler {
  return (req, res) => {
    void respond(req, res, handle, options).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Cache-Control': 'no-store', Connection: 'close' });
      res.end(() => req.destroy());
    });
  };
}

/** `req`'s body as a Web stream that reads from the connection only as it is pulled. */
function pulledBody(req: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.pause();
        req.on('data', (chunk: Buffer | string) => {
          controller.enqueue(
            typeof chunk === 'string' ? new TextEncoder().encode(chunk) : new Uint8Array(chunk),
          );
          req.pause();
        });
        req.on('end', () => controller.close());
        req.on('error', (error) => controller.error(error));
      },
      pull() {
        req.resume();
      },
      cancel() {
        req.pause();
      },
    },
    { highWaterMark: 0 },
  );
}

async function respond(
  req: IncomingMessage,
  res: ServerResponse,
  handle: (request: Request) => Promise<Response>,
  options: { readonly publicUrl: string },
): Promise<void> {
  const method = req.method ?? 'GET';
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // Only the path matters to the receiver; the origin is the public one, whatever Host says.
  const url = new URL(req.url ?? '/', new URL(options.publicUrl).origin);
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const request = new Request(url, {
    method,
    headers,
    ...(hasBody ? { body: pulledBody(req), duplex: 'half' } : {}),
  } as RequestInit);
  const response = await handle(request);
  const unread = hasBody && !req.readableEnded;
  const answer = Object.fromEntries(response.headers);
  // The rest of a refused body is not read (nor drained): the connection ends with the answer.
  if (unread) answer.connection = 'close';
  res.writeHead(response.status, answer);
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  res.end(body, () => {
    if (unread) req.destroy();
  });
}
