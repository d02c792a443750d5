/**
 * The receiver on `node:http` and Express: a `(req, res)` function that hands the Web handler a
 * `Request` whose body is the connection itself, read only when the handler asks for it: the
 * route and the capability are checked first, so a stranger's body is never read into memory.
 * A body left unread (refused before it was read, or cut off) is read and dropped for a bounded
 * moment after the answer, then the connection is closed (see {@link lingerThenClose}).
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * How long, and how many bytes, a refused sender's body is read and dropped after its answer
 * went out. Closing a connection with unread bytes in it sends a reset, and a sender that is
 * still writing (or is slow to read) then loses the answer before it reads it: a lingering close,
 * as web servers do it (nginx's `lingering_time`), lets the answer arrive first. Dropped bytes
 * cost no memory; the bounds keep a stranger from holding the connection.
 */
const LINGER_MS = 2_000;
const LINGER_BYTES = 64 * 1024;

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
/** Whether the Web body still takes what arrives: once closed, the lingering close drops it. */
interface BodyGate {
  open: boolean;
}

function pulledBody(req: IncomingMessage, gate: BodyGate): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.pause();
        req.on('data', (chunk: Buffer | string) => {
          if (!gate.open) return;
          controller.enqueue(
            typeof chunk === 'string' ? new TextEncoder().encode(chunk) : new Uint8Array(chunk),
          );
          req.pause();
        });
        req.on('end', () => {
          if (gate.open) controller.close();
          gate.open = false;
        });
        req.on('error', (error) => {
          if (gate.open) controller.error(error);
          gate.open = false;
        });
      },
      pull() {
        req.resume();
      },
      cancel() {
        gate.open = false;
        req.pause();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * Reads and drops the rest of `req`'s body within the bounds above, then closes the connection.
 * The Web body's gate is closed first: its reader pauses the connection after every chunk.
 */
function lingerThenClose(req: IncomingMessage, gate: BodyGate): void {
  gate.open = false;
  let dropped = 0;
  const close = () => {
    clearTimeout(timer);
    req.destroy();
  };
  const timer = setTimeout(close, LINGER_MS);
  req.on('data', (chunk: Buffer | string) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) close();
  });
  // The whole body came: the connection is as good as any other, and stays open.
  req.once('end', () => clearTimeout(timer));
  req.once('error', close);
  req.resume();
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
  const gate: BodyGate = { open: true };
  const request = new Request(url, {
    method,
    headers,
    ...(hasBody ? { body: pulledBody(req, gate), duplex: 'half' } : {}),
  } as RequestInit);
  const response = await handle(request);
  const unread = hasBody && !req.readableEnded;
  const answer = Object.fromEntries(response.headers);
  // The rest of a refused body is not read into memory: dropped for a moment after the answer,
  // then the connection ends. `Connection: close` would have Node close it at once (a reset).
  res.writeHead(response.status, answer);
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  res.end(body, () => {
    if (unread && !req.readableEnded) lingerThenClose(req, gate);
  });
}
