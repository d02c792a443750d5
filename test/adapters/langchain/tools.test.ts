import { type ToolCall, ToolMessage } from '@langchain/core/messages';
import { BaseToolkit, StructuredTool } from '@langchain/core/tools';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLangChainTools,
  GenerationTool,
  GenerationToolkit,
  type ToolResult,
  toolContent,
} from '../../../src/adapters/langchain.js';
import { createToolSpecs } from '../../../src/tools/index.js';
import { type LangChainBed, startLangChainBed, toolFor } from './langchain-bed.js';

let bed: LangChainBed;

beforeAll(async () => {
  bed = await startLangChainBed();
});
afterAll(async () => {
  await bed.close();
});

describe('createLangChainTools', () => {
  it('gives one StructuredTool per tool spec, with its name, description and JSON Schema unchanged', () => {
    for (const schema of ['default', 'openai-strict', 'gemini'] as const) {
      const specs = createToolSpecs(bed.session, { mode: 'typed', schema });
      const tools = createLangChainTools(bed.session, { mode: 'typed', schema });
      expect(tools.map((tool) => tool.name)).toEqual(specs.tools.map((spec) => spec.name));
      for (const [index, tool] of tools.entries()) {
        const spec = specs.tools[index]!;
        expect(tool).toBeInstanceOf(StructuredTool);
        expect(tool.responseFormat).toBe('content_and_artifact');
        expect(tool.description).toBe(spec.description);
        // What a chat model is sent is the spec's schema, as is.
        expect(convertToOpenAITool(tool).function).toEqual({
          name: spec.name,
          description: spec.description,
          parameters: spec.inputSchema,
        });
      }
    }
  });

  it('answers a tool call with a ToolMessage carrying the envelope, and a plain call with the content', async () => {
    const balance = toolFor(createLangChainTools(bed.session, { mode: 'typed' }), 'get_wallet_balance');
    const call: ToolCall = { type: 'tool_call', id: 'call_1', name: balance.name, args: {} };
    const message = await balance.invoke(call);
    expect(message).toBeInstanceOf(ToolMessage);
    expect(message.artifact).toMatchObject({
      ok: true,
      status: 'success',
      operationId: 'get_wallet_balance',
    });
    expect(message.content).toBe(toolContent(message.artifact as ToolResult));
    const content = await balance.invoke({});
    expect(JSON.parse(content)).toMatchObject({ ok: true, data: { currency: expect.any(String) } });
  });

  it('converts what the service expects converted, which a JSON Schema check alone would refuse', async () => {
    const image = toolFor(createLangChainTools(bed.session, { mode: 'typed' }), 'v7_images_text_to_image');
    const content = await image.invoke({ model_id: 'flux-dev', prompt: 'a fox', width: '768' });
    expect(JSON.parse(content)).toMatchObject({ ok: true, outputs: [{ mediaType: 'image/png' }] });
  });

  it('hands back a resumable answer when the wait ends first, and its resume_job tool finishes the job', async () => {
    const tools = createLangChainTools(bed.session, { mode: 'typed', waitMs: 10_000 });
    const pending = JSON.parse(
      (await toolFor(tools, 'v8_video_text_to_video').invoke({
        model_id: 'veo-3',
        prompt: 'rain',
      })) as string,
    );
    expect(pending).toMatchObject({
      ok: false,
      status: 'processing',
      hint: expect.stringMatching(/resume_job/),
    });
    const resume = createLangChainTools(bed.session, { mode: 'typed', waitMs: 300_000 }).find(
      (tool) => tool.name === 'resume_job',
    );
    const finished = await resume?.invoke({ operation: pending.operationId, request_id: pending.requestId });
    expect(JSON.parse(finished ?? '')).toMatchObject({ ok: true, outputs: [{ mediaType: 'video/mp4' }] });
  });

  it('ends with the abort when the run is cancelled, and still tells the options of progress', async () => {
    const controller = new AbortController();
    const reported: string[] = [];
    const video = toolFor(
      createLangChainTools(bed.session, {
        mode: 'typed',
        onProgress: (progress) => {
          reported.push(progress.status);
          controller.abort(new Error('the user left'));
        },
      }),
      'v8_video_text_to_video',
    );
    await expect(
      video.invoke({ model_id: 'veo-3', prompt: 'a storm' }, { signal: controller.signal }),
    ).rejects.toThrow(/user left|abort/i);
    expect(reported.length).toBeGreaterThan(0);
  });
});

describe('GenerationToolkit', () => {
  it('is a BaseToolkit of the same tools, with their tool set and approvals', async () => {
    const toolkit = new GenerationToolkit(bed.session, { mode: 'dynamic' });
    expect(toolkit).toBeInstanceOf(BaseToolkit);
    expect(toolkit.getTools().map((tool) => tool.name)).toEqual([
      'search_operations',
      'describe_operation',
      'call_operation',
      'resume_job',
    ]);
    expect(toolkit.getTools().every((tool) => GenerationTool.isInstance(tool))).toBe(true);
    expect(toolkit.toolSet.mode).toBe('dynamic');
    expect(toolkit.toolSet.dynamicOperationIds.length).toBe(bed.session.operations.length);
    expect(Object.keys(toolkit.approvals())).toEqual(['call_operation']);
  });
});

describe('toolContent', () => {
  it('keeps outputs as URL and media type, text and data, and leaves failures whole', () => {
    const success: ToolResult = {
      ok: true,
      status: 'success',
      operationId: 'v7_images_text_to_image',
      requestId: 42,
      outputs: [
        { url: 'https://cdn.example/a.png', mediaType: 'image/png', expiresAt: '2030-01-01T00:00:00Z' },
      ],
      text: 'caption',
    };
    expect(JSON.parse(toolContent(success))).toEqual({
      ok: true,
      status: 'success',
      outputs: [{ url: 'https://cdn.example/a.png', mediaType: 'image/png' }],
      text: 'caption',
    });
    const failure: ToolResult = {
      ok: false,
      status: 'error',
      code: 'payment_required',
      message: 'No credits.',
      retryable: false,
      httpStatus: 402,
      hint: 'Ask the user to fund the wallet.',
    };
    expect(JSON.parse(toolContent(failure))).toEqual(failure);
  });
});
