import { describe, expect, it } from 'vitest';
import { toModelOutput } from '../../../src/adapters/ai-sdk/model-output.js';

describe('toModelOutput', () => {
  it('gives media as URLs with their media type', () => {
    const output = toModelOutput({
      ok: true,
      status: 'success',
      operationId: 'v7_images_text_to_image',
      outputs: [{ url: 'https://cdn.example/a.png', mediaType: 'image/png' }],
      requestId: 7,
    });
    expect(output).toEqual({
      type: 'json',
      value: {
        ok: true,
        status: 'success',
        operationId: 'v7_images_text_to_image',
        outputs: [{ url: 'https://cdn.example/a.png', mediaType: 'image/png' }],
        requestId: 7,
      },
    });
  });

  it('gives a text answer as its text', () => {
    expect(
      toModelOutput({ ok: true, status: 'success', operationId: 'chat', outputs: [], text: 'Hello there' }),
    ).toEqual({ type: 'text', value: 'Hello there' });
  });

  it('leaves inline bytes out, whatever the answer carried', () => {
    const base64 = 'iVBORw0KGgo'.repeat(100);
    const output = toModelOutput({
      ok: true,
      status: 'success',
      operationId: 'x',
      outputs: [],
      data: { image: `data:image/png;base64,${base64}`, raw: base64, note: 'kept' },
    });
    const text = JSON.stringify(output);
    expect(text).not.toContain(base64);
    expect(text).toContain('inline data left out');
    expect(text).toContain('kept');
  });

  it('marks a failure as an error, and a job still running as a plain result', () => {
    expect(
      toModelOutput({
        ok: false,
        status: 'error',
        code: 'payment_required',
        message: 'No credits.',
        retryable: false,
        hint: 'Ask the user to fund the wallet.',
      }),
    ).toMatchObject({ type: 'error-json', value: { code: 'payment_required', hint: expect.any(String) } });
    expect(
      toModelOutput({
        ok: false,
        status: 'processing',
        operationId: 'v8_video_text_to_video',
        requestId: 'r1',
        retryAfterMs: 30_000,
        hint: 'Call resume_job later.',
      }),
    ).toMatchObject({ type: 'json', value: { status: 'processing', requestId: 'r1' } });
  });
});
