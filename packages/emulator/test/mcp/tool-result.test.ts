import { describe, expect, it } from 'vitest';
import { redactSecrets, toolResultFromResponse } from '../../src/mcp/tool-result.js';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('toolResultFromResponse', () => {
  it('gives a JSON object as text and as structured content', async () => {
    const body = { status: 'processing', id: 7, eta: 12 };
    const result = await toolResultFromResponse(json(body, 200, { 'X-Request-Id': 'req_1' }), []);
    expect(result).toEqual({
      content: [{ type: 'text', text: JSON.stringify(body) }],
      structuredContent: body,
      isError: false,
      _meta: { httpStatus: 200, requestId: 'req_1' },
    });
  });

  it.each([
    ['HTTP 402', json({ status: 'error', message: 'No credits.' }, 402), true],
    ['status "error" with HTTP 200', json({ status: 'error', message: 'Bad prompt.' }), true],
    ['status "failed"', json({ status: 'failed', message: 'Job failed.' }), true],
    ['a control-plane error envelope', json({ data: null, error: { code: 'not_found' } }, 404), true],
    ['a success', json({ status: 'success', output: ['https://cdn.example/x.png'] }), false],
  ])('sets isError for %s: %s', async (_case, response, isError) => {
    expect((await toolResultFromResponse(response, [])).isError).toBe(isError);
  });

  it('keeps an array as text only', async () => {
    const result = await toolResultFromResponse(json([1, 2]), []);
    expect(result.structuredContent).toBeUndefined();
    expect(result.content[0]?.text).toBe('[1,2]');
  });

  it('reports a body that is not JSON as an error', async () => {
    const response = new Response('<html>502 Bad Gateway</html>', { status: 502 });
    const result = await toolResultFromResponse(response, []);
    expect(result.isError).toBe(true);
    expect(result.content[0]?.text).toContain('HTTP 502 with a body that is not JSON');
  });

  it('removes the caller credential from everything the model reads', async () => {
    const secret = 'gk_live_0123456789abcdef';
    const result = await toolResultFromResponse(
      json({ status: 'error', message: `Key ${secret} is invalid` }, 401),
      [secret],
    );
    expect(JSON.stringify(result)).not.toContain(secret);
    expect(result.structuredContent).toEqual({ status: 'error', message: 'Key [redacted] is invalid' });
  });
});

describe('redactSecrets', () => {
  it('removes the JSON-escaped spelling too, and leaves short strings alone', () => {
    expect(redactSecrets('{"k":"ab\\"cdefghij"}', ['ab"cdefghij'])).toBe('{"k":"[redacted]"}');
    expect(redactSecrets('abc abc', ['abc'])).toBe('abc abc');
  });
});
