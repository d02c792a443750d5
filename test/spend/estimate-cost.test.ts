/**
 * The estimator, one billing unit at a time: price times the units the call's arguments (or the
 * schema's defaults) state; zero for covered models and free operations; unknown, with the reason,
 * for anything the feed or the arguments do not tell.
 */
import { describe, expect, it } from 'vitest';
import { readBillingUnit } from '../../src/spend/billing-unit.js';
import type { PlanCoverage } from '../../src/spend/plan-coverage.js';
import { estimateCost } from '../../src/spend.js';
import { generationOperation, model, wordCount } from './spend-fixtures.js';

const noPlan: PlanCoverage = { kind: 'none' };
const image = generationOperation('images_text_to_image', {
  model_id: { type: 'string' },
  prompt: { type: 'string' },
  samples: { type: 'integer', default: 2 },
});
const video = generationOperation(
  'video_text_to_video',
  {
    model_id: { type: 'string' },
    duration: { type: 'integer', default: 5 },
    num_frames: { type: 'integer', default: 48 },
    fps: { type: 'integer', default: 16 },
  },
  { category: 'video' },
);
const chat = generationOperation(
  'chat_completions',
  { model: { type: 'string' }, messages: { type: 'array' }, max_tokens: { type: 'integer' } },
  { category: 'llm', async: undefined },
);
const speech = generationOperation(
  'text_to_speech',
  { model_id: { type: 'string' }, prompt: { type: 'string' }, duration: { type: 'integer' } },
  { category: 'audio' },
);

function estimate(
  operation = image,
  input: Record<string, unknown> = {},
  models = [model('flux-dev')],
  plan: PlanCoverage = noPlan,
) {
  return estimateCost({ operation, input, models, plan, countTokens: wordCount });
}

describe('the billing units of the feed', () => {
  it.each([
    ['image', 'image', 1],
    ['images', 'image', 1],
    ['second of video', 'video-second', 1],
    ['minute of audio', 'audio-minute', 1],
    ['1K tokens', 'token', 1000],
    ['per 1M tokens', 'token', 1_000_000],
    ['1000 characters', 'character', 1000],
    ['1K characters', 'character', 1000],
    ['request', 'request', 1],
    ['training run', 'training-run', 1],
    ['model', 'output', 1],
  ])('reads "%s"', (text, kind, per) => {
    expect(readBillingUnit(text)).toMatchObject({ kind, per });
  });

  it.each(['GPU hour', '', 'per fortnight', '0 images', '1e30 tokens'])('keeps "%s" unknown', (text) => {
    expect(readBillingUnit(text).kind).toBe('unknown');
  });
});

describe('an estimate per billing unit', () => {
  it('prices images by samples, and by the schema default when samples is left out', () => {
    expect(estimate(image, { model_id: 'flux-dev', samples: 3 })).toEqual({
      kind: 'priced',
      amount: 0.006,
      currency: 'usd',
      basis: '3 images × $0.002 per image (flux-dev)',
      covered: false,
    });
    expect(estimate(image, { model_id: 'flux-dev' })).toMatchObject({ amount: 0.004 });
  });

  it('prices seconds of video by duration, by frames over fps, or by the default duration', () => {
    const models = [model('veo-3', { category: 'video', price: 0.1, billingUnit: 'second of video' })];
    expect(estimate(video, { model_id: 'veo-3', duration: 8 }, models)).toMatchObject({ amount: 0.8 });
    expect(estimate(video, { model_id: 'veo-3', num_frames: 96, fps: 24 }, models)).toMatchObject({
      amount: 0.4,
    });
    expect(estimate(video, { model_id: 'veo-3' }, models)).toMatchObject({ amount: 0.5 });
  });

  it('prices minutes of audio by duration, and says the length is unknown without one', () => {
    const models = [model('musicgen', { category: 'audio', price: 0.01, billingUnit: 'minute of audio' })];
    expect(estimate(speech, { model_id: 'musicgen', duration: 90 }, models)).toMatchObject({ amount: 0.015 });
    const unknown = estimate(speech, { model_id: 'musicgen', prompt: 'hello' }, models);
    expect(unknown).toMatchObject({ kind: 'unknown', amount: null });
    expect(unknown.basis).toMatch(/length of the audio is known only after the call/);
  });

  it('prices characters of speech by the text to speak', () => {
    const models = [model('eleven', { category: 'audio', price: 0.05, billingUnit: '1K characters' })];
    expect(estimate(speech, { model_id: 'eleven', prompt: 'x'.repeat(2000) }, models)).toMatchObject({
      amount: 0.1,
    });
  });

  it('prices a chat by its prompt tokens and max_tokens as the bound of the reply', () => {
    const models = [model('llama', { category: 'llm', price: 0.5, billingUnit: '1K tokens' })];
    const input = {
      model: 'llama',
      messages: [{ role: 'user', content: 'one two three four' }],
      max_tokens: 996,
    };
    const priced = estimate(chat, input, models);
    expect(priced).toMatchObject({ kind: 'priced', amount: 0.5 });
    expect(priced.basis).toMatch(/4 prompt tokens \+ up to 996 reply tokens/);
    const unbounded = estimate(chat, { model: 'llama', messages: [] }, models);
    expect(unbounded).toMatchObject({ kind: 'unknown' });
    expect(unbounded.basis).toMatch(/no max_tokens bounds the reply/);
  });

  it('prices a request, a training run and a 3D model once per call', () => {
    for (const billingUnit of ['request', 'training run', 'model']) {
      const models = [model('m', { price: 0.25, billingUnit })];
      expect(estimate(image, { model_id: 'm' }, models)).toMatchObject({ kind: 'priced', amount: 0.25 });
    }
  });
});

