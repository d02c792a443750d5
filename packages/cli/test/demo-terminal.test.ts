import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_SCRIPT, spawnCliOnTerminal } from '../../../test/support/cli.js';
import { createFakeTerminal } from '../../../test/support/fake-terminal.js';
import { collectOutput } from '../../../test/support/process-output.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'gentk-demo-terminal-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe.skipIf(!HAS_SCRIPT)('gentk demo on a terminal', () => {
  it('draws a progress line per job without garbling the transcript, and takes a "no" as a denial', {
    timeout: 120_000,
  }, async () => {
    const child = spawnCliOnTerminal(['demo', '--output-dir', folder]);
    const finished = collectOutput(child, 'gentk demo on a terminal', 110_000);
    let printed = '';
    child.stdout?.on('data', function answer(chunk: Buffer) {
      printed += chunk.toString();
      if (!printed.includes('Approve this call?')) return;
      child.stdout?.off('data', answer);
      child.stdin?.write('n\r');
    });
    const result = await finished;
    // What a person would see once it is over: the bytes replayed on a terminal.
    const terminal = createFakeTerminal(400);
    await new Promise<void>((resolve) => terminal.write(result.stdout, () => resolve()));
    const screen = terminal.screen();
    expect(result.code, screen.join('\n')).toBe(0);

    const progressLines = screen.filter((line) => /\] +(\d+|--)% \|/.test(line));
    // Every live line was settled into its final state: none is left half-drawn or stale.
    for (const line of progressLines) expect(line).toMatch(/\[█{20}\] 100% \| done in \d+s$/);
    const images = progressLines.filter((line) => line.startsWith('v7_images_text_to_image '));
    expect(new Set(images.map((line) => line.split(' ')[1])).size, screen.join('\n')).toBe(2);
    expect(progressLines.some((line) => line.startsWith('v8_video_text_to_video '))).toBe(true);
    // Transcript lines printed while jobs ran are whole lines of their own.
    expect(screen.filter((line) => line.startsWith('← result')).length).toBe(5);

    expect(screen).toContain('  denied, because you declined it');
    const reply = screen.find((line) => line.startsWith('assistant: '));
    expect(reply).toMatch(/I did not add \$20 to the wallet, because you declined it\.$/);
    expect(screen.join('\n')).toMatch(/Wallet balance now \$\d+\.\d\d \(0 payments,/);
  });
});
