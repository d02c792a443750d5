import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InvalidArgumentError } from '@ai-sdk/provider';
import { experimental_generateVideo as generateVideo } from 'ai';
import { type Emulator, type ManualClock, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../../packages/emulator/src/files/media.js';
import { discover } from '../../src/discovery/index.js';
import { createGenerationProvider } from '../../src/provider/index.js';
import { everythingIn, isMp4, type ProviderBed, startWorkingAndFailingBeds } from './support/provider-bed.js';

let bed: ProviderBed;
let failing: ProviderBed;

beforeAll(async () => {
  [bed, failing] = await startWorkingAndFailingBeds();
});
afterAll(async () => {
  await Promise.all([bed.close(), failing.close()]);
});

describe('experimental_generateVideo with doStart and doStatus', () => {
  it('starts a v7 video job and lets the SDK poll it to an MP4', async () => {
    const generation = bed.provider();
    const model = generation.video('kling-2');
    const statuses: string[] = [];
    const doStatus = model.doStatus.bind(model);
    model.doStatus = async (options) => {
      const status = await doStatus(options);
      statuses.push(status.status);
      return status;
    };
    const result = await generateVideo({
      model,
      prompt: 'waves on a pebble beach',
      duration: 5,
      aspectRatio: '16:9',
      resolution: '1280x720',
      seed: 11,
      poll: { intervalMs: 5000, timeoutMs: 3_600_000, delay: bed.delay },
    });
    expect(isMp4(result.video.uint8Array)).toBe(true);
    expect(result.video.mediaType).toBe('video/mp4');
    expect(result.warnings).toEqual([]);
    // The SDK polled: pending at least once (a video takes 30 to 120 s of service time), then done.
    expect(statuses[0]).toBe('pending');
    expect(statuses.at(-1)).toBe('completed');
    const metadata = result.providerMetadata.generation as { videos: { url: string; expiresAt: string }[] };
    expect(metadata.videos[0]?.url).toMatch(/\.mp4$/);
    expect(metadata.videos[0]?.expiresAt).toEqual(expect.any(String));
  });

  it('turns an input image into image-to-video, and warns about settings the operation lacks', async () => {
    const generation = bed.provider();
    const result = await generateVideo({
      model: generation.video('v8/text-to-video:veo-3'),
      prompt: { image: new Uint8Array(png(5)), text: 'the picture comes alive' },
      fps: 24,
      generateAudio: true,
      poll: { intervalMs: 10_000, timeoutMs: 3_600_000, delay: bed.delay },
    });
    expect(isMp4(result.video.uint8Array)).toBe(true);
    expect(result.warnings.map((warning) => (warning as { feature?: string }).feature)).toEqual([
      'generateAudio',
      'fps',
    ]);
    const [response] = result.responses;
    expect(response?.modelId).toBe('v8/text-to-video:veo-3');
  });

  it('maps duration to frames on v6 text2video', async () => {
    const generation = bed.provider();
    const result = await generateVideo({
      model: generation.video('v6/text2video'),
      prompt: 'a paper boat',
      duration: 3,
      fps: 16,
      poll: { intervalMs: 10_000, timeoutMs: 3_600_000, delay: bed.delay },
    });
    expect(isMp4(result.video.uint8Array)).toBe(true);
    expect(result.warnings).toEqual([
      expect.objectContaining({ type: 'compatibility', feature: 'duration' }),
    ]);
  });

  it('refuses a resolution the operation does not offer', async () => {
    const generation = bed.provider();
    const failure = await generateVideo({
      model: generation.video('kling-2'),
      prompt: 'x',
      resolution: '3840x2160',
      poll: { delay: bed.delay },
    }).catch((error: unknown) => error);
    expect(InvalidArgumentError.isInstance(failure)).toBe(true);
    expect((failure as Error).message).toContain('"480p", "720p", "1080p"');
  });

  it('gives the SDK the failure of a failed job, with the service message and never the key', async () => {
    const generation = failing.provider();
    const failure = await generateVideo({
      model: generation.video('kling-2'),
      prompt: 'doomed',
      poll: { intervalMs: 10_000, timeoutMs: 3_600_000, delay: failing.delay },
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toContain('Generation failed');
    expect(everythingIn(failure)).not.toContain(failing.account.apiKey);
  });
});

describe('experimental_generateVideo with a webhook', () => {
  let emulator: Emulator;
  let receiver: Server;
  let receiverUrl: string;
  const deliveries: ((body: unknown) => void)[] = [];

  beforeAll(async () => {
    // The SDK waits for the webhook in real time; the emulator's job time is moved by hand.
    emulator = await startEmulator({ clock: 'manual' });
    receiver = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk) => {
        text += chunk;
      });
      request.on('end', () => {
        response.end('ok');
        deliveries.shift()?.(JSON.parse(text));
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver.close(resolve));
    await emulator.close();
  });

  it('hands the SDK the webhook URL and fetches the job once when it is called', async () => {
    const account = emulator.createAccount({ credits: 10 });
    const generation = createGenerationProvider({
      baseURL: emulator.url,
      apiKey: account.apiKey,
      service: await discover(emulator.url),
    });
    const model = generation.video('v8/text-to-video:seedance-lite');
    const doStart = model.doStart.bind(model);
    model.doStart = async (options) => {
      const started = await doStart(options);
      // Two service minutes later the job has ended, and the emulator calls the webhook.
      (emulator.clock as ManualClock).advance(120_000);
      return started;
    };
    let statusCalls = 0;
    const doStatus = model.doStatus.bind(model);
    model.doStatus = (options) => {
      statusCalls += 1;
      return doStatus(options);
    };
    const result = await generateVideo({
      model,
      prompt: 'a kite over a hill',
      poll: { timeoutMs: 30_000 },
      webhook: async () => ({
        url: receiverUrl,
        received: new Promise((resolve) => {
          deliveries.push((body) => resolve({ headers: {}, body: body as never }));
        }),
      }),
    });
    expect(isMp4(result.video.uint8Array)).toBe(true);
    expect(statusCalls).toBe(1);
    expect(emulator.webhooks().map((delivery) => delivery.url)).toEqual([receiverUrl]);
    await generation.close();
  });
});
