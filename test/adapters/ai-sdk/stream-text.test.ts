import { isStepCount, streamText, type ToolSet } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AISDKToolOutput, createAISDKTools } from '../../../src/adapters/ai-sdk.js';
import type { ToolProgress } from '../../../src/tools/index.js';
import { type EmulatorSession, startEmulatorSession } from './support/emulator-session.js';
import { scriptedModel } from './support/scripted-model.js';
import { toolFor } from './support/tool-names.js';

let bed: EmulatorSession;

beforeAll(async () => {
  bed = await startEmulatorSession();
});
afterAll(async () => {
  await bed.close();
});

interface SeenResult {
  readonly preliminary: boolean;
  readonly output: AISDKToolOutput;
}

async function toolResultsOf(tools: ToolSet, operationId: string, input: unknown): Promise<SeenResult[]> {
  const model = scriptedModel([
    { toolCalls: [{ tool: toolFor(tools, operationId), input }] },
    { text: 'Finished.' },
  ]);
  const result = streamText({ model, tools, stopWhen: isStepCount(3), prompt: 'Go.' });
  const seen: SeenResult[] = [];
  for await (const part of result.stream) {
    if (part.type === 'tool-result')
      seen.push({ preliminary: part.preliminary === true, output: part.output as AISDKToolOutput });
  }
  expect(await result.text).toBe('Finished.');
  return seen;
}

describe('createAISDKTools with streamText', () => {
  it('streams the progress of a video job as preliminary results, then the final result', async () => {
    const progress: ToolProgress[] = [];
    const tools = createAISDKTools(bed.session, {
      mode: 'typed',
      onProgress: (update) => progress.push(update),
    });
    const seen = await toolResultsOf(tools, 'v8_video_text_to_video', {
      model_id: 'veo-3',
      prompt: 'a storm',
    });

    const running = seen.filter((result) => result.preliminary && result.output.status === 'running');
    expect(running.length).toBeGreaterThanOrEqual(2);
    expect(running[0]?.output).toMatchObject({
      status: 'running',
      operationId: 'v8_video_text_to_video',
      requestId: expect.anything(),
      elapsedMs: expect.any(Number),
      attempt: expect.any(Number),
    });
    const elapsed = running.map((result) => (result.output as { elapsedMs: number }).elapsedMs);
    expect(elapsed).toEqual([...elapsed].sort((a, b) => a - b));
    expect(running.some((result) => (result.output as { etaMs?: number }).etaMs !== undefined)).toBe(true);

    const final = seen.filter((result) => !result.preliminary);
    expect(final).toHaveLength(1);
    expect(final[0]?.output).toMatchObject({
      ok: true,
      status: 'success',
      outputs: [{ mediaType: 'video/mp4' }],
    });
    // The application's own progress callback still hears every update.
    expect(progress.length).toBeGreaterThanOrEqual(running.length);
  });

  it('streams nothing preliminary for a tool that cannot wait, or when progress is turned off', async () => {
    const tools = createAISDKTools(bed.session, { mode: 'typed' });
    const balance = await toolResultsOf(tools, 'get_wallet_balance', {});
    expect(balance.map((result) => result.preliminary)).toEqual([false]);

    const quiet = createAISDKTools(bed.session, { mode: 'typed', streamProgress: false });
    const image = await toolResultsOf(quiet, 'v7_images_text_to_image', {
      model_id: 'flux-dev',
      prompt: 'a fox',
    });
    expect(image.map((result) => result.preliminary)).toEqual([false]);
    expect(image[0]?.output).toMatchObject({ ok: true, status: 'success' });
  });

  it('passes the abort signal down: aborting during the wait cancels the job wait', async () => {
    const tools = createAISDKTools(bed.session, { mode: 'typed' });
    const video = tools[toolFor(tools, 'v8_video_text_to_video')];
    const controller = new AbortController();
    const outputs: AISDKToolOutput[] = [];
    const iterable = video?.execute?.(
      { model_id: 'veo-3', prompt: 'a slow sunset' },
      { toolCallId: 'call-abort', messages: [], abortSignal: controller.signal, context: {} },
    ) as AsyncIterable<AISDKToolOutput>;
    for await (const output of iterable) {
      outputs.push(output);
      if (output.status === 'running') controller.abort();
    }
    expect(outputs.at(-1)).toMatchObject({ ok: false, status: 'error', code: 'aborted' });
    expect(outputs.filter((output) => output.status === 'running')).toHaveLength(1);
  });
});
