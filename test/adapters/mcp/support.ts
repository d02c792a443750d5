import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { connect, type Session } from '../../../src/auth/index.js';
import {
  type Emulator,
  type EmulatorAccount,
  type ManualClock,
  startEmulator,
} from '../../../src/emulator/index.js';
import { createUndiciTransport, type Transport } from '../../../src/http/index.js';
import { createVirtualClock, type VirtualClock } from '../../support/virtual-clock.js';

/** The control-plane operations the tests use besides every generation operation. */
const CONTROL_PLANE = ['get_wallet_balance', 'post_wallet_fund', 'delete_api_keys_by_id'];

/** An emulator on virtual time, an account, and a session whose every request is recorded. */
export interface TestBed {
  readonly emulator: Emulator;
  readonly account: EmulatorAccount;
  readonly session: Session;
  readonly clock: VirtualClock;
  /** `METHOD /path` of each request the session sent, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

export async function startTestBed(): Promise<TestBed> {
  const emulator = await startEmulator({
    clock: 'manual',
    jobDurations: { image: 8, video: 90 },
    rateLimits: { auth: { limit: 1000, windowSeconds: 60 } },
  });
  const account = emulator.createAccount({ password: 'canary-Pa55word', credits: 5 });
  const clock = createVirtualClock(emulator.clock as ManualClock);
  const undici = createUndiciTransport();
  const requests: string[] = [];
  const recording: Transport = (request) => {
    requests.push(`${request.method} ${request.url.pathname}`);
    return undici.transport(request);
  };
  const session = await connect({
    baseUrl: emulator.url,
    apiKey: account.apiKey,
    auth: { email: account.email, password: account.password },
    operations: {
      where: (operation) =>
        !operation.path.startsWith('/api/agents/') || CONTROL_PLANE.includes(operation.id),
    },
    http: { clock, transport: clock.wrap(recording) },
  });
  return {
    emulator,
    account,
    session,
    clock,
    requests,
    async close() {
      await session.close();
      await undici.close();
      await emulator.close();
    },
  };
}

/** How a test client answers the server's elicitations; absent: the client does not offer elicitation. */
export type ElicitationAnswer = (request: ElicitRequest['params']) => ElicitResult | Promise<ElicitResult>;

/** An official MCP client connected to `server` in memory. */
export async function connectClient(server: Server, answer?: ElicitationAnswer): Promise<Client> {
  const client = new Client(
    { name: 'mcp-adapter-test', version: '1.0.0' },
    { capabilities: answer ? { elicitation: { form: {} } } : {} },
  );
  if (answer) client.setRequestHandler(ElicitRequestSchema, (request) => answer(request.params));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
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
