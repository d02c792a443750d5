import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** The three hosted servers and how many tools each must offer. */
export const SERVERS = [
  { id: 'generation-v7', tools: 24 },
  { id: 'generation-v8', tools: 29 },
  { id: 'control-plane', tools: 11 },
] as const;

/** Connects the official MCP client to a server, sending `Authorization: Bearer <credential>` when given. */
export async function connectMcp(url: string, credential?: string): Promise<Client> {
  const client = new Client({ name: 'emulator-mcp-test', version: '1.0.0' });
  const headers: Record<string, string> = credential ? { Authorization: `Bearer ${credential}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

/** Calls a tool and narrows the answer to a tool result (not a task). */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The text of a result's first content block. */
export function textOf(result: CallToolResult): string {
  const first = result.content[0];
  if (first?.type !== 'text') throw new Error(`expected text content, got ${JSON.stringify(first)}`);
  return first.text;
}
