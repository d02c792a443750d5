/**
 * AI SDK streaming with `streamText`: while a tool waits for a long generation job (a video), its
 * progress arrives as preliminary tool results, shown here as a progress line.
 *
 *   npx tsx examples/ai-sdk-streaming.ts
 *
 * Runs against an embedded emulator of the service (set GENTK_BASE_URL and GENTK_API_KEY to use a
 * real one). The model is scripted (no network, no key).
 */
import { isStepCount, streamText } from 'ai';
import { connect } from 'generation-agent-toolkit';
import { type AISDKToolOutput, createAISDKTools } from 'generation-agent-toolkit/ai-sdk';
import { scriptedModel } from './support/scripted-model.js';
import { startTargetService } from './support/target-service.js';

// A video of 150 s of service time: three seconds on the emulator's fast clock.
const target = await startTargetService({ emulator: { timeScale: 0.02, jobDurations: { video: 150 } } });
// Generation operations need only the API key: no control-plane login, no token.
const session = await connect({
  baseUrl: target.baseUrl,
  apiKey: target.apiKey,
  operations: { ids: ['v8_video_text_to_video'] },
});

/** A progress line: rewritten in place on a terminal, one line per update in a log. */
function showProgress(progress: AISDKToolOutput & { status: 'running' }): void {
  const eta = progress.etaMs === undefined ? '' : `, about ${Math.ceil(progress.etaMs / 1000)} s left`;
  const line = `⏳ ${progress.tool}: running for ${(progress.elapsedMs / 1000).toFixed(1)} s${eta} (poll ${progress.attempt})`;
  if (process.stdout.isTTY) process.stdout.write(`\r${line}\u001b[K`);
  else console.log(line);
}

try {
  // streamProgress (on by default) makes waiting tools stream their progress.
  const tools = createAISDKTools(session, { mode: 'typed' });

  // A scripted model, so that the example needs no network and no key. For a real one, replace
  // the whole statement below with one line, for example:
  //   const model = anthropic('claude-sonnet-4-5'); // import { anthropic } from '@ai-sdk/anthropic'
  const model = scriptedModel([
    {
      toolCalls: [
        {
          tool: 'v8_video_text_to_video',
          input: { model_id: 'veo-3', prompt: 'waves rolling onto a beach' },
        },
      ],
    },
    { text: 'Your video of the waves is ready: a calm beach at sunset.' },
  ]);

  console.log('user: Film some waves rolling onto a beach.');
  const result = streamText({
    model,
    tools,
    stopWhen: isStepCount(4),
    prompt: 'Film some waves rolling onto a beach.',
  });

  let updates = 0;
  let writingText = false;
  for await (const part of result.stream) {
    if (part.type === 'tool-call') console.log(`→ ${part.toolName} ${JSON.stringify(part.input)}`);
    if (part.type === 'tool-result') {
      const output = part.output as AISDKToolOutput;
      // Preliminary results come while the tool works; the last one is repeated as the final result.
      if (part.preliminary) {
        if (output.status === 'running') {
          updates += 1;
          showProgress(output);
        }
      } else if (output.status === 'success') {
        if (process.stdout.isTTY) process.stdout.write('\n');
        console.log(`✓ video ready after ${updates} progress updates: ${output.outputs[0]?.url}`);
      } else {
        console.log(`✗ ${part.toolName}: ${JSON.stringify(output)}`);
      }
    }
    if (part.type === 'text-delta') {
      if (!writingText) process.stdout.write('assistant: ');
      writingText = true;
      process.stdout.write(part.text);
    }
  }
  if (writingText) process.stdout.write('\n');
  console.log(`✓ stream finished (${(await result.steps).length} steps)`);
} finally {
  await session.close();
  await target.close();
  console.log('✓ session closed');
}
