import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_SCRIPT, spawnCliOnTerminal } from '../../../test/support/cli.js';
import { collectOutput } from '../../../test/support/process-output.js';
import type { ManualClock } from '../../emulator/src/clock.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping terminal escapes is the point.
const ESCAPES = /\u001b\[[?\d;]*[A-Za-z]/g;

let emulator: Emulator;
let folder: string;

beforeAll(async () => {
  // The service's time stands still until the test moves it: the job runs until the test says.
  emulator = await startEmulator({ clock: 'manual', jobDurations: { video: 6 } });
  folder = await mkdtemp(join(tmpdir(), 'gentk-progress-'));
});
afterAll(async () => {
  await emulator.close();
  await rm(folder, { recursive: true, force: true });
});

describe.skipIf(!HAS_SCRIPT)('gentk call on a terminal', () => {
  it('counts the seconds and fills the bar between polls while a video job runs', {
    timeout: 90_000,
  }, async () => {
    const account = emulator.createAccount();
    const child = spawnCliOnTerminal(
      ['call', 'v8_video_text_to_video', emulator.url, '--input', '{"model_id":"veo-3","prompt":"waves"}'],
      { GENTK_API_KEY: account.apiKey, GENTK_TOKEN_STORE: join(folder, 'tokens.json') },
    );
    const finished = collectOutput(child, 'gentk call on a terminal', 80_000);
    try {
      // The job answers eta 6 s, so the first poll comes after 7 s: every second seen before that
      // was counted by the display itself.
      const ticks = await new Promise<{ elapsed: number; percent: number }[]>((resolve, reject) => {
        let screen = '';
        child.stdout?.on('data', (chunk: Buffer) => {
          screen += chunk.toString().replace(ESCAPES, '');
          const seen = [...screen.matchAll(/(\d+)% \| (\d+)s elapsed/g)].map((match) => ({
            percent: Number(match[1]),
            elapsed: Number(match[2]),
          }));
          if (seen.some((tick) => tick.elapsed >= 3)) resolve(seen);
        });
        child.once('exit', () => reject(new Error(`gentk ended before 3 s had passed:\n${screen}`)));
      });
      const seconds = [...new Set(ticks.map((tick) => tick.elapsed))];
      expect(seconds.length, JSON.stringify(ticks)).toBeGreaterThanOrEqual(3);
      expect(seconds).toEqual([...seconds].sort((a, b) => a - b));
      expect(ticks.at(-1)!.percent).toBeGreaterThan(ticks[0]!.percent);
      expect(Math.max(...ticks.map((tick) => tick.percent))).toBeLessThan(100);

      (emulator.clock as ManualClock).advance(6_000);
      const result = await finished;
      const shown = result.stdout.replace(ESCAPES, '');
      expect(result.code, shown).toBe(0);
      expect(shown).toMatch(/v8_video_text_to_video \[█{20}\] 100% \| done in \d+s/);
      expect(shown).toMatch(/done: v8_video_text_to_video/);
    } finally {
      child.kill();
      await finished.catch(() => undefined);
    }
  });
});
