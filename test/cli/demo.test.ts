import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliProcess } from '../support/cli.js';

describe('gentk demo', () => {
  it('runs the whole story non-interactively, prints its milestones, and saves real files', {
    timeout: 120_000,
  }, async () => {
    const directory = await mkdtemp(join(tmpdir(), 'gentk-demo-test-'));
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
      /approved/,
      /"operationId":"post_wallet_fund"/,
      /assistant: Done:/,
      /Session closed: the token it obtained is revoked/,
    ];
    for (const milestone of milestones) expect(transcript).toMatch(milestone);
    // The small quota shows the governor pacing calls; the service never has to refuse one.
    expect(transcript).not.toMatch(/rate_limited|\b429\b/);
    // Polling progress goes to stderr, never into the transcript on stdout.
    expect(result.stderr).toMatch(/v8_video_text_to_video: processing/);
    expect(transcript).not.toContain('\u001b[');
    const files = (await readdir(directory)).sort();
    expect(files.map((file) => file.split('.').pop())).toEqual(['png', 'png', 'mp4', 'mp3']);
    const png = await readFile(join(directory, files[0] as string));
    expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });
});
