/**
 * A model the feed does not list is refused before anything is sent, with the closest ids the
 * feed lists: through the session and through a tool alike (and so through gentk, which calls the
 * session). The service would refuse it too (`model_not_found`); asking costs a request and a
 * rate-limit permit for nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolSpecs, InvalidArgumentsError } from '../../src/index.js';
import { type AdapterBed, startAdapterBed } from '../support/adapter-bed.js';

let bed: AdapterBed;

beforeAll(async () => {
  bed = await startAdapterBed({ operations: { surfaces: ['generation'] } });
});
afterAll(async () => {
  await bed.close();
});

describe('a model the feed does not list', () => {
  it('is refused by session.call before sending, naming the closest ids the feed lists', async () => {
    const before = bed.requests.length;
    const error = await bed.session
      .call('v7_images_text_to_image', { model_id: 'flux-dve', prompt: 'a kite' })
      .then(
        () => expect.unreachable('the call should have been refused'),
        (reason: unknown) => reason,
      );
    expect(InvalidArgumentsError.isInstance(error)).toBe(true);
    const refusal = error as InvalidArgumentsError;
    expect(refusal.message).toMatch(/lists no model "flux-dve", so nothing was sent/);
    expect(refusal.message).toContain('flux-dev');
    expect(refusal.problems).toEqual([expect.objectContaining({ field: 'model_id' })]);
    expect(bed.requests.slice(before)).toEqual([]);
  });

  it('is refused by a tool with the same words, for the model to correct', async () => {
    const before = bed.requests.length;
    const tool = createToolSpecs(bed.session, { mode: 'typed' }).tool('v7_images_text_to_image');
    const result = await tool?.execute({ model_id: 'flux-dve', prompt: 'a kite' });
    expect(result).toMatchObject({ ok: false, code: 'invalid_arguments' });
    expect(JSON.stringify(result)).toContain('flux-dev');
    expect(bed.requests.slice(before)).toEqual([]);
  });

  it('leaves a listed model alone', async () => {
    const result = await bed.session.call('v7_images_text_to_image', {
      model_id: 'flux-dev',
      prompt: 'a kite',
    });
    expect(result.status).toBe('success');
  });
});
