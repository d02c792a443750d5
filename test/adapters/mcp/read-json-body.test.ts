import { describe, expect, it } from 'vitest';
import { BodyReadError, readJsonBody } from '../../../src/adapters/mcp/read-json-body.js';

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://127.0.0.1/mcp', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

/** A body of `size` bytes that announces no length, in chunks of 1 KiB. */
function unannounced(size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      controller.enqueue(new Uint8Array(1024).fill(0x20));
      sent += 1024;
    },
  });
}

describe('readJsonBody', () => {
  it('parses a body within the limit', async () => {
    expect(await readJsonBody(post('{"jsonrpc":"2.0"}'), 1024)).toEqual({ jsonrpc: '2.0' });
  });

  it('refuses with 413 a body that announces more than the limit, or streams past it', async () => {
    const announced = readJsonBody(post('x'.repeat(2048), { 'content-length': '2048' }), 1024);
    await expect(announced).rejects.toMatchObject({ status: 413 });
    const streamed = readJsonBody(post(unannounced(64 * 1024)), 4096);
    await expect(streamed).rejects.toBeInstanceOf(BodyReadError);
    await expect(streamed).rejects.toMatchObject({ status: 413 });
  });

  it('refuses with 400 a body that is not JSON', async () => {
    await expect(readJsonBody(post('{not json'), 1024)).rejects.toMatchObject({ status: 400 });
  });
});
