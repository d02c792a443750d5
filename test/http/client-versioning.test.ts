import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpRequest, SunsetError } from '../../src/http/index.js';
import { modelsRequest } from './support/requests.js';
import { startTestBed, type TestBed } from './support/test-bed.js';

const DAY = 86_400_000;

const v6Fetch: HttpRequest = {
  method: 'POST',
  url: '/api/v6/images/fetch',
  json: { request_id: '1' },
  credential: { name: 'generationKey', placement: 'body-key' },
  idempotency: 'safe',
  operationId: 'v6_images_fetch',
};

const v6Submission: HttpRequest = {
  method: 'POST',
  url: '/api/v6/images/text2img',
  json: { prompt: 'a kite', width: 512, height: 512, samples: 1 },
  credential: { name: 'generationKey', placement: 'body-key' },
  idempotency: 'unsafe',
};

describe('deprecation', () => {
  let bed: TestBed;
  beforeAll(async () => {
    bed = await startTestBed();
  });
  afterAll(() => bed.close());

  it('warns once per session about the deprecated v6, with its dates and policy link', async () => {
    const client = bed.client({ credentials: { generationKey: bed.emulator.createAccount().apiKey } });
    for (let call = 0; call < 3; call += 1) await client.request(v6Fetch).catch(() => undefined);
    await client.request(modelsRequest());
    expect(bed.warnings).toHaveLength(1);
    const [warning] = bed.warnings;
    expect(warning).toMatchObject({
      kind: 'deprecated',
      subject: 'version v6',
      version: 'v6',
      lifecycle: 'deprecated',
    });
    expect(warning!.sunsetAt!.getTime()).toBeGreaterThan(bed.clock.now());
    expect(warning!.deprecatedAt!.getTime()).toBeLessThan(bed.clock.now());
    expect(warning!.links[0]).toMatch(/\/api-deprecation-policy$/);
    expect(warning!.message).toMatch(
      /v6 is deprecated since \d{4}-\d\d-\d\d; it stops working on \d{4}-\d\d-\d\d/,
    );
    expect(bed.events.filter((event) => event.type === 'warning')).toHaveLength(1);
  });

  it('warns again in another session', async () => {
    const client = bed.client({ credentials: { generationKey: bed.emulator.createAccount().apiKey } });
    const before = bed.warnings.length;
    await client.request(v6Fetch).catch(() => undefined);
    expect(bed.warnings.length - before).toBe(1);
  });
});

describe('a sunset in the past', () => {
  let bed: TestBed;
  beforeAll(async () => {
    const now = Date.now();
    bed = await startTestBed({
      v6Deprecation: { deprecatedAt: new Date(now - 200 * DAY), sunsetAt: new Date(now - DAY) },
    });
  });
  afterAll(() => bed.close());

  it('fails a read with SunsetError and refuses later calls before sending', async () => {
    const client = bed.client({ credentials: { generationKey: bed.emulator.createAccount().apiKey } });
    const error = await client.request(v6Fetch).catch((caught: unknown) => caught);
    expect(SunsetError.isInstance(error)).toBe(true);
    expect((error as SunsetError).version).toBe('v6');
    const wireBefore = bed.wire.length;
    const refused = await client.request(v6Submission).catch((caught: unknown) => caught);
    expect(SunsetError.isInstance(refused)).toBe(true);
    expect(bed.wire.length).toBe(wireBefore);
    expect(bed.warnings.at(-1)).toMatchObject({ kind: 'sunset-passed', version: 'v6' });
    await expect(client.request(modelsRequest())).resolves.toMatchObject({ status: 200 });
  });

  it('hands back the answer of a paid call that reached a sunset version, and warns', async () => {
    const client = bed.client({ credentials: { generationKey: bed.emulator.createAccount().apiKey } });
    const response = await client.request(v6Submission);
    expect(response.status).toBe(200);
    expect(bed.warnings.at(-1)?.kind).toBe('sunset-passed');
  });

  it('keeps calling when allowSunset is set', async () => {
    const client = bed.client({
      credentials: { generationKey: bed.emulator.createAccount().apiKey },
      allowSunset: true,
    });
    await client.request(v6Submission);
    await expect(client.request(v6Submission)).resolves.toMatchObject({ status: 200 });
  });
});
