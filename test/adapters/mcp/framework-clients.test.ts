/**
 * The MCP clients of the frameworks, as agents use them: the AI SDK's (`@ai-sdk/mcp`) and
 * LangChain's (`@langchain/mcp-adapters`), both on the 2025-11-25 protocol, each running an image
 * and a video job through the toolkit's HTTP endpoint.
 */
import { createMCPClient } from '@ai-sdk/mcp';
import { MultiServerMCPClient } from '@langchain/mcp-adapters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpHttpListener } from '../../../src/adapters/mcp.js';
import { type ClientsBed, IMAGE_CALL, startClientsBed, VIDEO_CALL } from './support.js';

const IMAGE = IMAGE_CALL;
const VIDEO = VIDEO_CALL;

let clients: ClientsBed;
let listener: McpHttpListener;

beforeAll(async () => {
  clients = await startClientsBed();
  ({ listener } = clients);
});
afterAll(() => clients.close());

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
