import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCliProcess } from '../../../test/support/cli.js';
import { useEmulatorForCli } from '../../../test/support/cli-emulator.js';
import { useTemporaryFolder } from '../../../test/support/temporary-folders.js';

// Each test starts real gentk processes (through tsx): allow for a loaded two-core machine.
vi.setConfig({ testTimeout: 120_000 });

const PASSWORD = 'canary-store-Passw0rd';
const emulator = useEmulatorForCli();
const folder = useTemporaryFolder('gentk-store-test-');

/** gentk with a token store of its own and no credentials in the environment but those given. */
const gentkWith =
  (store: string) =>
  (args: string[], env: Record<string, string> = {}) =>
    runCliProcess(args, {
      env: {
        GENTK_BASE_URL: emulator().url,
        GENTK_TOKEN_STORE: join(folder.path, store),
        GENTK_API_KEY: '',
        GENTK_TOKEN: '',
        GENTK_EMAIL: '',
        GENTK_PASSWORD: '',
        ...env,
      },
    });

const IMAGE = ['call', 'v7_images_text_to_image', '--input', '{"model_id":"flux-dev","prompt":"a kite"}'];
const VIDEO = ['call', 'v8_video_text_to_video', '--input', '{"model_id":"veo-3","prompt":"waves"}'];

const register = (gentk: ReturnType<typeof gentkWith>, email: string, extra: string[] = []) =>
  gentk(['register', '--email', email, '--mailbox', '--ops', 'get_wallet_balance', ...extra], {
    GENTK_PASSWORD: PASSWORD,
  });

describe('gentk register, then calls that find what it stored', () => {
  it('says what it created and where it stored it, and later calls need no --email', async () => {
    const gentk = gentkWith('one.json');
    const registered = await register(gentk, 'solo@example.test', ['--create-key', 'laptop']);
    expect(registered.code, registered.stderr).toBe(0);
    const stored = JSON.parse(await readFile(join(folder.path, 'one.json'), 'utf8')) as Record<
      string,
      { apiKey: string; expiresAt: string }
    >;
    const entry = stored[`${emulator().url}|solo@example.test`];
    expect(entry?.apiKey).toMatch(/^gk_/);
    const key = entry?.apiKey as string;
    expect(registered.stdout).toContain('registered solo@example.test: verified with the e-mailed code');
    expect(registered.stdout).toContain(`API key "laptop": gk_…${key.slice(-4)} (created now)`);
    expect(registered.stdout).toContain(`token: scopes wallet:read; expires ${entry?.expiresAt}`);
    expect(registered.stdout).toContain(`stored in ${join(folder.path, 'one.json')}`);
    expect(registered.stdout + registered.stderr).not.toContain(key);
    expect(registered.stdout + registered.stderr).not.toContain(PASSWORD);

    const [balance, image, pending] = await Promise.all([
      gentk(['call', 'get_wallet_balance', '--json']),
      gentk([...IMAGE, '--json']),
      gentk([...VIDEO, '--no-wait', '--json']),
    ]);
    expect(balance.code, balance.stderr).toBe(0);
    expect(image.code, image.stderr).toBe(0);
    // --no-wait asked for the handle: getting it is a success.
    expect(pending.code, pending.stderr).toBe(0);
    const resumed = await gentk([
      'resume',
      'v8_video_text_to_video',
      String(JSON.parse(pending.stdout).requestId),
      '--json',
    ]);
    expect(resumed.code, resumed.stderr).toBe(0);
  });

  it('with several accounts for the service, asks for --email and lists them', async () => {
    const gentk = gentkWith('two.json');
    for (const email of ['first@example.test', 'second@example.test']) {
      expect((await register(gentk, email)).code).toBe(0);
    }
    const [ambiguous, chosen] = await Promise.all([
      gentk(['call', 'get_wallet_balance']),
      gentk(['call', 'get_wallet_balance', '--json'], { GENTK_EMAIL: 'second@example.test' }),
    ]);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr.trim()).toBe(
      `error The token store ${join(folder.path, 'two.json')} holds 2 accounts for ${emulator().url} (first@example.test, second@example.test): pass --email to choose one.`,
    );
    expect(chosen.code, chosen.stderr).toBe(0);
  });

  it('names flags and environment variables, never library options, when a credential is missing', async () => {
    const gentk = gentkWith('empty.json');
    const [noKey, noToken, listing] = await Promise.all([
      gentk(IMAGE),
      gentk(['call', 'get_wallet_balance']),
      gentk(['tools', '--mode', 'typed', '--json']),
    ]);
    expect(noKey.code).toBe(3);
    expect(noKey.stderr.trim()).toBe(
      'error no API key for v7_images_text_to_image: pass --api-key, set GENTK_API_KEY, or run `gentk register --email ADDRESS --create-key NAME` to create one.',
    );
    expect(noToken.code).toBe(3);
    expect(noToken.stderr).toMatch(
      /pass --token or set GENTK_TOKEN, log in with --email \(or GENTK_EMAIL\) and GENTK_PASSWORD/,
    );
    expect(listing.code, listing.stderr).toBe(0);
    const withheld = JSON.parse(listing.stdout).withheld as { reason: string; message: string }[];
    expect(withheld.length).toBeGreaterThan(0);
    for (const run of [noKey, noToken, listing]) {
      expect(run.stdout + run.stderr).not.toMatch(/\bapiKey\b|connect with auth|trustedOrigins/);
    }
  });
});
