import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCliProcess } from '../../../test/support/cli.js';
import { useEmulatorForCli } from '../../../test/support/cli-emulator.js';
import type { ProcessOutput } from '../../../test/support/process-output.js';
import { useTemporaryFolder } from '../../../test/support/temporary-folders.js';

// Each test starts real gentk processes (through tsx): allow for a loaded two-core machine.
vi.setConfig({ testTimeout: 90_000 });

const emulator = useEmulatorForCli();
const folder = useTemporaryFolder('gentk-usage-test-');

const gentk = (args: string[], env: Record<string, string> = {}) =>
  runCliProcess(args, {
    env: {
      GENTK_BASE_URL: emulator().url,
      GENTK_API_KEY: 'gk_unused',
      GENTK_TOKEN_STORE: join(folder.path, 'tokens.json'),
      ...env,
    },
  });

/** A usage mistake: exit code 2 and one line on stderr that says the fix. */
function expectUsageLine(run: ProcessOutput, fix: RegExp): void {
  expect(run.code, run.stderr).toBe(2);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr).toMatch(fix);
}

describe('gentk usage mistakes: exit 2 with a one-line fix', () => {
  it('a URL without a scheme, as an argument or in GENTK_BASE_URL', async () => {
    const [argument, environment, notHttp] = await Promise.all([
      gentk(['discover', '127.0.0.1:8787']),
      gentk(['scopes', '--ops', 'get_wallet_balance'], { GENTK_BASE_URL: 'localhost:8787' }),
      gentk(['discover', 'ftp://example.com']),
    ]);
    expectUsageLine(argument, /127\.0\.0\.1:8787 has no scheme: did you mean http:\/\/127\.0\.0\.1:8787\?/);
    expectUsageLine(
      environment,
      /GENTK_BASE_URL \(localhost:8787\) has no scheme: did you mean http:\/\/localhost:8787\?/,
    );
    expectUsageLine(notHttp, /ftp:\/\/example\.com is not an http\(s\) URL/);
  });

  it('an unknown operation id, with the closest ones', async () => {
    const [call, resume] = await Promise.all([
      gentk(['call', 'get_wallet_balanse']),
      gentk(['resume', 'v8_video_text_to_vidoe', '42']),
    ]);
    expectUsageLine(call, /no operation "get_wallet_balanse"\. Did you mean "get_wallet_balance"/);
    expectUsageLine(resume, /Did you mean "v8_video_text_to_video"/);
  });

  it('input that is not JSON, and an input file that cannot be read', async () => {
    const [badJson, missingFile, folder] = await Promise.all([
      gentk(['call', 'get_wallet_balance', '--input', '{prompt: 1}']),
      gentk(['call', 'get_wallet_balance', '--input-file', 'no-such-input.json']),
      gentk(['call', 'get_wallet_balance', '--input-file', 'src']),
    ]);
    expectUsageLine(badJson, /--input is not valid JSON \(.+\); write it like '\{"model_id"/);
    expectUsageLine(missingFile, /--input-file no-such-input\.json cannot be read \(no such file\)/);
    expect(missingFile.stderr).not.toMatch(/ENOENT/);
    expectUsageLine(folder, /--input-file src cannot be read \(it is a folder\)/);
  });

  it('flags that contradict each other', async () => {
    const runs = await Promise.all([
      gentk(['call', 'get_wallet_balance', '--input', '{}', '--input-file', 'a.json']),
      gentk(['call', 'get_wallet_balance', '--no-wait', '--wait-seconds', '5']),
      gentk(['call', 'get_wallet_balance', '--token', 'gat_x', '--email', 'a@example.test']),
      gentk(['register', '--email', 'a@example.test', '--mailbox', '--code-command', 'echo 1']),
      gentk(['emulator', '--fast-clock', '--time-scale', '0.5']),
    ]);
    const pairs = [
      ['--input-file', '--input'],
      ['--wait-seconds', '--no-wait'],
      ['--token', '--email'],
      ['--mailbox', '--code-command'],
      ['--fast-clock', '--time-scale'],
    ];
    runs.forEach((run, index) => {
      const [first, second] = pairs[index] as [string, string];
      expectUsageLine(run, new RegExp(`'${first}.*' cannot be used with option '${second}`));
    });
  });

  it('an emulator port that is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = taken.address() as AddressInfo;
      const run = await gentk(['emulator', '--port', String(port)]);
      expectUsageLine(run, new RegExp(`port ${port} is in use: pick another with --port, or --port 0`));
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });
});
