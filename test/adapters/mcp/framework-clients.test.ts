/**
 * The MCP clients of the frameworks, as agents use them: the AI SDK's (`@ai-sdk/mcp`) and
 * LangChain's (`@langchain/mcp-adapters`), both on the 2025-11-25 protocol, each running an image
 * and a video job through the toolkit's HTTP endpoint.
 */
import { createMCPClient } from '@ai-sdk/mcp';
import { MultiServerMCPClient } from '@langchain/mcp-adapters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpServerFactory, type McpHttpListener, serveMcpHttp } from '../../../src/adapters/mcp.js';
import { startTestBed, type TestBed } from './support.js';

const IMAGE = { name: 'v7_images_text_to_image', arguments: { model_id: 'flux-dev', prompt: 'a kite' } };
const VIDEO = { name: 'v8_video_text_to_video', arguments: { model_id: 'veo-3', prompt: 'a storm at sea' } };

let bed: TestBed;
let listener: McpHttpListener;

beforeAll(async () => {
  bed = await startTestBed();
  listener = await serveMcpHttp(
    createMcpServerFactory(bed.session, {
      mode: 'typed',
      include: { ids: [IMAGE.name, VIDEO.name] },
      // Service time: the bed's video takes 90 s, none of it waited for.
      waitMs: 120_000,
    }),
  );
});
afterAll(async () => {
  await listener.close();
  await bed.close();
});

const envelopeIn = (text: string) => JSON.parse(text) as Record<string, unknown>;

describe('framework MCP clients', () => {
  it("the AI SDK's client runs an image and a video job", async () => {
    const client = await createMCPClient({ transport: { type: 'http', url: listener.url } });
    try {
      const tools = await client.tools();
      expect(Object.keys(tools)).toEqual(expect.arrayContaining([IMAGE.name, VIDEO.name, 'resume_job']));
      for (const call of [IMAGE, VIDEO]) {
        const tool = tools[call.name] as unknown as {
          execute: (args: unknown, options: unknown) => Promise<{ structuredContent?: unknown }>;
        };
        const result = await tool.execute(call.arguments, { toolCallId: call.name, messages: [] });
        expect(result.structuredContent).toMatchObject({ ok: true, status: 'success' });
      }
    } finally {
      await client.close();
    }
  });

  it("LangChain's client runs an image and a video job", async () => {
    const client = new MultiServerMCPClient({
      mcpServers: { generation: { transport: 'http', url: listener.url } },
      useStandardContentBlocks: true,
    });
    try {
      const tools = await client.getTools();
      for (const call of [IMAGE, VIDEO]) {
        const tool = tools.find((candidate) => candidate.name.endsWith(call.name));
        expect(tool, call.name).toBeDefined();
        const output = (await tool?.invoke(call.arguments)) as Array<Record<string, unknown>>;
        // Standard content blocks: the envelope as text, the output as a file (and small images inline).
        const text = output.find((block) => block.type === 'text')?.text as string;
        expect(envelopeIn(text)).toMatchObject({ ok: true, status: 'success' });
        expect(output).toContainEqual(expect.objectContaining({ type: 'file', source_type: 'url' }));
      }
    } finally {
      await client.close();
    }
  });
});
