import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { runCliProcess, spawnCli, waitForLine } from '../../../test/support/cli.js';
import { useTemporaryFolder } from '../../../test/support/temporary-folders.js';
import { DEFAULT_EMULATOR_PORT } from '../src/commands/emulator-command.js';

// Each test starts real gentk processes (through tsx): allow for a loaded two-core machine.
vi.setConfig({ testTimeout: 90_000 });

const shell = promisify(execFile);
const folder = useTemporaryFolder('gentk-emulator-test-');

/** Runs gentk emulator with `args` until it printed `ready`; hands `work` what it printed, then stops it. */
async function withEmulator(
  args: string[],
  ready: RegExp,
  work: (printed: string) => Promise<void>,
): Promise<void> {
  const child = spawnCli(['emulator', '--port', '0', '--time-scale', '0.01', ...args]);
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
  });
  try {
    await waitForLine(child, ready);
    await work(printed);
  } finally {
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  }
}

describe('gentk emulator', () => {
  it('starts the emulator, prints where it listens, serves it, and stops on SIGTERM', async () => {
    await withEmulator([], /Press Ctrl\+C to stop/, async (printed) => {
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(printed)?.[1];
      const catalogue = await fetch(`${url}/.well-known/api-catalog`);
      expect(catalogue.status).toBe(200);
      expect(catalogue.headers.get('content-type')).toContain('application/linkset+json');
    });
  });

  it('prints a ready, verified account as export lines a shell takes, and gentk then works with them', async () => {
    await withEmulator([], /Press Ctrl\+C to stop/, async (printed) => {
      const exports = printed.split('\n').filter((line) => line.startsWith('export '));
      expect(exports.map((line) => line.split('=')[0])).toEqual([
        'export GENTK_BASE_URL',
        'export GENTK_EMAIL',
        'export GENTK_PASSWORD',
        'export GENTK_API_KEY',
      ]);
      expect(printed).toMatch(/^# .*password is shown because it is a throwaway/m);
      // The CLI page shows what it prints.
      const readme = await readFile(new URL('../../../docs/cli.md', import.meta.url), 'utf8');
      for (const comment of printed.split('\n').filter((line) => line.startsWith('#')))
        expect(readme).toContain(comment);
      // Pasted into a shell as printed: the variables are what gentk reads.
      const { stdout } = await shell('sh', [
        '-c',
        `${exports.join('\n')}\nprintf '%s\\n' "$GENTK_BASE_URL" "$GENTK_EMAIL" "$GENTK_PASSWORD" "$GENTK_API_KEY"`,
      ]);
      const [baseUrl, email, password, apiKey] = stdout.trim().split('\n') as [
        string,
        string,
        string,
        string,
      ];
      expect(printed).toContain(`Emulator listening on ${baseUrl}`);
      const env = {
        // The login keeps its token in a store: one that goes when the test does, not the user's.
        GENTK_TOKEN_STORE: join(folder.path, 'tokens.json'),
        GENTK_BASE_URL: baseUrl,
        GENTK_EMAIL: email,
        GENTK_PASSWORD: password,
        GENTK_API_KEY: apiKey,
      };
      // The password logs in (the account is verified), and the key generates.
      const [me, image] = await Promise.all([
        runCliProcess(['call', 'get_me', '--json'], { env }),
        runCliProcess(
          [
            'call',
            'v7_images_text_to_image',
            '--input',
            '{"model_id":"flux-dev","prompt":"a fox"}',
            '--json',
          ],
          {
            env: { ...env, GENTK_EMAIL: '', GENTK_PASSWORD: '' },
          },
        ),
      ]);
      expect(me.code, me.stderr).toBe(0);
      expect(JSON.stringify(JSON.parse(me.stdout).body)).toContain(email);
      expect(image.code, image.stderr).toBe(0);
      expect(JSON.parse(image.stdout).status).toBe('success');
    });
  });

  it('prints only the address with --quiet, and one JSON line with --json', async () => {
    await withEmulator(['--quiet'], /listening on/, async (printed) => {
      expect(printed.trim()).toMatch(/^Emulator listening on http:\/\/127\.0\.0\.1:\d+$/);
    });
    await withEmulator(['--json'], /\}\n/, async (printed) => {
      expect(printed.trim().split('\n')).toHaveLength(1);
      const ready = JSON.parse(printed) as { url: string; account: Record<string, string> };
      expect(ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(ready.account).toEqual({
        email: expect.stringContaining('@'),
        password: expect.any(String),
        apiKey: expect.stringMatching(/^gk_/),
      });
    });
  });

  it('refuses a bad flag with a usage error (exit code 2) and a message that names it', async () => {
    const result = await runCliProcess(['emulator', '--time-scale', 'fast']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--time-scale must be a number/);
    const faults = await runCliProcess(['emulator', '--faults', 'meteor:0.5']);
    expect(faults.code).toBe(2);
    expect(faults.stderr).toMatch(/unknown fault meteor in --faults/);
  });

  it('prints help', async () => {
    const result = await runCliProcess(['emulator', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/--time-scale <factor>/);
    expect(result.stdout).toMatch(/--quiet/);
    expect(result.stdout).toMatch(new RegExp(`--port <port>.*\\(default: ${DEFAULT_EMULATOR_PORT}\\)`, 's'));
  });

  it("listens by default where the documentation's snippets fall back to", async () => {
    const documents = [
      'README.md',
      ...(await readdir(new URL('../../../docs/', import.meta.url)))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`),
    ];
    const fallbacks = new Set<string>();
    for (const document of documents) {
      const text = await readFile(new URL(`../../../${document}`, import.meta.url), 'utf8');
      for (const match of text.matchAll(/\?\? '(http:\/\/127\.0\.0\.1:\d+)'/g))
        fallbacks.add(match[1] as string);
    }
    expect([...fallbacks]).toEqual([`http://127.0.0.1:${DEFAULT_EMULATOR_PORT}`]);
  });
});
