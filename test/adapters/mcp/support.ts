import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { Server, Transport } from '@modelcontextprotocol/server';
import { createMcpServerFactory, type McpHttpListener, serveMcpHttp } from '../../../src/adapters/mcp.js';
import { type AdapterBed, startAdapterBed } from '../../support/adapter-bed.js';

/** An emulator on virtual time, an account, and a session whose every request is recorded. */
export type TestBed = AdapterBed;

export function startTestBed(): Promise<TestBed> {
  return startAdapterBed({ credits: 5 });
}

/** How a test client answers the server's elicitations; absent: the client does not offer elicitation. */
export type ElicitationAnswer = (request: ElicitRequest['params']) => ElicitResult | Promise<ElicitResult>;

/**
 * An official MCP client of SDK 1.x (the 2025-11-25 protocol, as most hosts speak it today)
 * connected to `server` (SDK 2.x) in memory: the SDK 1.x pair of transports, whose messages are
 * plain JSON-RPC either way.
 */
export async function connectClient(
  server: Server,
  answer?: ElicitationAnswer,
  modes: { readonly url?: boolean } = {},
): Promise<Client> {
  const client = new Client(
    { name: 'mcp-adapter-test', version: '1.0.0' },
    { capabilities: answer ? { elicitation: { form: {}, ...(modes.url ? { url: {} } : {}) } } : {} },
  );
  if (answer) client.setRequestHandler(ElicitRequestSchema, (request) => answer(request.params));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide as unknown as Transport);
  await client.connect(clientSide);
  return client;
}

/** The envelope a tool result carries (callTool's type also admits the old `toolResult` shape). */
export function envelopeOf(result: unknown): Record<string, unknown> {
  return (result as { structuredContent: Record<string, unknown> }).structuredContent;
}

/** The text of a tool result's content blocks. */
export function textOf(result: unknown): string {
  const content = (result as { content: Array<{ type: string; text?: string }> }).content;
  return content.map((block) => block.text ?? '').join('');
}

/** An image job (8 s on the bed's clock) and a video job (90 s), as `tools/call` params. */
export const IMAGE_CALL = {
  name: 'v7_images_text_to_image',
  arguments: { model_id: 'flux-dev', prompt: 'a kite' },
};
export const VIDEO_CALL = {
  name: 'v8_video_text_to_video',
  arguments: { model_id: 'veo-3', prompt: 'a storm at sea' },
};

/** A test bed and a loopback HTTP endpoint offering the image and video tools (and resume_job). */
export interface ClientsBed {
  readonly bed: TestBed;
  readonly listener: McpHttpListener;
  close(): Promise<void>;
}

/**
 * The bed every client test of a whole job uses: a call waits up to 120 s of service time, so
 * the 90 s video ends within one call, none of it waited for; a client that takes tasks gets one
 * for any job longer than a second (the image too), polled every 50 ms of wall time.
 */
export async function startClientsBed(): Promise<ClientsBed> {
  const bed = await startTestBed();
  const listener = await serveMcpHttp(
    createMcpServerFactory(bed.session, {
      mode: 'typed',
      include: { ids: [IMAGE_CALL.name, VIDEO_CALL.name] },
      waitMs: 120_000,
      taskWaitMs: 1_000,
      taskPollMaxMs: 50,
    }),
  );
  return {
    bed,
    listener,
    async close() {
      await listener.close();
      await bed.close();
    },
  };
}
