import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discover } from '../../../src/discovery/discover.js';
import { useTemporaryFolder } from '../../support/temporary-folders.js';
import { envelopeOf } from './support.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCRIPT = fileURLToPath(new URL('./fixtures/stdio-server.ts', import.meta.url));

let emulator: Emulator;
const folder = useTemporaryFolder('gentk-mcp-stdio-');
let snapshot: string;

beforeAll(async () => {
  emulator = await startEmulator();
  snapshot = join(folder.path, 'service.json');
  writeFileSync(snapshot, JSON.stringify((await discover(emulator.url, { models: false })).toSnapshot()));
});
afterAll(async () => {
  await emulator.close();
});

describe('createMcpServer over stdio', () => {
  it('serves a client that launched the script, and closes the session when the client leaves', async () => {
    const account = emulator.createAccount({ credits: 3 });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', SCRIPT],
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        GENTK_API_KEY: account.apiKey,
        GENTK_EMAIL: account.email,
        GENTK_PASSWORD: account.password,
        MCP_TEST_SNAPSHOT: snapshot,
      },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    await client.connect(transport);

    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['get_wallet_balance', 'post_wallet_fund']);
    const balance = await client.callTool({ name: 'get_wallet_balance', arguments: {} });
    expect(envelopeOf(balance)).toMatchObject({ ok: true, data: { balance: 3 } });
    // No elicitation and no approve callback: refused, not run.
    const fund = await client.callTool({ name: 'post_wallet_fund', arguments: { amount: 5 } });
    expect(envelopeOf(fund)).toMatchObject({ ok: false, code: 'approval_required' });
    expect(emulator.inspect(account.email)?.payments).toEqual([]);

    // Closing ends the script's stdin: it closes the server, then its session, which revokes its token.
    const exited = new Promise<void>((resolve) => {
      transport.onclose = () => resolve();
    });
    await client.close();
    await exited;
    expect(stderr).toContain('session closed');
    expect(emulator.inspect(account.email)?.tokens.every((token) => token.revoked)).toBe(true);
  }, 30_000);
});
