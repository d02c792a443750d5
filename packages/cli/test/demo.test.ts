import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliProcess } from '../../../test/support/cli.js';

const folders: string[] = [];
async function outputFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'gentk-demo-test-'));
  folders.push(folder);
  return folder;
}
// After all, not after each: the --base-url tests run at once, each writing into its own folder.
afterAll(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

describe('gentk demo', () => {
  it('runs the whole story non-interactively, prints its milestones, and saves real files', {
    timeout: 120_000,
  }, async () => {
    const directory = await outputFolder();
    const result = await runCliProcess(['demo', '--output-dir', directory], { env: { NO_COLOR: '1' } });
    expect(result.code, result.stderr).toBe(0);
    const transcript = result.stdout;
    const milestones = [
      /Emulator of the service listening on http:\/\/127\.0\.0\.1:\d+/,
      /== Discovery[\s\S]*133 operations[\s\S]*75 operations/,
      /Registering demo-agent-\w+@example\.test by the runbook/,
      /claim: a 6-digit code arrived/,
      /scopes requested: wallet:read wallet:write/,
      /scopes granted: +wallet:read wallet:write/,
      /→ tool call get_wallet_balance/,
      /→ tool call v7_images_text_to_image/,
      /→ tool call v8_video_text_to_video/,
      /→ tool call v8_audio_text_to_speech/,
      /! approval needed post_wallet_fund/,
      /approved, because there is no terminal to ask, and the embedded emulator moves no real money/,
      /"operationId":"post_wallet_fund"/,
      /assistant: Done: I checked the balance, .* and added \$20 to the wallet\./,
      /Session closed: the token it obtained is revoked/,
    ];
    for (const milestone of milestones) expect(transcript).toMatch(milestone);
    // The small quota shows the governor pacing calls; the service never has to refuse one.
    expect(transcript).not.toMatch(/rate_limited|\b429\b/);
    // Polling progress goes to stderr, never into the transcript on stdout.
    expect(result.stderr).toMatch(/v8_video_text_to_video \w+: processing/);
    // The two images painted at once each have a progress line of their own.
    const images = [...result.stderr.matchAll(/^v7_images_text_to_image (\w+): processing/gm)].map(
      (match) => match[1],
    );
    expect(new Set(images).size, result.stderr).toBe(2);
    for (const image of images)
      expect(result.stderr).toMatch(new RegExp(`^v7_images_text_to_image ${image}: success`, 'm'));
    expect(transcript).not.toContain('\u001b[');
    const files = (await readdir(directory)).sort();
    expect(files.map((file) => file.split('.').pop())).toEqual(['png', 'png', 'mp4', 'mp3']);
    const png = await readFile(join(directory, files[0] as string));
    expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });
});

describe('gentk demo --base-url (a service started on its own)', () => {
  let emulator: Emulator;
  const PASSWORD = 'demo-base-url-Passw0rd';

  beforeAll(async () => {
    emulator = await startEmulator({ timeScale: 0.02, jobDurations: { video: 60 } });
  });
  afterAll(() => emulator.close());

  /** Runs the demo against the separate emulator as a fresh account, with what that account saw. */
  async function demoAsNewAccount(flags: string[]) {
    const account = emulator.createAccount({ password: PASSWORD });
    const result = await runCliProcess(
      ['demo', '--base-url', emulator.url, '--output-dir', await outputFolder(), ...flags],
      { env: { GENTK_EMAIL: account.email, GENTK_PASSWORD: PASSWORD, GENTK_API_KEY: account.apiKey } },
    );
    return { result, account: emulator.inspect(account.email)! };
  }

  it.concurrent('with --yes funds the wallet, and never claims to run on the emulator', {
    timeout: 120_000,
  }, async () => {
    const { result, account } = await demoAsNewAccount(['--yes']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Using the service at ${emulator.url}`);
    expect(result.stdout).toMatch(/Logging in as \S+ for just the scopes the demo's operations need/);
    expect(result.stdout).toMatch(/approved, because --yes approved it in advance/);
    expect(result.stdout).toMatch(/assistant: Done: .* added \$20 to the wallet\./);
    expect(result.stdout + result.stderr).not.toMatch(/emulator/i);
    expect(account.payments).toHaveLength(1);
  });

  it.concurrent('without --yes and without a terminal, is denied, and the assistant says so', {
    timeout: 120_000,
  }, async () => {
    const { result, account } = await demoAsNewAccount([]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /denied, because there was no terminal to ask you, and --yes was not given/,
    );
    expect(result.stdout).not.toMatch(/→ tool call post_wallet_fund/);
    const reply = result.stdout.match(/^assistant: (.*)$/m)?.[1];
    expect(reply).toMatch(/^I checked the balance, .* and said hello\./);
    expect(reply).toMatch(
      /I did not add \$20 to the wallet, because there was no terminal to ask you, and --yes was not given\./,
    );
    expect(reply).not.toMatch(/^Done|added \$20/);
    expect(account.payments).toHaveLength(0);
  });
});
