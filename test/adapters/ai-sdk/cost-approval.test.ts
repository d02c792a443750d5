/**
 * Approval by cost through the AI SDK's own tool approval: a call estimated above the threshold
 * (or of unknown cost) ends the step with an approval request whose reason gives the estimate,
 * and nothing is sent; a cheaper call runs without asking. `session.estimate` is a stand-in
 * (test/support/stub-estimates.ts), except in the last group, which asks the real estimator
 * against the emulator's feed.
 */
import { generateText, isStepCount, type ToolSet } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAISDKTools, createToolApproval } from '../../../src/adapters/ai-sdk.js';
import {
  ABOVE_REAL_THRESHOLD,
  FOUR_PRICED_IMAGES,
  pricedQuestionStart,
  REAL_THRESHOLD,
  UNKNOWN_QUESTION,
  UNPRICED_MODEL,
} from '../../support/real-estimates.js';
import { stubEstimates } from '../../support/stub-estimates.js';
import { type EmulatorSession, startEmulatorSession } from './support/emulator-session.js';
import { scriptedModel } from './support/scripted-model.js';
import { toolFor } from './support/tool-names.js';

let bed: EmulatorSession;
let tools: ToolSet;
let restore: () => void;

beforeAll(async () => {
  bed = await startEmulatorSession();
  const spy = stubEstimates(bed.session);
  restore = () => spy.mockRestore();
  tools = createAISDKTools(bed.session, {
    mode: 'typed',
    include: { ids: ['v7_images_text_to_image', 'v8_video_text_to_video'] },
    approval: { costAbove: 1 },
  });
});
afterAll(async () => {
  restore();
  await bed.close();
});

/** One step of an agent whose model calls `tool` with `input`, then says it is done. */
function step(tool: string, input: unknown, within: ToolSet = tools) {
  return generateText({
    model: scriptedModel([{ toolCalls: [{ tool, input }] }, { text: 'Done.' }]),
    tools: within,
    toolApproval: createToolApproval(within),
    stopWhen: isStepCount(3),
    prompt: 'Make it.',
  });
}

describe('approval: { costAbove } with the AI SDK', () => {
  it('stops a call estimated above the threshold for a person, with the estimate in the reason, sending nothing', async () => {
    const image = toolFor(tools, 'v7_images_text_to_image');
    const sent = bed.requests();
    const result = await step(image, { model_id: 'flux-dev', prompt: 'a fox', samples: 4 });
    const request = result.content.find((part) => part.type === 'tool-approval-request');
    expect(request).toMatchObject({ toolCall: { toolName: image, input: { samples: 4 } } });
    expect(request?.reason).toBe(
      'Generate images from text. Estimated cost: $1.6 (4 images × $0.4 per image (flux-dev)), above the approval threshold of $1.',
    );
    expect(result.toolResults).toHaveLength(0);
    expect(bed.requests()).toBe(sent);
  });

  it('says an unknown cost is why it asks', async () => {
    const video = toolFor(tools, 'v8_video_text_to_video');
    const result = await step(video, { model_id: 'veo-3', prompt: 'waves' });
    const request = result.content.find((part) => part.type === 'tool-approval-request');
    expect(request?.reason).toMatch(
      /Estimated cost: unknown \(the model feed lists no price for veo-3\)\. A call of unknown cost needs approval/,
    );
  });

  it('runs a call within the threshold without asking', async () => {
    const image = toolFor(tools, 'v7_images_text_to_image');
    const result = await step(image, { model_id: 'flux-dev', prompt: 'a fox', samples: 2 });
    expect(result.content.some((part) => part.type === 'tool-approval-request')).toBe(false);
    expect(result.toolResults[0]?.output).toMatchObject({ ok: true, status: 'success' });
  });
});

describe('approval: { costAbove } with the AI SDK and the real estimator', () => {
  let real: EmulatorSession;
  let realTools: ToolSet;
  beforeAll(async () => {
    real = await startEmulatorSession();
    realTools = createAISDKTools(real.session, {
      mode: 'typed',
      include: { ids: ['v7_images_text_to_image'] },
      approval: { costAbove: REAL_THRESHOLD },
    });
  });
  afterAll(async () => {
    await real.close();
  });

  it("asks with the feed's price and basis, or with an unknown cost, sending nothing", async () => {
    const image = toolFor(realTools, 'v7_images_text_to_image');
    const sent = real.requests();
    const priced = await step(image, FOUR_PRICED_IMAGES, realTools);
    const pricedReason = priced.content.find((part) => part.type === 'tool-approval-request')?.reason;
    expect(pricedReason).toContain(pricedQuestionStart());
    expect(pricedReason).toContain(ABOVE_REAL_THRESHOLD);

    const unpriced = await step(image, { model_id: UNPRICED_MODEL, prompt: 'a fox' }, realTools);
    const unknownReason = unpriced.content.find((part) => part.type === 'tool-approval-request')?.reason;
    expect(unknownReason).toContain(UNKNOWN_QUESTION);
    expect(priced.toolResults).toHaveLength(0);
    expect(unpriced.toolResults).toHaveLength(0);
    expect(real.requests()).toBe(sent);
  });
});
