import { AIMessage, HumanMessage, type ToolMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { createAgent } from 'langchain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLangChainTools,
  GENERATION_PROGRESS_EVENT,
  type GenerationTool,
  type ToolProgress,
} from '../../../src/adapters/langchain.js';
import type { ToolSuccess } from '../../../src/tools/index.js';
import { type LangChainBed, startLangChainBed, toolFor } from './langchain-bed.js';

let bed: LangChainBed;
let tools: GenerationTool[];

beforeAll(async () => {
  bed = await startLangChainBed();
  tools = createLangChainTools(bed.session, { mode: 'typed' });
});
afterAll(async () => {
  await bed.close();
});

/** The answer to the tool call `id` among an agent's messages. */
function answerTo(messages: readonly unknown[], id: string): ToolMessage {
  const found = messages.find(
    (message): message is ToolMessage => (message as ToolMessage).tool_call_id === id,
  );
  if (!found) throw new Error(`no answer to ${id}`);
  return found;
}

const contentOf = (message: ToolMessage) => JSON.parse(message.content as string) as Record<string, unknown>;

describe('createLangChainTools with createAgent and a scripted model', () => {
  it('runs an image tool: polled on the emulator clock, outputs as content, the envelope as artifact', async () => {
    const image = toolFor(tools, 'v7_images_text_to_image');
    const model = fakeModel()
      .respondWithTools([
        { name: image.name, args: { model_id: 'flux-dev', prompt: 'a lighthouse' }, id: 'call_image' },
      ])
      .respond(new AIMessage('Here is your lighthouse.'));
    const agent = createAgent({ model, tools });
    const started = bed.emulator.clock.now();

    const state = await agent.invoke({ messages: [new HumanMessage('Draw a lighthouse')] });

    // The job takes 8 s of the emulator's time; the tool waited for it without real waiting.
    expect(bed.emulator.clock.now() - started).toBeGreaterThanOrEqual(8_000);
    const answer = answerTo(state.messages, 'call_image');
    expect(answer.name).toBe(image.name);
    const content = contentOf(answer);
    expect(content).toEqual({
      ok: true,
      status: 'success',
      outputs: [{ url: expect.stringMatching(/^https?:\/\//), mediaType: 'image/png' }],
      ...(content.data !== undefined ? { data: content.data } : {}),
    });
    const artifact = answer.artifact as ToolSuccess;
    expect(artifact).toMatchObject({
      ok: true,
      status: 'success',
      operationId: 'v7_images_text_to_image',
      requestId: expect.anything(),
    });
    expect(artifact.outputs[0]).toMatchObject((content.outputs as unknown[])[0] as object);
    // The model's second turn read the tool's answer.
    expect(model.calls[1]?.messages.some((message) => message === answer || message.id === answer.id)).toBe(
      true,
    );
    expect(state.messages.at(-1)?.text).toBe('Here is your lighthouse.');
  });

  it('runs a video tool that takes 90 s, reporting progress to callbacks and to the custom stream', async () => {
    const video = toolFor(tools, 'v8_video_text_to_video');
    const model = fakeModel()
      .respondWithTools([
        { name: video.name, args: { model_id: 'veo-3', prompt: 'waves' }, id: 'call_video' },
      ])
      .respond(new AIMessage('Your video is ready.'));
    const agent = createAgent({ model, tools });
    const started = bed.emulator.clock.now();
    const events: ToolProgress[] = [];
    const chunks: unknown[] = [];
    const runNames: unknown[] = [];

    const stream = await agent.stream(
      { messages: [new HumanMessage('Film some waves')] },
      {
        streamMode: ['custom', 'values'],
        callbacks: [
          {
            handleCustomEvent(name: string, data: ToolProgress) {
              if (name === GENERATION_PROGRESS_EVENT) events.push(data);
            },
            handleToolStart(...args: unknown[]) {
              runNames.push(args[6]); // the run's name, which traces and streamEvents show
            },
          },
        ],
      },
    );
    let last: { messages: unknown[] } | undefined;
    for await (const [mode, chunk] of stream) {
      if (mode === 'custom') chunks.push(chunk);
      else last = chunk as { messages: unknown[] };
    }

    expect(bed.emulator.clock.now() - started).toBeGreaterThanOrEqual(90_000);
    const answer = answerTo(last?.messages ?? [], 'call_video');
    expect(contentOf(answer)).toMatchObject({
      ok: true,
      outputs: [{ mediaType: 'video/mp4', url: expect.any(String) }],
    });
    expect(runNames).toEqual([video.name]);
    expect(events.map((event) => event.status)).toContain('processing');
    expect(events[0]).toMatchObject({ tool: video.name, operationId: 'v8_video_text_to_video' });
    expect(chunks).toContainEqual(
      expect.objectContaining({ type: GENERATION_PROGRESS_EVENT, status: 'processing', tool: video.name }),
    );
  });

  it('answers a control-plane read as data', async () => {
    const balance = toolFor(tools, 'get_wallet_balance');
    const model = fakeModel()
      .respondWithTools([{ name: balance.name, args: {}, id: 'call_balance' }])
      .respond(new AIMessage('You have credits.'));
    const state = await createAgent({ model, tools }).invoke({
      messages: [new HumanMessage('How much is in my wallet?')],
    });
    const answer = answerTo(state.messages, 'call_balance');
    expect(contentOf(answer)).toMatchObject({
      ok: true,
      status: 'success',
      data: { currency: expect.any(String), balance: bed.ledger().balance },
    });
    expect(contentOf(answer)).not.toHaveProperty('outputs');
    expect(answer.artifact).toMatchObject({ ok: true, operationId: 'get_wallet_balance' });
  });

  it('hands invalid arguments back as readable content, with nothing sent, and the model can fix them', async () => {
    const image = toolFor(tools, 'v7_images_text_to_image');
    const model = fakeModel()
      .respondWithTools([{ name: image.name, args: { prompt: 3, widht: 512 }, id: 'call_bad' }])
      .respondWithTools([
        { name: image.name, args: { model_id: 'flux-dev', prompt: 'a fox', width: 512 }, id: 'call_fixed' },
      ])
      .respond(new AIMessage('Done.'));
    const requests = bed.requests();
    const usage = bed.ledger().usage;
    let sentAfterRefusal: number | undefined;
    const agent = createAgent({ model, tools });

    const state = await agent.invoke(
      { messages: [new HumanMessage('Draw a fox')] },
      {
        callbacks: [
          {
            handleToolEnd(output: ToolMessage) {
              if (output.tool_call_id === 'call_bad') sentAfterRefusal = bed.requests() - requests;
            },
          },
        ],
      },
    );

    const refused = answerTo(state.messages, 'call_bad');
    const text = refused.content as string;
    expect(text).toMatch(/model_id is required/);
    expect(text).toMatch(/did you mean width/);
    expect(text).not.toMatch(/\n\s+at /); // no stack trace
    expect(refused.status).toBe('success'); // an answer, not an error that ends the agent
    expect(sentAfterRefusal).toBe(0);
    expect(contentOf(refused)).toMatchObject({
      ok: false,
      status: 'error',
      code: 'invalid_arguments',
      retryable: false,
    });
    expect(refused.artifact).toMatchObject({ code: 'invalid_arguments', problems: expect.any(Array) });
    expect(contentOf(answerTo(state.messages, 'call_fixed'))).toMatchObject({ ok: true });
    expect(bed.ledger().usage).toBe(usage + 1);
  });
});
