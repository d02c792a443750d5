/**
 * gentk mcp serves the service as MCP tools: over stdio to a client that launches it (here an SDK
 * 2.x client on the 2026-07-28 protocol), and over HTTP with --http (here an SDK 1.x client), with
 * the operation choice and the approval options of gentk call.
 */

import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { CLI_ROOT, cliEnvironment, cliInvocation, spawnCli } from '../../../test/support/cli.js';
import { useEmulatorForCli } from '../../../test/support/cli-emulator.js';
import { useTemporaryFolder } from '../../../test/support/temporary-folders.js';

const emulator = useEmulatorForCli();
const folder = useTemporaryFolder('gentk-mcp-command-');
const OPERATIONS = 'v7_images_text_to_image,v8_video_text_to_video,post_wallet_fund';

function accountEnvironment(): Record<string, string> {
  const account = emulator().createAccount({ password: 'canary-Pa55word', credits: 20 });
  return {
    GENTK_API_KEY: account.apiKey,
    GENTK_EMAIL: account.email,
    GENTK_PASSWORD: account.password,
    GENTK_TOKEN_STORE: join(folder.path, `${account.email}.json`),
  };
}

const envelopeOf = (result: unknown) =>
  (result as { structuredContent: Record<string, unknown> }).structuredContent;

describe('gentk mcp', () => {
  it('serves a 2026-07-28 client over stdio: the chosen operations, an image and a video job, no unasked payment', async () => {
    const invocation = cliInvocation(['mcp', emulator().url, '--operations', OPERATIONS, '--mode', 'typed']);
    const transport = new StdioClientTransport({
      command: invocation.command,
      args: invocation.args,
      cwd: CLI_ROOT,
      env: cliEnvironment(accountEnvironment()) as Record<string, string>,
      stderr: 'pipe',
    });
    const client = new Client(
      { name: 'gentk-mcp-test', version: '2.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(transport);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'post_wallet_fund',
      'resume_job',
      'v7_images_text_to_image',
      'v8_video_text_to_video',
    ]);
    const image = await client.callTool({
      name: 'v7_images_text_to_image',
      arguments: { model_id: 'flux-dev', prompt: 'a kite' },
    });
    expect(envelopeOf(image)).toMatchObject({ ok: true, status: 'success' });
    const video = await client.callTool({
      name: 'v8_video_text_to_video',
      arguments: { model_id: 'veo-3', prompt: 'a storm' },
    });
    expect(envelopeOf(video)).toMatchObject({ ok: true, status: 'success' });
    const fund = await client.callTool({ name: 'post_wallet_fund', arguments: { amount: 5 } });
    expect(envelopeOf(fund)).toMatchObject({ ok: false, code: 'approval_required' });
    await client.close();
  }, 60_000);

  it('serves Streamable HTTP with --http, and --yes approves for a client that cannot ask', async () => {
    const env = accountEnvironment();
    const child = spawnCli(
      ['mcp', emulator().url, '--http', '--operations', OPERATIONS, '--mode', 'typed', '--yes'],
      env,
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let stderr = '';
        child.stderr?.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          const match = /MCP endpoint: (\S+)/.exec(stderr);
          if (match?.[1]) resolve(match[1]);
        });
        child.once('exit', (code) => reject(new Error(`gentk mcp exited with ${code}: ${stderr}`)));
      });
      const client = new LegacyClient({ name: 'gentk-mcp-http-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      const fund = await client.callTool({
        name: 'post_wallet_fund',
        arguments: { amount: 5, payment_method_id: 'pm_card_visa' },
      });
      expect(envelopeOf(fund)).toMatchObject({ ok: true, operationId: 'post_wallet_fund' });
      expect(emulator().inspect(env.GENTK_EMAIL as string)?.payments).toHaveLength(1);
      await client.close();
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }, 60_000);
});
