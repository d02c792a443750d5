import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATION_OPERATIONS } from '../../src/catalogue/generation-operations.js';
import { generationInputSchema } from '../../src/catalogue/request-schema.js';
import { connectMcp } from './mcp-client.js';

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

let emulator: Emulator;
const tools: Record<string, Tool[]> = {};

beforeAll(async () => {
  emulator = await startEmulator();
  const { apiKey } = emulator.createAccount();
  for (const version of ['v7', 'v8'] as const) {
    const client: Client = await connectMcp(`${emulator.url}/mcp/generation-${version}`, apiKey);
    tools[version] = (await client.listTools()).tools;
    await client.close();
  }
});
afterAll(() => emulator.close());

describe.each([
  ['v7', 24],
  ['v8', 29],
] as const)('the generation-%s MCP server', (version, count) => {
  const operations = GENERATION_OPERATIONS.filter((operation) => operation.version === version);
  const listed = () => tools[version] ?? [];

  it(`offers one tool per operation (${count})`, () => {
    expect(operations).toHaveLength(count);
    expect(listed()).toHaveLength(count);
  });

  it('gives every tool a unique name MCP accepts', () => {
    const names = listed().map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(TOOL_NAME);
  });

  it("takes each operation's input schema as the tool's input schema, in catalogue order", () => {
    listed().forEach((tool, index) => {
      expect(tool.inputSchema).toEqual(generationInputSchema(operations[index]!));
    });
  });

  it('names the fetch tool that finishes each asynchronous operation', () => {
    const names = new Set(listed().map((tool) => tool.name));
    operations.forEach((operation, index) => {
      const tool = listed()[index]!;
      expect(tool.description).toContain(operation.path);
      if (operation.mode !== 'async') return;
      const fetchTool = /call `([^`]+)`/.exec(tool.description ?? '')?.[1];
      expect(fetchTool, tool.name).toMatch(/^fetch-/);
      expect(names).toContain(fetchTool);
    });
  });

  it('marks reads and fetches read-only and idempotent, and nothing destructive', () => {
    operations.forEach((operation, index) => {
      const reads = operation.method === 'GET' || operation.mode === 'fetch';
      expect(listed()[index]!.annotations).toMatchObject({
        readOnlyHint: reads,
        idempotentHint: reads,
        destructiveHint: false,
        openWorldHint: true,
      });
    });
  });
});

describe('generation tool names', () => {
  const names = (version: 'v7' | 'v8') => (tools[version] ?? []).map((tool) => tool.name);

  it('follow the production names', () => {
    expect(names('v7')).toEqual(
      expect.arrayContaining([
        'text-to-image',
        'fetch-image',
        'text-to-video',
        'fetch-video',
        'fetch-audio',
        'chat-completions',
        'messages',
        'count-tokens',
      ]),
    );
    expect(names('v8')).toEqual(expect.arrayContaining(['fetch-3d', 'fetch-training', 'chat-completions']));
  });

  it('prefix the family when two operations of one server would share a name', () => {
    expect(names('v8')).toEqual(expect.arrayContaining(['upscale', 'video-upscale']));
    expect(names('v7')).toEqual(expect.arrayContaining(['models', 'llm-models']));
  });
});
