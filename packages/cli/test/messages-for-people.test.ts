/**
 * gentk speaks to a person at a terminal, not to a model holding a tool: refusals name flags and
 * commands, times are whole milliseconds, a job handed back by --no-wait is a success, a resume of
 * an id the service does not know says so without first claiming the job is running, and a model
 * the feed does not list is refused before anything is sent, with the closest ids it lists.
 */
import { type Emulator, type EmulatorAccount, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCliProcess } from '../../../test/support/cli.js';
import { EXIT } from '../src/exit-codes.js';

vi.setConfig({ testTimeout: 90_000 });

let emulator: Emulator;
let account: EmulatorAccount;

beforeAll(async () => {
  emulator = await startEmulator({ timeScale: 0.001 });
  account = emulator.createAccount({});
});
afterAll(() => emulator.close());

const gentk = (args: string[]) =>
  runCliProcess(args, { env: { GENTK_BASE_URL: emulator.url, GENTK_API_KEY: account.apiKey } });

describe('what gentk says', () => {
  it('refuses invalid input in flags and commands, never "call the tool again"', async () => {
    const result = await gentk([
      'call',
      'v7_images_text_to_image',
      '--input',
      '{"model_id":"flux-dev","prompt":"a kite","samples":"many"}',
    ]);
    expect(result.code).toBe(EXIT.invalidInput);
    expect(result.stderr).toMatch(/--input/);
    expect(result.stderr).not.toMatch(/tool/);
  });

  it('refuses a model the feed does not list before sending, naming the closest ids', async () => {
    const usage = emulator.inspect(account.email)?.usage;
    const result = await gentk([
      'call',
      'v7_images_text_to_image',
      '--input',
      '{"model_id":"flux-dve","prompt":"a kite"}',
    ]);
    expect(result.code).toBe(EXIT.invalidInput);
    expect(result.stderr).toMatch(/lists no model "flux-dve", so nothing was sent/);
    expect(result.stderr).toContain('flux-dev');
    expect(emulator.inspect(account.email)?.usage).toEqual(usage);
  });

  it('hands back a --no-wait job as a success, in whole milliseconds', async () => {
    const result = await gentk([
      'call',
      'v8_video_text_to_video',
      '--input',
      '{"model_id":"veo-3","prompt":"waves"}',
      '--no-wait',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(EXIT.ok);
    const handle = JSON.parse(result.stdout) as { status: string; reason: string; retryAfterMs: number };
    expect(handle).toMatchObject({ status: 'processing', reason: 'not-waited' });
    expect(Number.isInteger(handle.retryAfterMs)).toBe(true);
    const fractions = result.stdout.match(/"\w+Ms": \d+\.\d+/g);
    expect(fractions, result.stdout).toBeNull();
  });

  it('says an unknown job is unknown, without a "processing" line first', async () => {
    const result = await gentk(['resume', 'v8_video_text_to_video', '987654321']);
    expect(result.code).not.toBe(EXIT.ok);
    expect(result.stderr).not.toMatch(/processing/i);
    expect(result.stderr).toMatch(/no queued request with this id/i);
  });
});
