/**
 * Prices where the model decides: a typed tool's description gives its model family's price in a
 * few words, describe_operation the whole table, and a result what the call cost.
 */

import { MODELS } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolSpecs } from '../../src/index.js';
import { type AdapterBed, startAdapterBed } from '../support/adapter-bed.js';

let bed: AdapterBed;

beforeAll(async () => {
  // Chosen by a filter, not named by id, so that dynamic mode keeps them behind call_operation.
  bed = await startAdapterBed({
    operations: {
      all: true,
      where: (operation) => ['v7_images_text_to_image', 'v8_video_text_to_video'].includes(operation.id),
    },
  });
});
afterAll(async () => {
  await bed.close();
});

const pricesOf = (category: string) =>
  MODELS.filter((model) => model.category === category && model.price !== null).map(
    (model) => model.price as number,
  );

describe('prices in tools', () => {
  it('gives a typed tool the price range of its model family in a few words', () => {
    const tools = createToolSpecs(bed.session, { mode: 'typed' });
    const image = tools.tool('v7_images_text_to_image');
    const low = Math.min(...pricesOf('image'));
    expect(image?.description).toContain(`About $${low}-`);
    expect(image?.description).toMatch(/per image by model\./);
    expect(image?.description).not.toMatch(/may cost credits/);
    expect(tools.tool('v8_video_text_to_video')?.description).toMatch(
      /About \$[\d.]+-[\d.]+ per second of video by model\./,
    );
  });

  it('gives describe_operation the table of the family, cheapest first, unpriced models last', async () => {
    const tools = createToolSpecs(bed.session, { mode: 'dynamic' });
    const result = await tools.tool('describe_operation')?.execute({ operation: 'v7_images_text_to_image' });
    const prices = (result as { data: { prices: Array<{ model: string; price?: number; note?: string }> } })
      .data.prices;
    expect(prices).toHaveLength(MODELS.filter((model) => model.category === 'image').length);
    expect(prices[0]).toMatchObject({ price: Math.min(...pricesOf('image')), unit: 'image' });
    expect(prices.at(-1)).toMatchObject({ model: 'sdxl-lightning', note: expect.stringMatching(/no price/) });
  });

  it('carries the estimate in a result', async () => {
    const tools = createToolSpecs(bed.session, { mode: 'typed' });
    const result = await tools
      .tool('v7_images_text_to_image')
      ?.execute({ model_id: 'flux-dev', prompt: 'a fox', samples: 2 });
    expect(result).toMatchObject({
      ok: true,
      cost: {
        estimated: {
          kind: 'priced',
          amount: 0.004,
          basis: expect.stringMatching(/^2 images × \$0\.002 per image/),
        },
      },
    });
  });
});
