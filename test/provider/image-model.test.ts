import { APICallError, InvalidArgumentError, NoSuchModelError } from '@ai-sdk/provider';
import { generateImage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  everythingIn,
  head,
  PNG_MAGIC,
  type ProviderBed,
  startWorkingAndFailingBeds,
} from './support/provider-bed.js';

let bed: ProviderBed;
let failing: ProviderBed;

beforeAll(async () => {
  [bed, failing] = await startWorkingAndFailingBeds();
});
afterAll(async () => {
  await Promise.all([bed.close(), failing.close()]);
});

describe('generateImage with a catalogue model', () => {
  it('runs v7 text-to-image as a queued job and returns PNG bytes', async () => {
    const progress: string[] = [];
    const generation = bed.provider({ onJobProgress: (report) => progress.push(report.status) });
    const result = await generateImage({
      model: generation.image('flux-dev'),
      prompt: 'a lighthouse at dusk',
      size: '768x512',
      seed: 7,
    });
    expect(head(result.image.uint8Array, 8)).toEqual(PNG_MAGIC);
    expect(result.image.mediaType).toBe('image/png');
    expect(result.warnings).toEqual([]);
    // Queued first, then fetched until done: a real asynchronous job.
    expect(progress[0]).toBe('processing');
    expect(progress.at(-1)).toBe('success');
    const metadata = result.calls[0]?.providerMetadata?.generation as unknown as {
      operationId: string;
      polls: number;
    };
    expect(metadata.operationId).toBe('v7_images_text_to_image');
    expect(metadata.polls).toBeGreaterThan(0);
    const [image] = (result.providerMetadata.generation as { images: { url: string; requestId: string }[] })
      .images;
    expect(image?.url).toMatch(/\/cdn\/generations\/.+\.png$/);
    expect(image?.requestId).toEqual(expect.any(String));
  });

  it('asks for n images through samples, and splits past the operation maximum', async () => {
    const generation = bed.provider();
    const model = generation.image('v8/text-to-image:sdxl');
    expect(await (model.maxImagesPerCall as () => Promise<number>)()).toBe(4);
    const result = await generateImage({ model, prompt: 'five red apples', n: 5 });
    expect(result.images).toHaveLength(5);
    expect(result.calls).toHaveLength(2);
    for (const image of result.images) expect(head(image.uint8Array, 8)).toEqual(PNG_MAGIC);
  });

  it('sends aspectRatio as the operation field, and passes provider options through', async () => {
    const seen: unknown[] = [];
    const generation = bed.provider({
      onEvent: (event) => {
        if (event.type === 'request') seen.push(event.url);
      },
    });
    const result = await generateImage({
      model: generation.image('flux-schnell'),
      prompt: 'a wide valley',
      aspectRatio: '16:9',
      providerOptions: { generation: { output_format: 'webp', negative_prompt: 'fog' } },
    });
    expect(result.images).toHaveLength(1);
    const metadata = result.providerMetadata.generation as { images: { url: string }[] };
    expect(metadata.images[0]?.url).toMatch(/\.webp$/);
    expect(seen.some((url) => String(url).endsWith('/api/v7/images/text-to-image'))).toBe(true);
  });
});

describe('generateImage on a v6 operation', () => {
  it('sends the key in the body, fetches by request_id, and turns an aspect ratio into a size', async () => {
    const urls: string[] = [];
    const generation = bed.provider({
      onEvent: (event) => {
        if (event.type === 'request') urls.push(event.url);
      },
    });
    const result = await generateImage({
      model: generation.image('v6/text2img'),
      prompt: 'an old map',
      aspectRatio: '16:9',
      n: 2,
    });
    expect(result.images).toHaveLength(2);
    for (const image of result.images) expect(head(image.uint8Array, 8)).toEqual(PNG_MAGIC);
    expect(result.warnings).toEqual([
      expect.objectContaining({
        type: 'compatibility',
        feature: 'aspectRatio',
        details: expect.stringContaining('704x384'),
      }),
    ]);
    // The v6 image family fetches with the id in the body, at one address for every job.
    expect(urls.filter((url) => url.endsWith('/api/v6/images/fetch')).length).toBeGreaterThan(0);
  });
});

