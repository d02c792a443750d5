/**
 * Issue 22, finding 9:
 *
 * - `gentk register --code-command` runs a command of the user's whose words it does not control
 *   (here one that writes its whole environment to a file): it gets no secret of the CLI's,
 *   neither `GENTK_PASSWORD`, `GENTK_API_KEY`, `GENTK_TOKEN`, another `GENTK_*` secret, nor a
 *   variable of any name that holds the password;
 * - twelve processes saving five tokens each to one `FileTokenStore` keep all sixty (17 to 23 on
 *   main), and a lock left by a process that died does not lock the others out;
 * - a store in a folder every user may write to, or reached through a symbolic link, is warned about.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FileTokenStore } from '../../../src/auth/index.js';
import { runCliProcess } from '../../support/cli.js';
import { useEmulatorForCli } from '../../support/cli-emulator.js';
import { temporaryFolderForTest } from '../../support/temporary-folders.js';

const emulator = useEmulatorForCli();
const posixOnly = process.platform === 'win32' ? it.skip : it;
const WRITER = fileURLToPath(new URL('./f9-token-writer.ts', import.meta.url));

describe('gentk register --code-command', () => {
  posixOnly('runs the command without any secret of the CLI in its environment', async () => {
    const folder = await temporaryFolderForTest('gentk-code-command-');
    const dump = join(folder, 'environment.txt');
    const secrets = {
      GENTK_PASSWORD: 'register-Passw0rd-7c1e',
      GENTK_API_KEY: 'gk_code_command_key_3f9a2b7c',
      GENTK_TOKEN: 'gat_code_command_token_8d4e1f',
      GENTK_ADMIN_TOKEN: 'admin-token-5b6c7d',
    };
    const run = await runCliProcess(
      [
        'register',
        emulator().url,
        '--email',
        'env-check@example.test',
        '--code-command',
        `env > '${dump}'; exit 3`,
      ],
      {
        env: {
          ...secrets,
          GENTK_TOKEN_STORE: join(folder, 'tokens.json'),
          // A variable of any name that holds the password is a secret too.
          DEPLOY_NOTE: `password is ${secrets.GENTK_PASSWORD}`,
          HARMLESS_SETTING: 'kept',
        },
      },
    );
    expect(run.code).toBe(3);
    const environment = await readFile(dump, 'utf8');
    for (const secret of Object.values(secrets)) expect(environment).not.toContain(secret);
    expect(environment).not.toMatch(/^GENTK_(PASSWORD|API_KEY|TOKEN|ADMIN_TOKEN)=/m);
    expect(environment).not.toMatch(/^DEPLOY_NOTE=/m);
    expect(environment).toMatch(/^GENTK_CLAIM_EMAIL=env-check@example.test$/m);
    expect(environment).toMatch(/^HARMLESS_SETTING=kept$/m);
  });
});

/** Runs one writer process; resolves with its exit code. */
function writer(path: string, name: string, count: number): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, path, name, String(count)], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', (code) => resolve(code));
  });
}

describe('FileTokenStore under concurrent writers from many processes', () => {
  it('keeps every token: 12 processes × 5 tokens = 60 kept', async () => {
    const folder = await temporaryFolderForTest('gentk-store-writers-');
    const path = join(folder, 'tokens.json');
    const codes = await Promise.all(Array.from({ length: 12 }, (_, index) => writer(path, String(index), 5)));
    expect(codes.every((code) => code === 0)).toBe(true);
    const kept = await new FileTokenStore(path).keys();
    if (process.env.GENTK_FIGURES) process.stdout.write(`FIGURE tokens kept: ${kept.length} of 60\n`);
    expect(kept).toHaveLength(60);
  }, 60_000);

  posixOnly('is not locked out by the lock of a process that died', async () => {
    const folder = await temporaryFolderForTest('gentk-store-stale-');
    const path = join(folder, 'tokens.json');
    // A pid that no longer runs: a process that has exited.
    const dead = spawn(process.execPath, ['-e', '0']);
    const pid = dead.pid as number;
    await new Promise((resolve) => dead.on('exit', resolve));
    await writeFile(`${path}.lock`, String(pid));
    const store = new FileTokenStore(path);
    await store.save('https://service.example|after-crash@example.com', {
      accessToken: 'token-after-crash',
      expiresAt: null,
      tokenExpiry: '1_month',
      ownedByToolkit: true,
      scopes: [],
    });
    expect(await store.keys()).toEqual(['https://service.example|after-crash@example.com']);
  });

  posixOnly('waits for the lock of a live process, however far its file time is from the clock', async () => {
    const folder = await temporaryFolderForTest('gentk-store-clock-');
    const path = join(folder, 'tokens.json');
    // Held by this live process, written "a year ago" (a clock set back since, or another machine's).
    await writeFile(`${path}.lock`, String(process.pid));
    const aYearAgo = new Date(Date.now() - 365 * 24 * 3_600_000);
    await utimes(`${path}.lock`, aYearAgo, aYearAgo);
    const store = new FileTokenStore(path);
    let saved = false;
    const saving = store
      .save('https://service.example|waited@example.com', {
        accessToken: 'token-waited',
        expiresAt: null,
        tokenExpiry: '1_month',
        ownedByToolkit: true,
        scopes: [],
      })
      .then(() => {
        saved = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(saved).toBe(false);
    await rm(`${path}.lock`);
    await saving;
    expect(await store.keys()).toEqual(['https://service.example|waited@example.com']);
  });
});

describe('FileTokenStore in an unsafe folder', () => {
  posixOnly('warns about a folder every user may write to', async () => {
    const folder = await temporaryFolderForTest('gentk-store-shared-');
    await chmod(folder, 0o777);
    const problems = await new FileTokenStore(join(folder, 'tokens.json')).audit();
    expect(problems.join('\n')).toMatch(/folder every user may write to/);
  });

  posixOnly('warns about a folder reached through a symbolic link', async () => {
    const folder = await temporaryFolderForTest('gentk-store-linked-');
    await mkdir(join(folder, 'real'), { mode: 0o700 });
    await symlink(join(folder, 'real'), join(folder, 'link'));
    const problems = await new FileTokenStore(join(folder, 'link', 'tokens.json')).audit();
    expect(problems.join('\n')).toMatch(/symbolic link/);
  });

  posixOnly('says nothing of a folder of the owner’s own', async () => {
    const folder = await temporaryFolderForTest('gentk-store-own-');
    await chmod(folder, 0o700);
    expect(await new FileTokenStore(join(folder, 'tokens.json')).audit()).toEqual([]);
  });
});
