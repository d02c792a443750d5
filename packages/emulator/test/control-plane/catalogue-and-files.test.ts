import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../../src/files/media.js';
import { MODELS } from '../../src/models.js';
import { type ControlPlaneClient, dataProblems, startTestEmulator } from './support.js';

let api: ControlPlaneClient;
let token: string;

beforeAll(async () => {
  api = await startTestEmulator();
  token = (await api.account({ scopes: ['models:read', 'files:write'] })).token;
});

afterAll(async () => {
  api.assertNoLeaks();
  await api.emulator.close();
});

describe('model catalogue', () => {
  it('pages and filters, with meta.pagination', async () => {
    const page = await api.call('GET', '/models', {
      token,
      query: { category: 'video', per_page: 3, page: 2 },
    });
    const videos = MODELS.filter((model) => model.category === 'video');
    expect(page.body.meta.pagination).toEqual({ page: 2, per_page: 3, total: videos.length });
    expect(page.body.data.map((model: { model_id: string }) => model.model_id)).toEqual(
      videos.slice(3, 6).map((model) => model.modelId),
    );
    const search = await api.call('GET', '/models', {
      token,
      query: { search: 'FLUX', provider: 'black-forest-labs' },
    });
    expect(search.body.data.length).toBeGreaterThan(0);
    expect(search.body.data.every((model: { model_id: string }) => model.model_id.startsWith('flux'))).toBe(
      true,
    );
    const tagged = await api.call('GET', '/models', { token, query: { tag: 'reasoning' } });
    expect(tagged.body.data.map((model: { model_id: string }) => model.model_id)).toEqual([
      'deepseek-v3',
      'deepseek-r1',
    ]);
  });

  it('describes a model with its parameter schema, and names close matches for a typo', async () => {
    const detail = await api.call('GET', '/models/veo-3', { token });
    expect(detail.body.data.parameters).toMatchObject({ type: 'object' });
    expect(dataProblems('get_models_by_modelid', detail.body.data)).toEqual([]);
    const typo = await api.call('GET', '/models/veo3', { token });
    expect(typo.status).toBe(404);
    expect(typo.body.error.code).toBe('not_found');
    expect(typo.body.error.details.suggestions).toContain('veo-3');
  });
});

describe('uploads', () => {
  const content = png(3).toString('base64');

  it('stores a file for 24 hours of service time behind an absolute URL', async () => {
    const upload = await api.call('POST', '/uploads', { token, body: { file_name: 'face.png', content } });
    expect(upload.status).toBe(201);
    expect(upload.body.data).toMatchObject({ media_type: 'image/png', size: png(3).length });
    expect(upload.body.data.url.startsWith(`${api.emulator.url}/cdn/uploads/`)).toBe(true);
    const served = await fetch(upload.body.data.url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png(3))).toBe(true);
    api.clock.advance(24 * 3600 * 1000 + 1);
    expect((await fetch(upload.body.data.url)).status).toBe(410);
  });

  it('takes a data URI', async () => {
    const upload = await api.call('POST', '/uploads/base64', {
      token,
      body: { base64: `data:image/webp;base64,${content}` },
    });
    expect(upload.status).toBe(201);
    expect(upload.body.data.media_type).toBe('image/webp');
  });

  it.each([
    ['whitespace', `${content.slice(0, 8)} ${content.slice(8)}`],
    ['a bad character', `${content.slice(0, -4)}*AAA`],
    ['missing padding', content.replace(/=+$/, '')],
    ['url-safe alphabet', Buffer.from([251, 255, 191]).toString('base64url')],
  ])('refuses base64 with %s', async (_, value) => {
    const answer = await api.call('POST', '/uploads', {
      token,
      body: { file_name: 'x.png', content: value },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error.details.fields).toHaveProperty('content');
  });

  it('refuses a data URI that is not one, and a file over 5 MiB with 413', async () => {
    const notUri = await api.call('POST', '/uploads/base64', {
      token,
      body: { base64: 'image/png;base64,AAAAAAAAAAAA' },
    });
    expect(notUri.status).toBe(422);
    const big = Buffer.alloc(5 * 1024 * 1024 + 1).toString('base64');
    const tooLarge = await api.call('POST', '/uploads', {
      token,
      body: { file_name: 'big.bin', content: big },
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error.code).toBe('payload_too_large');
  });
});
