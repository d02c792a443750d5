import { mkdtemp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProcessOutput } from '../support/process-output.js';
import { useTemporaryFolder } from '../support/temporary-folders.js';
import {
  exampleCommand,
  exampleEnvironment,
  expectMilestones,
  ROOT,
  requireBuild,
  runExample,
} from './run-example.js';

const TIMEOUT = 90_000;
const tmp = useTemporaryFolder('gentk-examples-');

beforeAll(() => requireBuild());

/** Runs an example in its own temporary folder and expects it to succeed. */
async function run(file: string): Promise<ProcessOutput> {
  const folder = await mkdtemp(join(tmp.path, `${file.replace(/\W/g, '-')}-`));
  const result = await runExample(file, folder);
  expect(result.code, `examples/${file} failed; stdout:\n${result.stdout}\nstderr:\n${result.stderr}`).toBe(
    0,
  );
  // Output for people and logs: no escape codes when stdout is not a terminal.
  expect(result.stdout).not.toContain('\u001b[');
  expect(result.stdout).not.toContain('\r');
  return result;
}

const PNG = [0x89, 0x50, 0x4e, 0x47];
const firstBytes = async (path: string, count = 4) => [...(await readFile(path)).subarray(0, count)];
const EMULATOR = /✓ emulator of the service running at http:\/\/127\.0\.0\.1:\d+/;

