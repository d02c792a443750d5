import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import type { ManualClock } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpServer } from '../../../src/adapters/mcp.js';
import { connectClient, envelopeOf, startTestBed, type TestBed, textOf } from './support.js';

let bed: TestBed;

beforeAll(async () => {
  bed = await startTestBed();
});
afterAll(async () => {
  await bed.close();
});

describe('tools/call of createMcpServer', () => {
  it('waits for an image job, sends progress notifications, and returns the outputs as structured content', async () => {
    const reported: string[] = [];
    const server = createMcpServer(bed.session, {
      mode: 'typed',
      onProgress: (event) => reported.push(event.status),
    });
    const client = await connectClient(server);
    const progress: Progress[] = [];
    const result = await client.callTool(
      { name: 'v7_images_text_to_image', arguments: { model_id: 'flux-dev', prompt: 'a lighthouse' } },
      undefined,
      { onprogress: (event) => progress.push(event) },
    );
    expect(result.isError).toBe(false);
    expect(envelopeOf(result)).toMatchObject({
      ok: true,
      status: 'success',
      outputs: [{ url: expect.stringMatching(/^http/), mediaType: 'image/png' }],
    });
    // The image as media: a link a host can fetch, and the small file itself, decoded as a PNG.
    const content = result.content as Array<Record<string, unknown>>;
    const url = (envelopeOf(result).outputs as Array<{ url: string }>)[0]?.url;
    expect(content).toContainEqual({
      type: 'resource_link',
      uri: url,
      name: expect.any(String),
      mimeType: 'image/png',
    });
    const image = content.find((block) => block.type === 'image') as { data: string; mimeType: string };
    expect(image.mimeType).toBe('image/png');
    expect([...Buffer.from(image.data, 'base64').subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    // The text block is the same envelope, compact, for clients that do not read structured content.
    expect(JSON.parse((content[0] as { text: string }).text)).toEqual(result.structuredContent);
    expect(textOf(result)).not.toMatch(/\n/);
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.map((event) => event.progress)).toEqual(
      [...progress.map((event) => event.progress)].sort((a, b) => a - b),
    );
    expect(new Set(progress.map((event) => event.progress)).size).toBe(progress.length);
    // Every message names the job, so a client whose call is cut off still holds its id.
    expect(progress[0]?.message).toMatch(/^v7_images_text_to_image job \S+: processing/);
    expect(progress.every((entry) => entry.message?.includes(String(envelopeOf(result).requestId)))).toBe(
      true,
    );
    expect(progress.at(-1)).toMatchObject({ message: expect.stringMatching(/done/) });
    expect(progress.at(-1)?.total).toBe(progress.at(-1)?.progress);
    // The application's own onProgress still hears of every step.
    expect(reported).toEqual(['processing', ...reported.slice(1, -1), 'success']);
    expect(reported.length).toBeGreaterThanOrEqual(progress.length);
    await client.close();
  });

  it('waits for a video job on the emulator clock, reporting progress until its outputs', async () => {
    const client = await connectClient(createMcpServer(bed.session, { mode: 'typed', waitMs: 300_000 }));
    const started = bed.clock.now();
    const progress: Progress[] = [];
    const result = await client.callTool(
      { name: 'v8_video_text_to_video', arguments: { model_id: 'veo-3', prompt: 'waves on a shore' } },
      undefined,
      { onprogress: (event) => progress.push(event) },
    );
    expect(envelopeOf(result)).toMatchObject({ ok: true, status: 'success' });
    expect((envelopeOf(result).outputs as Array<{ mediaType: string }>)[0]?.mediaType).toBe('video/mp4');
    // Ninety seconds of service time passed, in progress steps of seconds, with the end in view.
    expect(bed.clock.now() - started).toBeGreaterThanOrEqual(90_000);
    expect(progress.at(-1)?.progress).toBeGreaterThanOrEqual(90);
    expect(progress.some((event) => event.total !== undefined && event.total >= 90)).toBe(true);
    await client.close();
  });

  it('costs a 90 s video two calls at the default wait, the job id reaching the client before the first returns', async () => {
    const client = await connectClient(createMcpServer(bed.session, { mode: 'typed' }));
    const started = bed.clock.now();
    const calls: unknown[] = [];
    const progress: Progress[] = [];
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = await client.callTool({ name, arguments: args }, undefined, {
        onprogress: (event) => progress.push(event),
      });
      calls.push(result);
      return envelopeOf(result);
    };
    const first = await call('v8_video_text_to_video', { model_id: 'veo-3', prompt: 'a harbour at dusk' });
    expect(first).toMatchObject({ status: 'processing' });
    // Handed back within the 60 s a client commonly allows, after progress naming the job.
    expect(bed.clock.now() - started).toBeLessThan(60_000);
    expect(progress[0]?.message).toContain(String(first.requestId));
    const second = await call('resume_job', {
      operation: 'v8_video_text_to_video',
      request_id: first.requestId,
    });
    expect(second).toMatchObject({ ok: true, status: 'success', requestId: first.requestId });
    expect(calls).toHaveLength(2);
    await client.close();
  });

  it('keeps a file larger than inlineMedia.maxBytes as a link only', async () => {
    const client = await connectClient(
      createMcpServer(bed.session, { mode: 'typed', inlineMedia: { maxBytes: 16 } }),
    );
    const result = await client.callTool({
      name: 'v7_images_text_to_image',
      arguments: { model_id: 'flux-dev', prompt: 'a lighthouse' },
    });
    const types = (result.content as Array<{ type: string }>).map((block) => block.type);
    expect(types).toEqual(['text', 'resource_link']);
    await client.close();
  });

  it('hands back a resumable "processing" result when a job outlives the wait, and resume_job picks it up', async () => {
    const client = await connectClient(createMcpServer(bed.session, { mode: 'typed' }));
    const first = await client.callTool({
      name: 'v8_video_text_to_video',
      arguments: { model_id: 'veo-3', prompt: 'a storm at sea' },
    });
    // Not an error: the job runs on, and the result says how to pick it up.
    expect(first.isError).toBe(false);
    const pending = envelopeOf(first);
    expect(pending).toMatchObject({ ok: false, status: 'processing', operationId: 'v8_video_text_to_video' });
    expect(pending.hint).toMatch(/Call resume_job with .*"request_id"/);

    // The model comes back when it was told to.
    (bed.emulator.clock as ManualClock).advance(pending.retryAfterMs as number);
    const resumed = await client.callTool({
      name: 'resume_job',
      arguments: { operation: 'v8_video_text_to_video', request_id: pending.requestId },
    });
    expect(envelopeOf(resumed)).toMatchObject({ ok: true, status: 'success', requestId: pending.requestId });
    await client.close();
  });

  it('answers a control-plane read with its data', async () => {
    const client = await connectClient(createMcpServer(bed.session, { mode: 'typed' }));
    const result = await client.callTool({ name: 'get_wallet_balance', arguments: {} });
    expect(result.isError).toBe(false);
    expect(envelopeOf(result)).toMatchObject({ ok: true, data: { currency: expect.any(String) } });
    await client.close();
  });

  it('refuses invalid arguments with isError and a message the model can act on, sending nothing', async () => {
    const client = await connectClient(createMcpServer(bed.session, { mode: 'typed' }));
    const sent = bed.requests.length;
    const result = await client.callTool({
      name: 'v7_images_text_to_image',
      arguments: { prompt: 3, widht: 512 },
    });
    expect(result.isError).toBe(true);
    expect(envelopeOf(result)).toMatchObject({ ok: false, code: 'invalid_arguments', retryable: false });
    expect(textOf(result)).toMatch(/model_id is required/);
    expect(textOf(result)).toMatch(/did you mean width/);
    expect(bed.requests.length).toBe(sent);
    await client.close();
  });

  it('stops waiting for a job when the client cancels the call', async () => {
    const client = await connectClient(createMcpServer(bed.session, { mode: 'typed', waitMs: 600_000 }));
    const controller = new AbortController();
    let sentBeforeCancel = -1;
    let timeOfCancel = 0;
    const call = client.callTool(
      { name: 'v8_video_text_to_video', arguments: { model_id: 'veo-3', prompt: 'a storm' } },
      undefined,
      {
        signal: controller.signal,
        // Cancel as soon as the job is submitted and being waited for.
        onprogress: () => {
          if (sentBeforeCancel >= 0) return;
          sentBeforeCancel = bed.requests.length;
          timeOfCancel = bed.clock.now();
          controller.abort('the user changed their mind');
        },
      },
    );
    await expect(call).rejects.toThrow();
    expect(bed.requests.at(sentBeforeCancel - 1)).toMatch(/^POST \/api\/v8\/video\/text-to-video$/);
    // Still waiting, the tool would sleep to the job's eta on virtual time and poll it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bed.requests.slice(sentBeforeCancel)).toEqual([]);
    expect(bed.clock.now()).toBe(timeOfCancel);
    await client.close();
  });
});
