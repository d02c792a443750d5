/**
 * The longer wait for clients that reset their timeout on progress: used only when the client
 * says so (a `_meta` flag on the call) or the application does, never assumed.
 */
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpServer, PROGRESS_RESETS_TIMEOUT } from '../../../src/adapters/mcp.js';
import { connectClient, envelopeOf, startTestBed, type TestBed } from './support.js';

const VIDEO = 'v8_video_text_to_video';
let bed: TestBed;

beforeAll(async () => {
  bed = await startTestBed();
});
afterAll(async () => {
  await bed.close();
});

/** One 90 s video call, with the client's flag or without, and what it returned. */
async function videoCall(options: Parameters<typeof createMcpServer>[1], flag: boolean) {
  const client = await connectClient(createMcpServer(bed.session, { mode: 'typed', ...options }));
  const progress: Progress[] = [];
  const started = bed.clock.now();
  const result = await client.callTool(
    {
      name: VIDEO,
      arguments: { model_id: 'veo-3', prompt: 'a slow tide' },
      ...(flag ? { _meta: { [PROGRESS_RESETS_TIMEOUT]: true } } : {}),
    },
    undefined,
    { onprogress: (event) => progress.push(event), resetTimeoutOnProgress: flag },
  );
  await client.close();
  return { envelope: envelopeOf(result), progress, waitedMs: bed.clock.now() - started };
}

describe('a longer wait for clients that reset their timeout on progress', () => {
  it('finishes a 90 s video in one call for a client that says it resets, and in two for one that does not', async () => {
    const flagged = await videoCall({}, true);
    expect(flagged.envelope).toMatchObject({ ok: true, status: 'success' });
    // Progress reached the client up to the end (the bench counts what a real clock sends).
    expect(flagged.progress.at(-1)?.progress).toBeGreaterThanOrEqual(90);
    const plain = await videoCall({}, false);
    expect(plain.envelope).toMatchObject({ status: 'processing' });
    expect(plain.waitedMs).toBeLessThan(60_000);
  });

  it('follows the application when it names the clients that reset, and bounds the wait', async () => {
    const byName = await videoCall(
      { resetsTimeoutOnProgress: ({ name }) => name === 'mcp-adapter-test' },
      false,
    );
    expect(byName.envelope).toMatchObject({ status: 'success' });
    const never = await videoCall({ resetsTimeoutOnProgress: false }, true);
    expect(never.envelope).toMatchObject({ status: 'processing' });
    const bounded = await videoCall({ progressWaitMs: 30_000 }, true);
    expect(bounded.envelope).toMatchObject({ status: 'processing' });
    expect(bounded.waitedMs).toBeLessThan(60_000);
  });
});
