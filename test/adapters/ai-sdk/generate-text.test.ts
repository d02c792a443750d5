import { generateText, isStepCount, type ToolSet } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAISDKTools } from '../../../src/adapters/ai-sdk.js';
import { type EmulatorSession, startEmulatorSession } from './support/emulator-session.js';
import { scriptedModel } from './support/scripted-model.js';
import { toolFor } from './support/tool-names.js';
import { toolOutput } from './support/tool-output.js';

let bed: EmulatorSession;
let tools: ToolSet;

beforeAll(async () => {
  bed = await startEmulatorSession();
  tools = createAISDKTools(bed.session, { mode: 'typed' });
});
afterAll(async () => {
  await bed.close();
});

/** What the model was shown as the result of its last tool call, in the prompt of its next call. */
function lastToolOutput(model: ReturnType<typeof scriptedModel>): unknown {
  const prompt = model.doGenerateCalls.at(-1)?.prompt ?? [];
  const message = prompt.filter((entry) => entry.role === 'tool').at(-1);
  const part = message?.content.find((entry) => entry.type === 'tool-result');
  return part?.type === 'tool-result' ? part.output : undefined;
}

describe('createAISDKTools with generateText', () => {
  it('generates an image: the job is polled on the emulator clock and the outputs come back', async () => {
    const image = toolFor(tools, 'v7_images_text_to_image');
    const model = scriptedModel([
      { toolCalls: [{ tool: image, input: { model_id: 'flux-dev', prompt: 'a lighthouse at dusk' } }] },
      { text: 'Here is your lighthouse.' },
    ]);
    const result = await generateText({
      model,
      tools,
      stopWhen: isStepCount(3),
      prompt: 'Draw a lighthouse.',
    });

    expect(result.text).toBe('Here is your lighthouse.');
    const toolResult = result.steps[0]?.toolResults[0];
    expect(toolResult).toMatchObject({
      toolName: image,
      dynamic: true,
      output: { ok: true, status: 'success', operationId: 'v7_images_text_to_image' },
    });
    const { outputs } = toolOutput<{ outputs: { url: string; mediaType: string }[] }>(result);
    expect(outputs[0]?.mediaType).toBe('image/png');
    expect(outputs[0]?.url).toMatch(/^https?:\/\//);
    // The model reads the envelope as JSON: the URL and media type, not the bytes.
    expect(lastToolOutput(model)).toMatchObject({
      type: 'json',
      value: { ok: true, outputs: [{ url: outputs[0]?.url, mediaType: 'image/png' }] },
    });
    expect(bed.emulator.inspect(bed.account.email)?.usage.at(-1)).toMatchObject({
      operationId: 'v7_images_text_to_image',
    });
  });

  it('generates a 90-second video, polled on the virtual clock to completion', async () => {
    const video = toolFor(tools, 'v8_video_text_to_video');
    const before = bed.emulator.clock.now();
    const model = scriptedModel([
      { toolCalls: [{ tool: video, input: { model_id: 'veo-3', prompt: 'waves on a pier' } }] },
      { text: 'Your video is ready.' },
    ]);
    const result = await generateText({ model, tools, stopWhen: isStepCount(3), prompt: 'Film the sea.' });

    expect(result.text).toBe('Your video is ready.');
    expect(result.steps[0]?.toolResults[0]?.output).toMatchObject({
      ok: true,
      status: 'success',
      outputs: [{ mediaType: 'video/mp4', expiresAt: expect.any(String) }],
    });
    // Ninety seconds went by on the emulator's clock, none of them waited for.
    expect(bed.emulator.clock.now() - before).toBeGreaterThanOrEqual(90_000);
  });

  it('reads the wallet balance from the control plane as data', async () => {
    const balance = toolFor(tools, 'get_wallet_balance');
    const model = scriptedModel([
      { toolCalls: [{ tool: balance, input: {} }] },
      { text: 'You have credit.' },
    ]);
    const result = await generateText({ model, tools, stopWhen: isStepCount(3), prompt: 'My balance?' });

    expect(result.steps[0]?.toolResults[0]?.output).toMatchObject({
      ok: true,
      status: 'success',
      data: { currency: expect.any(String) },
    });
    expect(lastToolOutput(model)).toMatchObject({
      type: 'json',
      value: { data: { currency: expect.any(String) } },
    });
  });

  it('answers invalid arguments with the readable refusal, sends nothing, and lets the model fix them', async () => {
    const image = toolFor(tools, 'v7_images_text_to_image');
    const model = scriptedModel([
      { toolCalls: [{ tool: image, input: { prompt: 3, widht: 512 } }] },
      { text: 'Sorry, let me fix that.' },
    ]);
    const requestsBefore = bed.requests();
    const result = await generateText({ model, tools, stopWhen: isStepCount(3), prompt: 'Draw.' });

    expect(bed.requests()).toBe(requestsBefore);
    // A tool result, not an SDK error: the run went on to the model's next turn.
    expect(result.steps).toHaveLength(2);
    expect(result.steps[0]?.content.some((part) => part.type === 'tool-error')).toBe(false);
    expect(result.steps[0]?.toolResults[0]?.output).toMatchObject({
      ok: false,
      status: 'error',
      code: 'invalid_arguments',
      retryable: false,
    });
    const shown = lastToolOutput(model) as { type: string; value: { problems: unknown[]; hint: string } };
    expect(shown.type).toBe('error-json');
    expect(JSON.stringify(shown.value)).toMatch(/model_id is required/);
    expect(JSON.stringify(shown.value)).toMatch(/did you mean width/);
    expect(shown.value.hint).toMatch(/Nothing was sent/);
  });

  it('answers arguments that are not JSON with an SDK tool error, and the run goes on', async () => {
    const image = toolFor(tools, 'v7_images_text_to_image');
    const model = scriptedModel([
      { toolCalls: [{ tool: image, input: '{"prompt": ' }] },
      { text: 'Retrying.' },
    ]);
    const requestsBefore = bed.requests();
    const result = await generateText({ model, tools, stopWhen: isStepCount(3), prompt: 'Draw.' });

    expect(bed.requests()).toBe(requestsBefore);
    expect(result.steps[0]?.content.some((part) => part.type === 'tool-error')).toBe(true);
    expect(result.text).toBe('Retrying.');
  });
});