// The examples wait mostly on their emulators' clocks, so they run side by side.
describe.concurrent('the examples, each run as a user runs it', () => {
  it('ai-sdk-agent: tools through generateText, and the money call waits for approval', {
    timeout: TIMEOUT,
  }, async () => {
    const { stdout } = await run('ai-sdk-agent.ts');
    const matches = expectMilestones(stdout, [
      EMULATOR,
      /✓ connected; token scopes: wallet:read wallet:write\n/,
      /→ get_wallet_balance \{\}/,
      /← get_wallet_balance ok: \{"balance":25/,
      /→ v7_images_text_to_image \{"model_id":"flux-dev"/,
      /← v7_images_text_to_image ok: http:\/\/\S+\.png \(image\/png\)/,
      // Asked before it runs, not after.
      /! approval needed: post_wallet_fund \{"amount":10,/,
      /✓ approved/,
      /→ post_wallet_fund /,
      /← post_wallet_fund ok/,
      /assistant: Here is your lighthouse/,
      /✓ image saved to (\S+\.png)/,
      // $25 + $10 funded - $0.002 for the flux-dev image (the model feed's price): charged once each.
      /✓ the emulator's books: balance \$34\.998, 1 payment\n/,
      /✓ session closed/,
    ]);
    expect(await firstBytes(matches[11]?.[1] ?? '')).toEqual(PNG);
  });

  it('ai-sdk-streaming: the video job streams its progress as preliminary results', {
    timeout: TIMEOUT,
  }, async () => {
    const { stdout } = await run('ai-sdk-streaming.ts');
    const matches = expectMilestones(stdout, [
      EMULATOR,
      /→ v8_video_text_to_video \{"model_id":"veo-3"/,
      /⏳ v8_video_text_to_video: running for [\d.]+ s, about \d+ s left \(poll 0\)/,
      /✓ video ready after (\d+) progress updates: http:\/\/\S+\.mp4\n/,
      /assistant: Your video of the waves is ready: a calm beach at sunset\.\n/,
      /✓ stream finished \(2 steps\)/,
      /✓ session closed/,
    ]);
    const updates = Number(matches[3]?.[1]);
    expect(updates).toBeGreaterThanOrEqual(1);
    expect(stdout.match(/⏳ /g)).toHaveLength(updates);
  });

  it('langchain-agent: createAgent stops for approval; one top-up approved, one rejected', {
    timeout: TIMEOUT,
  }, async () => {
    const { stdout } = await run('langchain-agent.ts');
    expectMilestones(stdout, [
      EMULATOR,
      /✓ connected; token scopes: wallet:read wallet:write\n/,
      /approval needed for: post_wallet_fund\n/,
      /! approval needed: post_wallet_fund \{"amount":10,/,
      /✓ approved/,
      /← v7_images_text_to_image: ok http:\/\/\S+\.png/,
      /← post_wallet_fund: ok/,
      /assistant: Here is your kite, and I added \$10 to your wallet\./,
      /! approval needed: post_wallet_fund \{"amount":500,/,
      /✗ rejected: A top-up of \$500 needs a call to the finance team\./,
      /assistant: Understood, I did not add \$500\./,
      // Only the approved $10 reached the wallet (less $0.002 for the flux-dev image).
      /✓ the emulator's books: balance \$25\.000 → \$34\.998\n/,
      /✓ session closed/,
    ]);
  });

  it('self-registering-agent: registers by the runbook, with the minimum scopes, and revokes on close', {
    timeout: TIMEOUT,
  }, async () => {
    const { stdout } = await run('self-registering-agent.ts');
    const matches = expectMilestones(stdout, [
      /✓ emulator of the service running at http:\/\/127\.0\.0\.1:\d+/,
      /Registering (agent-[0-9a-f]+@example\.test) by the service's runbook/,
      /✓ claim code read from the mailbox of (agent-[0-9a-f]+@example\.test)/,
      /✓ Registered agent-[0-9a-f]+@example\.test\./,
      /✓ scopes requested: wallet:read\n/,
      /✓ scopes granted: +wallet:read\n/,
      /✓ operations offered: v7_images_text_to_image, get_wallet_balance\n/,
      /✓ token stored in \S+tokens\.json \(mode 600; no password in it\)/,
      /✓ balance of the new account: \d+\.\d\d usd/,
      /✓ image generated with the agent's own key: http:\/\/\S+\.png/,
      /✓ session closed: (\d+) of (\d+) tokens revoked/,
    ]);
    expect(matches[2]?.[1]).toBe(matches[1]?.[1]);
    const [, revoked, issued] = matches[10] ?? [];
    expect(Number(issued)).toBeGreaterThanOrEqual(1);
    expect(revoked).toBe(issued);
  });

  it('notebook: session.call waits, a handle taken at once is resumed later', {
    timeout: TIMEOUT,
  }, async () => {
    const { stdout } = await run('notebook.ts');
    expectMilestones(stdout, [
      EMULATOR,
      /✓ offered v7_images_text_to_image: .+\(a queued job\)/,
      /✓ offered v8_video_text_to_video: .+\(a queued job\)/,
      /✓ checked input: \{"model_id":"flux-dev","prompt":"a kite","width":768\}/,
      /✓ refused before sending: .*did you mean width\?.*model_id is required/,
      /… success/,
      /✓ image: http:\/\/\S+\.png after [1-9]\d* polls/,
      /✓ video job \S+ handed back; handle saved to \S+video-job\.json/,
      /… success/,
      /✓ video resumed and finished: http:\/\/\S+\.mp4 \([1-9]\d* bytes\)/,
      /✓ session closed/,
    ]);
  });

  it('webhooks: a Hono app receives the results; a lost delivery is polled, the others cost no fetch', {
    timeout: TIMEOUT,
  }, async () => {
    const { stdout } = await run('webhooks/index.ts');
    expectMilestones(stdout, [
      EMULATOR,
      /✓ app receiving webhooks at http:\/\/127\.0\.0\.1:\d+\/webhooks\n/,
      /← v7_images_text_to_image success: http:\/\/\S+\.png/,
      /← v7_images_text_to_image success: http:\/\/\S+\.png/,
      /← v7_images_text_to_image success: http:\/\/\S+\.png/,
      /assistant: Here are your three pictures of the coast\./,
      /✓ the emulator delivered 2 results and lost 1\n/,
      // Three submissions, and one poll: for the lost delivery only.
      /✓ requests to the service: 4, of which polls: 1\n/,
      /✓ session closed/,
    ]);
  });

  it('provider: generateImage and generateSpeech save real files', { timeout: TIMEOUT }, async () => {
    const { stdout } = await run('provider.ts');
    const matches = expectMilestones(stdout, [
      EMULATOR,
      /… v7_images_text_to_image: processing/,
      /… v7_images_text_to_image: success/,
      /✓ image saved to (\S+\.png) \(image\/png, \d+ bytes, from http:\/\/\S+\.png\)/,
      /… v7_voice_text_to_speech: success/,
      /✓ speech saved to (\S+\.mp3) \(audio\/mpeg, \d+ bytes\)/,
      /✓ provider closed/,
    ]);
    expect(await firstBytes(matches[3]?.[1] ?? '')).toEqual(PNG);
    const mp3 = await firstBytes(matches[5]?.[1] ?? '', 3);
    // An ID3 tag or an MPEG frame sync.
    expect(mp3.join() === '73,68,51' || (mp3[0] === 0xff && ((mp3[1] ?? 0) & 0xe0) === 0xe0)).toBe(true);
  });

  it('mcp-server: an MCP client launches it over stdio, lists and calls tools, and closing ends it', {
    timeout: TIMEOUT,
  }, async () => {
    const { command, args } = exampleCommand('mcp-server.ts');
    const transport = new StdioClientTransport({
      command,
      args,
      cwd: ROOT,
      env: exampleEnvironment(tmp.path),
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const client = new Client({ name: 'examples-test', version: '1.0.0' });
    await client.connect(transport);
    const envelope = async (name: string, input: Record<string, unknown>) =>
      (await client.callTool({ name, arguments: input })).structuredContent as Record<string, unknown>;
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining([
          'get_wallet_balance',
          'v7_images_text_to_image',
          'v8_audio_text_to_speech',
          'post_wallet_fund',
        ]),
      );
      expect(await envelope('get_wallet_balance', {})).toMatchObject({ ok: true, data: { balance: 25 } });
      // The example's approval policy: small top-ups run, others are refused and charge nothing.
      expect(
        await envelope('post_wallet_fund', { amount: 5, payment_method_id: 'pm_card_visa' }),
      ).toMatchObject({
        ok: true,
      });
      expect(
        await envelope('post_wallet_fund', { amount: 50, payment_method_id: 'pm_card_visa' }),
      ).toMatchObject({
        ok: false,
        code: 'approval_declined',
      });
      expect(await envelope('get_wallet_balance', {})).toMatchObject({ ok: true, data: { balance: 30 } });
    } finally {
      const exited = new Promise<void>((resolve) => {
        transport.onclose = () => resolve();
      });
      await client.close();
      await exited;
    }
    expectMilestones(stderr, [
      EMULATOR,
      /✓ MCP server ready on stdio: .*post_wallet_fund/,
      /✓ session closed/,
    ]);
  });
});
