/**
 * A notebook-style script: no framework and no model, just `session.call` and `session.resume`,
 * written as cells you can run one by one in a TypeScript notebook (or all at once):
 *
 *   npx tsx examples/notebook.ts
 *
 * Runs against an embedded emulator of the service (set GENTK_BASE_URL and GENTK_API_KEY to use a
 * real one).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type JobProgress, type PendingCall } from 'generation-agent-toolkit';
import { startTargetService } from './support/target-service.js';

// %% Cell 1: connect. Generation operations need only the API key.
const target = await startTargetService({ emulator: { timeScale: 0.02, jobDurations: { video: 120 } } });
const session = await connect({
  baseUrl: target.baseUrl,
  apiKey: target.apiKey,
  operations: { ids: ['v7_images_text_to_image', 'v8_video_text_to_video'] },
});

// %% Cell 2: what the session offers, from what the service publishes about itself.
for (const operation of session.operations)
  console.log(`✓ offered ${operation.id}: ${operation.summary}${operation.async ? ' (a queued job)' : ''}`);

// %% Cell 3: input is checked before anything is sent; checkInput shows what would be sent.
console.log(
  '✓ checked input:',
  JSON.stringify(
    session.checkInput('v7_images_text_to_image', { model_id: 'flux-dev', prompt: 'a kite', width: '768' }),
  ),
);
try {
  await session.call('v7_images_text_to_image', { prompt: 'a kite', widht: 768 });
} catch (error) {
  // An InvalidArgumentsError: every wrong field, and how to fix it. Nothing went on the wire.
  console.log(`✓ refused before sending: ${error instanceof Error ? error.message : String(error)}`);
}

// %% Cell 4: a call waits for its job, polling as the service's estimate says.
const report = (progress: JobProgress) =>
  console.log(
    `  … ${progress.status}, ${(progress.elapsedMs / 1000).toFixed(1)} s, poll ${progress.attempt}`,
  );
const image = await session.call(
  'v7_images_text_to_image',
  { model_id: 'flux-dev', prompt: 'a red kite over the sea' },
  { onProgress: report },
);
if (image.status === 'success') console.log(`✓ image: ${image.outputs[0]?.url} after ${image.polls} polls`);

// %% Cell 5: or take a handle at once (gentk call --no-wait does the same) and keep it anywhere.
const started = await session.call(
  'v8_video_text_to_video',
  { model_id: 'veo-3', prompt: 'a kite surfer at sunset' },
  { wait: false },
);
const folder = await mkdtemp(join(tmpdir(), 'notebook-'));
const handlePath = join(folder, 'video-job.json');
if (started.status === 'processing') {
  // Plain JSON: the operation, the job's id, where to fetch it, when to look again.
  await writeFile(handlePath, JSON.stringify(started));
  console.log(`✓ video job ${started.requestId} handed back; handle saved to ${handlePath}`);
}

// %% Cell 6: later, from this process or another one, resume the handle and wait for the result.
const handle = JSON.parse(await readFile(handlePath, 'utf8')) as PendingCall;
const video = await session.resume(handle, { wait: 600_000, onProgress: report });
if (video.status === 'success') {
  const bytes = (await (await fetch(video.outputs[0]?.url ?? '')).arrayBuffer()).byteLength;
  console.log(`✓ video resumed and finished: ${video.outputs[0]?.url} (${bytes} bytes)`);
}

// %% Cell 7: close the session (and the embedded emulator).
await session.close();
await target.close();
await rm(folder, { recursive: true, force: true });
console.log('✓ session closed');