describe('what the feed does not tell', () => {
  it.each([
    [model('odd', { billingUnit: 'GPU hour' }), /billing unit of odd \("GPU hour"\) is not one/],
    [model('odd', { price: undefined }), /lists no price for odd/],
    [model('odd', { price: -1 }), /price for odd \(-1\) is not a usable price/],
    [model('odd', { price: 1e300 }), /not a usable price/],
    [model('odd', { billingUnit: undefined }), /gives no billing unit for odd/],
  ])('is unknown, with the reason, for %o', (entry, reason) => {
    const result = estimate(image, { model_id: 'odd' }, [entry]);
    expect(result).toMatchObject({ kind: 'unknown', amount: null, covered: false });
    expect(result.basis).toMatch(reason);
  });

  it('is unknown for a model the feed does not list, and for a call that names none', () => {
    expect(estimate(image, { model_id: 'nope' }).basis).toMatch(/does not list nope/);
    expect(estimate(image, {}).basis).toMatch(/names no model/);
  });

  it('bounds absurd counts rather than overflow', () => {
    const result = estimate(image, { model_id: 'flux-dev', samples: 1e12 });
    expect(result.kind).toBe('unknown');
  });
});

describe('plan coverage and free operations', () => {
  const covered = [model('flux-dev', { plans: ['standard', 'premium'] })];

  it('is zero, and covered, when the account plan covers the model', () => {
    const result = estimate(image, { model_id: 'flux-dev' }, covered, { kind: 'plan', plan: 'premium' });
    expect(result).toMatchObject({ kind: 'priced', amount: 0, covered: true });
    expect(result.basis).toMatch(/covered by the premium plan \(otherwise 2 images/);
  });

  it('charges the price when the plan does not cover it, and says when the plan is unknown', () => {
    expect(estimate(image, { model_id: 'flux-dev' }, covered, { kind: 'plan', plan: 'basic' })).toMatchObject(
      {
        amount: 0.004,
        covered: false,
      },
    );
    const unknown = estimate(image, { model_id: 'flux-dev' }, covered, {
      kind: 'unknown',
      reason: 'no scope',
    });
    expect(unknown).toMatchObject({ kind: 'priced', amount: 0.004, covered: false });
    expect(unknown.basis).toMatch(/standard, premium plans would cover it \(the account's plan is unknown\)/);
    const onePlan = [model('flux-dev', { plans: ['premium'] })];
    const single = estimate(image, { model_id: 'flux-dev' }, onePlan, {
      kind: 'unknown',
      reason: 'no scope',
    });
    expect(single.basis).toMatch(/; the premium plan would cover it \(/);
  });

  it('prices fetches, account operations and model-less synchronous operations at zero, with the basis', () => {
    const fetch = generationOperation('fetch', {}, { isFetch: true });
    const account = generationOperation(
      'get_me',
      {},
      { credential: { kind: 'token', bearer: true }, effect: 'read' },
    );
    const upload = generationOperation('upload', { init_image: { type: 'string' } }, { async: undefined });
    expect(estimate(fetch)).toMatchObject({
      kind: 'priced',
      amount: 0,
      basis: expect.stringMatching(/fetching/),
    });
    expect(estimate(account)).toMatchObject({ amount: 0, basis: 'account operations charge nothing' });
    expect(estimate(upload)).toMatchObject({ amount: 0, basis: expect.stringMatching(/no model runs/) });
  });

  it('leaves money operations of the control plane unknown: their amount is their own argument', () => {
    const fund = generationOperation(
      'fund_wallet',
      { amount: { type: 'number' } },
      { credential: { kind: 'token', bearer: true }, effect: 'money', requiredScope: 'wallet:write' },
    );
    expect(estimate(fund, { amount: 10 })).toMatchObject({ kind: 'unknown' });
  });
});
