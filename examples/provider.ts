/**
 * The AI SDK provider: the service's models behind the AI SDK's own functions, `generateImage`
 * and `generateSpeech`, for apps that want pictures and sound rather than tools for an agent.
 *
 *   npx tsx examples/provider.ts
 *
 * Runs against an embedded emulator of the service (set GENTK_BASE_URL and GENTK_API_KEY to use a
 * real one). No language model is involved.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateImage, generateSpeech } from 'ai';
import { createGenerationProvider } from 'generation-agent-toolkit/provider';
import { startTargetService } from './support/target-service.js';

const target = await startTargetService();
// Without settings, the provider reads GENTK_BASE_URL and GENTK_API_KEY (the ready-made
// `generation` export does exactly that). Nothing is fetched until the first model call.
const generation = createGenerationProvider({
  baseURL: target.baseUrl,
  apiKey: target.apiKey,
  onJobProgress: (progress) =>
    console.log(
      `  … ${progress.operationId}: ${progress.status} after ${(progress.elapsedMs / 1000).toFixed(1)} s`,
    ),
});
const folder = await mkdtemp(join(tmpdir(), 'provider-example-'));

try {
  // A catalogue model id picks the operation (here v7 text-to-image); the job is queued and polled.
  const { image, providerMetadata } = await generateImage({
    model: generation.image('flux-dev'),
    prompt: 'a paper kite over a green hill, watercolour',
    aspectRatio: '16:9',
    seed: 7,
  });
  const imagePath = join(folder, 'kite.png');
  await writeFile(imagePath, image.uint8Array);
  const [first] = (providerMetadata.generation as { images: { url: string }[] }).images;
  console.log(
    `✓ image saved to ${imagePath} (${image.mediaType}, ${image.uint8Array.byteLength} bytes, from ${first?.url})`,
  );

  const { audio } = await generateSpeech({
    model: generation.speech('v7/text-to-speech'),
    text: 'The kite is flying high over the hill.',
    language: 'en',
  });
  const audioPath = join(folder, 'kite.mp3');
  await writeFile(audioPath, audio.uint8Array);
  console.log(`✓ speech saved to ${audioPath} (${audio.mediaType}, ${audio.uint8Array.byteLength} bytes)`);
} finally {
  await generation.close();
  await target.close();
  console.log('✓ provider closed');
}
