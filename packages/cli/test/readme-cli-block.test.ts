/**
 * The README's command-line quick start, run as a reader would: `gentk emulator` as its block
 * says (on a free port: tests use random ports only), the `export` lines it prints pasted into a
 * shell, then every line of the script block, in order, in that one shell, each of which must
 * succeed. `npx gentk` runs the gentk under test.
 */

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CLI_ROOT, cliEnvironment, cliInvocation, spawnCli, waitForLine } from '../../../test/support/cli.js';
import { collectOutput } from '../../../test/support/process-output.js';
import { useTemporaryFolder } from '../../../test/support/temporary-folders.js';

vi.setConfig({ testTimeout: 240_000 });

/** The block marked `<!-- readme-cli: name -->`, line by line. */
function blockOf(readme: string, name: string): string[] {
  const found = new RegExp(`<!-- readme-cli: ${name} -->\\n\`\`\`sh\\n([\\s\\S]*?)\\n\`\`\``).exec(readme);
  expect(found, `README.md has no sh block marked readme-cli: ${name}`).not.toBeNull();
  return (found?.[1] ?? '').split('\n').filter((line) => line.trim() !== '');
}

const folder = useTemporaryFolder('readme-cli-');
const shellQuoted = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

describe("the README's command-line quick start", () => {
  it('runs in order against the emulator it starts, every line succeeding', async () => {
    const readme = await readFile(join(CLI_ROOT, 'README.md'), 'utf8');
    const [emulatorLine] = blockOf(readme, 'emulator');
    expect(emulatorLine).toMatch(/^npx gentk emulator\b/);
    const emulatorArgs = (emulatorLine as string).replace(/#.*$/, '').trim().split(/\s+/).slice(2);
    const emulator = spawnCli([...emulatorArgs, '--port', '0']);
    let printed = '';
    emulator.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
    });
    try {
      await waitForLine(emulator, /Press Ctrl\+C to stop/, 60_000);
      const exports = printed.split('\n').filter((line) => line.startsWith('export '));
      expect(exports).toHaveLength(4);
      const gentk = cliInvocation([]);
      const script = [
        'set -e',
        // `npx gentk …` is the gentk under test.
        `npx() { shift; ${[gentk.command, ...gentk.args].map(shellQuoted).join(' ')} "$@"; }`,
        ...exports,
        ...blockOf(readme, 'script').map((line) => `echo ${shellQuoted(`$ ${line}`)} >&2\n${line}`),
      ].join('\n');
      const shell = spawn('sh', ['-c', script], {
        cwd: CLI_ROOT,
        env: cliEnvironment({
          HOME: folder.path,
          GENTK_TOKEN_STORE: join(folder.path, 'tokens.json'),
          CI: '1',
        }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const result = await collectOutput(shell, 'the README command-line block', 200_000);
      expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
      expect(result.stdout).toMatch(/done: v7_images_text_to_image/);
      expect(result.stdout).toMatch(/queued: v8_video_text_to_video/);
      expect(result.stdout).toMatch(/done: post_wallet_fund/);
    } finally {
      emulator.kill('SIGTERM');
      if (emulator.exitCode === null) await once(emulator, 'exit');
    }
  });
});
