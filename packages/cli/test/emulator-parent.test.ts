/**
 * `gentk emulator` ends with the process that started it. A notebook or a script that runs
 * `npx gentk emulator` and later stops it by the pid it knows (npx's) must not leave the emulator
 * running and holding its port: npm ends, gentk is orphaned, and it notices.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_ROOT, cliEnvironment, waitForLine } from '../../../test/support/cli.js';

/** Whether anything still answers at `url`. */
async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

describe('gentk emulator started through npx', () => {
  it('stops and frees its port when npx is stopped by its pid', async () => {
    // npx runs the package's bin, which is the build: `npm test` builds before it tests.
    if (!existsSync(join(CLI_ROOT, 'packages/cli/dist/main.js')))
      throw new Error('npx gentk runs packages/cli/dist/main.js: run `npm run build` first.');
    const npx = spawn('npx', ['--no-install', 'gentk', 'emulator', '--port', '0', '--quiet'], {
      cwd: CLI_ROOT,
      env: cliEnvironment(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const [, url] = await waitForLine(npx, /listening on (http:\/\/127\.0\.0\.1:\d+)/, 30_000);
    const catalogue = `${url}/.well-known/api-catalog`;
    expect(await answers(catalogue)).toBe(true);

    npx.kill('SIGTERM');
    await once(npx, 'exit');
    // The emulator notices within its polling interval (half a second) and closes its server.
    const deadline = Date.now() + 10_000;
    while ((await answers(catalogue)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await answers(catalogue)).toBe(false);
  }, 60_000);
});
