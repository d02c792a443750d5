/**
 * `approval: { costAbove }` through the tool specs: which calls wait for a person by their
 * estimate, what the verdict carries for the question, and how it sits with the rest of the rule.
 * `session.estimate` is a stand-in (test/support/stub-estimates.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolSpecs, UnknownOptionError, UsageError } from '../../src/index.js';
import type { ToolSpec } from '../../src/tools/index.js';
import { describeCost } from '../../src/tools/index.js';
import { type AdapterBed, startAdapterBed } from '../support/adapter-bed.js';
import { stubEstimates } from '../support/stub-estimates.js';

let bed: AdapterBed;
let restore: () => void;

beforeAll(async () => {
  bed = await startAdapterBed();
  const spy = stubEstimates(bed.session);
  restore = () => spy.mockRestore();
});
afterAll(async () => {
  restore();
  await bed.close();
});

const OPERATIONS = [
  'v7_images_text_to_image',
  'v8_video_text_to_video',
  'get_wallet_balance',
  'post_wallet_fund',
];
const typed = (approval: unknown) =>
  createToolSpecs(bed.session, { mode: 'typed', include: { ids: OPERATIONS }, approval: approval as never });
const specOf = (tools: readonly ToolSpec[], operationId: string) => {
  const found = tools.find((tool) => tool.operationId === operationId);
  if (!found) throw new Error(`no tool for ${operationId}`);
  return found;
};
const images = (samples: number) => ({ model_id: 'flux-dev', prompt: 'a fox', samples });

describe('approval: { costAbove }', () => {
  it('asks about a call estimated above the threshold, not one within it, and says what it costs', async () => {
    const image = specOf(typed({ costAbove: 1 }).tools, 'v7_images_text_to_image');
    expect(await image.needsApproval(images(2))).toBe(false);
    const within = await image.approval?.(images(2));
    expect(within).toMatchObject({ needed: false, cost: { threshold: 1, above: false } });
    const above = await image.approval?.(images(4));
    expect(above).toMatchObject({
      needed: true,
      cost: { threshold: 1, above: true, estimate: { kind: 'priced', amount: 1.6, currency: 'usd' } },
    });
    expect(describeCost(above?.cost as never)).toBe(
      'Estimated cost: $1.6 (4 images × $0.4 per image (flux-dev)), above the approval threshold of $1.',
    );
    // Exactly at the threshold is not above it.
    expect(
      await specOf(typed({ costAbove: 0.8 }).tools, 'v7_images_text_to_image').needsApproval(images(2)),
    ).toBe(false);
  });

  it('counts an unknown estimate as above, and says so in the question', async () => {
    const video = specOf(typed({ costAbove: 1 }).tools, 'v8_video_text_to_video');
    const verdict = await video.approval?.({ model_id: 'veo-3', prompt: 'waves' });
    expect(verdict).toMatchObject({ needed: true, cost: { above: true, estimate: { kind: 'unknown' } } });
    expect(describeCost(verdict?.cost as never)).toBe(
      'Estimated cost: unknown (the model feed lists no price for veo-3). A call of unknown cost needs approval, as one above the threshold of $1 would.',
    );
  });

  it('asks when the estimate fails rather than let a charge through unasked', async () => {
    const spy = bed.session.estimate as unknown as { mockRejectedValueOnce(error: Error): void };
    spy.mockRejectedValueOnce(new Error('the feed is down'));
    const verdict = await specOf(typed({ costAbove: 1 }).tools, 'v7_images_text_to_image').approval?.(
      images(1),
    );
    expect(verdict).toMatchObject({
      needed: true,
      cost: {
        above: true,
        estimate: { kind: 'unknown', basis: 'the cost of v7_images_text_to_image could not be estimated' },
      },
    });
  });

  it('keeps the rest of the rule: money still asks, a free read does not, a named operation decides alone', async () => {
    const tools = typed({ costAbove: 1, operations: { v8_video_text_to_video: false } }).tools;
    const fund = await specOf(tools, 'post_wallet_fund').approval?.({
      amount: 10,
      payment_method_id: 'pm_card_visa',
    });
    expect(fund).toMatchObject({ needed: true, cost: { above: false, estimate: { amount: 0 } } });
    expect(await specOf(tools, 'get_wallet_balance').needsApproval({})).toBe(false);
    expect(
      await specOf(tools, 'v8_video_text_to_video').approval?.({ model_id: 'veo-3', prompt: 'waves' }),
    ).toEqual({
      needed: false,
    });
  });

  it('prices the operation call_operation names, with its inner arguments', async () => {
    // Operations named by id get tools of their own: chosen by category, they stay behind call_operation.
    const call = createToolSpecs(bed.session, {
      mode: 'dynamic',
      approval: { costAbove: 1 },
    }).tools.find((tool) => tool.kind === 'call');
    expect(
      await call?.approval?.({ operation: 'v7_images_text_to_image', arguments: images(4) }),
    ).toMatchObject({ needed: true, cost: { estimate: { amount: 1.6 } } });
    expect(await call?.needsApproval({ operation: 'v7_images_text_to_image', arguments: images(1) })).toBe(
      false,
    );
    expect(await call?.approval?.({ operation: 'no_such_operation', arguments: {} })).toEqual({
      needed: false,
    });
  });

  it('tells the model which calls ask by cost, and which ask whatever they cost', () => {
    const tools = typed({ costAbove: 1 }).tools;
    expect(specOf(tools, 'v7_images_text_to_image').description).toContain(
      'Asks a person for approval first if its estimated cost is above 1 or unknown.',
    );
    const fund = specOf(tools, 'post_wallet_fund').description;
    expect(fund).toContain('Asks a person for approval first.');
    expect(fund).not.toContain('estimated cost is above');
  });

  it('refuses a threshold that is not an amount, and names costAbove for a near miss', () => {
    expect(() => typed({ costAbove: -1 })).toThrow(UsageError);
    expect(() => typed({ costAbove: '1' })).toThrow(/approval\.costAbove must be an amount/);
    expect(() => typed({ maxCost: 1 })).toThrow(UnknownOptionError);
    expect(() => typed({ maxCost: 1 })).toThrow(/costAbove/);
  });
});

describe('describeCost', () => {
  it('says when the plan covers the call, and when it is within the threshold', () => {
    expect(
      describeCost({
        estimate: {
          kind: 'priced',
          amount: 0,
          currency: 'usd',
          basis: '1 image (flux-dev, in the plan)',
          covered: true,
        },
        threshold: 1,
        above: false,
      }),
    ).toBe(
      'Estimated cost: $0 (1 image (flux-dev, in the plan)), covered by the plan: the wallet is not charged, within the approval threshold of $1.',
    );
    expect(
      describeCost({
        estimate: {
          kind: 'priced',
          amount: 0.004,
          currency: 'eur',
          basis: '2 images × €0.002 per image',
          covered: false,
        },
        threshold: 0.5,
        above: false,
      }),
    ).toBe('Estimated cost: €0.004 (2 images × €0.002 per image), within the approval threshold of €0.5.');
  });
});
