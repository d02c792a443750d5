/**
 * Approval by cost over MCP, with the official SDK client: the elicitation question gives the
 * call's estimate (amount, currency, basis), or says it is unknown, and nothing is sent unless the
 * person accepts. `session.estimate` is a stand-in (test/support/stub-estimates.ts), except in the
 * last group, which asks the real estimator against the emulator's feed.
 */
import type { ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApprovalRequest, createMcpServer } from '../../../src/adapters/mcp.js';
import {
  ABOVE_REAL_THRESHOLD,
  FOUR_PRICED_IMAGES,
  pricedImagePrice,
  pricedQuestionStart,
  REAL_THRESHOLD,
  UNKNOWN_QUESTION,
  UNPRICED_MODEL,
} from '../../support/real-estimates.js';
import { stubEstimates } from '../../support/stub-estimates.js';
import { connectClient, envelopeOf, startTestBed, type TestBed } from './support.js';

let bed: TestBed;
let restore: () => void;

beforeAll(async () => {
  bed = await startTestBed();
  const spy = stubEstimates(bed.session);
  restore = () => spy.mockRestore();
});
afterAll(async () => {
  restore();
  await bed.close();
});

const OPTIONS = {
  mode: 'typed',
  include: { ids: ['v7_images_text_to_image', 'v8_video_text_to_video'] },
  approval: { costAbove: 1 },
} as const;
const FOUR_FOXES = {
  name: 'v7_images_text_to_image',
  arguments: { model_id: 'flux-dev', prompt: 'a fox', samples: 4 },
};

describe('approval: { costAbove } over MCP', () => {
  it('puts the estimate in the elicitation question, and sends nothing when the person declines', async () => {
    const asked: ElicitRequest['params'][] = [];
    const client = await connectClient(createMcpServer(bed.session, OPTIONS), (request) => {
      asked.push(request);
      return { action: 'decline' };
    });
    const sent = bed.requests.length;
    const result = await client.callTool(FOUR_FOXES);
    expect(asked.map((request) => request.message)).toEqual([
      [
        'Allow the agent to run v7_images_text_to_image ("Generate images from text")?',
        'It changes something on the account.',
        'Estimated cost: $1.6 (4 images × $0.4 per image (flux-dev)), above the approval threshold of $1.',
        'Arguments: {"samples":4,"model_id":"flux-dev","prompt":"a fox"}',
      ].join('\n'),
    ]);
    expect(envelopeOf(result)).toMatchObject({ ok: false, code: 'approval_declined' });
    expect(bed.requests.slice(sent)).toEqual([]);
    await client.close();
  });

  it('says the cost is unknown when it is, and runs the call once the person accepts', async () => {
    const asked: string[] = [];
    const client = await connectClient(createMcpServer(bed.session, OPTIONS), (request) => {
      asked.push(request.message);
      return { action: 'accept' };
    });
    const result = await client.callTool({
      name: 'v8_video_text_to_video',
      arguments: { model_id: 'veo-3', prompt: 'waves' },
    });
    expect(asked[0]).toContain(
      'Estimated cost: unknown (the model feed lists no price for veo-3). A call of unknown cost needs approval, as one above the threshold of $1 would.',
    );
    expect(envelopeOf(result)).toMatchObject({ operationId: 'v8_video_text_to_video' });
    await client.close();
  });

  it('asks nobody about a call within the threshold', async () => {
    const asked: string[] = [];
    const client = await connectClient(createMcpServer(bed.session, OPTIONS), (request) => {
      asked.push(request.message);
      return { action: 'accept' };
    });
    const result = await client.callTool({
      ...FOUR_FOXES,
      arguments: { ...FOUR_FOXES.arguments, samples: 2 },
    });
    expect(asked).toEqual([]);
    expect(envelopeOf(result)).toMatchObject({ ok: true, status: 'success' });
    await client.close();
  });

  it('hands the estimate to an approve callback when the client cannot ask', async () => {
    const requests: ApprovalRequest[] = [];
    const client = await connectClient(
      createMcpServer(bed.session, {
        ...OPTIONS,
        approve: (request) => {
          requests.push(request);
          return false;
        },
      }),
    );
    await client.callTool(FOUR_FOXES);
    expect(requests[0]?.cost).toMatchObject({
      threshold: 1,
      above: true,
      estimate: { amount: 1.6, currency: 'usd' },
    });
    expect(requests[0]?.message).toContain('Estimated cost: $1.6');
    await client.close();
  });
});

describe('approval: { costAbove } over MCP with the real estimator', () => {
  let real: TestBed;
  beforeAll(async () => {
    real = await startTestBed();
  });
  afterAll(async () => {
    await real.close();
  });

  it("elicits with the feed's price and basis, or an unknown cost, and charges an accepted call what it said", async () => {
    const asked: string[] = [];
    const server = createMcpServer(real.session, { ...OPTIONS, approval: { costAbove: REAL_THRESHOLD } });
    const client = await connectClient(server, (request) => {
      asked.push(request.message);
      // The priced call is accepted, the unpriced one declined.
      return { action: asked.length === 1 ? 'accept' : 'decline' };
    });
    const before = real.emulator.inspect(real.account.email)?.balance ?? 0;
    const priced = await client.callTool({ name: 'v7_images_text_to_image', arguments: FOUR_PRICED_IMAGES });
    expect(asked[0]).toContain(pricedQuestionStart());
    expect(asked[0]).toContain(ABOVE_REAL_THRESHOLD);
    expect(envelopeOf(priced)).toMatchObject({ ok: true, status: 'success' });
    const after = real.emulator.inspect(real.account.email)?.balance ?? 0;
    expect(before - after).toBeCloseTo(4 * pricedImagePrice(), 6);

    const sent = real.requests.length;
    const unpriced = await client.callTool({
      name: 'v7_images_text_to_image',
      arguments: { model_id: UNPRICED_MODEL, prompt: 'a fox' },
    });
    expect(asked[1]).toContain(UNKNOWN_QUESTION);
    expect(envelopeOf(unpriced)).toMatchObject({ ok: false, code: 'approval_declined' });
    expect(real.requests.slice(sent)).toEqual([]);
    await client.close();
  });
});
