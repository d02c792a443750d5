/**
 * Answers no client should read whole, made on demand so that the test process never holds them
 * either: a body without end, a body that announces 10 GiB, and a gzip bomb (a few hundred KB
 * that inflate to 256 MiB), built once by streaming a repeated buffer through zlib.
 * @module
 */
import type { ServerResponse } from 'node:http';
import { pipeline, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { createGzip } from 'node:zlib';

/** What a gzip bomb inflates to. */
export const BOMB_INFLATED_BYTES = 256 * 1024 * 1024;

const PIECE = Buffer.alloc(64 * 1024, ' ');

/** JSON-looking text without end, produced only as fast as the client reads. */
function endlessText(): Readable {
  let first = true;
  return new Readable({
    read() {
      this.push(first ? Buffer.from('{"padding":"') : PIECE);
      first = false;
    },
  });
}

/** Streams an endless body into `response`; stops when the client goes away. */
export function answerEndlessly(
  response: ServerResponse,
  status = 200,
  headers: Readonly<Record<string, string>> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  pipeline(endlessText(), response, () => undefined);
}

/** Streams an endless body that announces 10 GiB. */
export function answerTenGibibytes(response: ServerResponse): void {
  answerEndlessly(response, 200, { 'content-length': String(10 * 1024 ** 3) });
}

let bomb: Promise<Buffer> | undefined;

/** `BOMB_INFLATED_BYTES` of spaces, gzipped (about 255 KB); built once per process. */
export function gzipBomb(): Promise<Buffer> {
  bomb ??= (() => {
    let left = BOMB_INFLATED_BYTES / PIECE.length;
    const spaces = new Readable({
      read() {
        this.push(left-- > 0 ? PIECE : null);
      },
    });
    return buffer(spaces.pipe(createGzip({ level: 9 })));
  })();
  return bomb;
}

/** Sends the gzip bomb, declared as gzip-encoded JSON (or as `contentType`). */
export async function answerWithBomb(
  response: ServerResponse,
  contentType = 'application/json',
): Promise<void> {
  const body = await gzipBomb();
  response.writeHead(200, {
    'content-type': contentType,
    'content-encoding': 'gzip',
    'content-length': String(body.length),
  });
  response.end(body);
}