describe('generateImage with editing operations', () => {
  it('switches text-to-image to image-to-image when the prompt carries an image, uploading its bytes', async () => {
    const generation = bed.provider();
    const source = await generateImage({ model: generation.image('flux-dev'), prompt: 'a cat' });
    const urls: string[] = [];
    const edit = bed.provider({
      onEvent: (event) => {
        if (event.type === 'request') urls.push(event.url);
      },
    });
    const result = await generateImage({
      model: edit.image('flux-dev'),
      prompt: { images: [source.image.uint8Array], text: 'the same cat, in winter' },
    });
    expect(head(result.image.uint8Array, 8)).toEqual(PNG_MAGIC);
    const [image] = (result.providerMetadata.generation as { images: { operationId: string }[] }).images;
    expect(image?.operationId).toBe('v7_images_image_to_image');
    expect(urls.some((url) => url.endsWith('/base64_to_url'))).toBe(true);
  });

  it('runs an operation without a prompt field (v8/upscale) and warns about what it cannot take', async () => {
    const generation = bed.provider();
    const source = await generateImage({ model: generation.image('flux-dev'), prompt: 'a small boat' });
    const result = await generateImage({
      model: generation.image('v8/upscale'),
      prompt: { images: [source.image.uint8Array] },
      seed: 3,
      size: '1024x1024',
    });
    expect(head(result.image.uint8Array, 8)).toEqual(PNG_MAGIC);
    expect(result.warnings).toEqual([
      expect.objectContaining({ type: 'unsupported', feature: 'size' }),
      expect.objectContaining({ type: 'unsupported', feature: 'seed' }),
    ]);
  });

  it('refuses an editing operation without an input image, before spending anything', async () => {
    const generation = bed.provider();
    const failure = await generateImage({ model: generation.image('v8/upscale'), prompt: 'bigger' }).catch(
      (error: unknown) => error,
    );
    expect(InvalidArgumentError.isInstance(failure)).toBe(true);
    expect((failure as Error).message).toContain('prompt: { images: [...], text }');
  });
});

describe('generateImage errors', () => {
  it('names valid models, closest first, for an unknown id', async () => {
    const generation = bed.provider();
    expect(() => generation.image('flux-deve')).toThrowError(NoSuchModelError);
    try {
      generation.image('v7/text-to-imag');
    } catch (error) {
      expect(NoSuchModelError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/Did you mean "v7\/text-to-image"/);
      expect((error as NoSuchModelError).modelType).toBe('imageModel');
    }
  });

  it('checks the model id at the first call when the service is discovered lazily', async () => {
    const generation = bed.provider({ service: undefined as never });
    const model = generation.image('no-such-painter');
    const failure = await generateImage({ model, prompt: 'x' }).catch((error: unknown) => error);
    expect(NoSuchModelError.isInstance(failure)).toBe(true);
    expect((failure as Error).message).toContain('flux-dev');
  });

  it('refuses a size outside the operation bounds', async () => {
    const generation = bed.provider();
    const failure = await generateImage({
      model: generation.image('flux-dev'),
      prompt: 'a huge poster',
      size: '4096x4096',
    }).catch((error: unknown) => error);
    expect(InvalidArgumentError.isInstance(failure)).toBe(true);
    expect((failure as Error).message).toContain('4096x4096');
    expect((failure as Error).message).toContain('256 to 1536');
  });

  it('reports a failed job as a non-retryable APICallError with the service message, never the key', async () => {
    const generation = failing.provider();
    const failure = await generateImage({
      model: generation.image('flux-dev'),
      prompt: 'doomed',
      maxRetries: 0,
    }).catch((error: unknown) => error);
    expect(APICallError.isInstance(failure)).toBe(true);
    const error = failure as APICallError;
    expect(error.isRetryable).toBe(false);
    expect(error.message).toContain('Generation failed');
    expect(everythingIn(error)).not.toContain(failing.account.apiKey);
  });
});
