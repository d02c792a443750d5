/**
 * Starts `emulator-child.ts` and hands back its address and accounts' keys.
 * @module
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { EmulatorOptions } from 'generation-agent-toolkit-emulator';

export interface EmulatorProcess {
  readonly url: string;
  /** One generation key per account asked for. */
  readonly apiKeys: readonly string[];
  stop(): void;
}

/** An emulator in its own process, with `accounts` funded accounts. `options` must be plain JSON. */
export async function startEmulatorProcess(options: EmulatorOptions, accounts = 1): Promise<EmulatorProcess> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(new URL('./emulator-child.ts', import.meta.url)),
      JSON.stringify({ options, accounts }),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const started = await new Promise<{ url: string; apiKeys: string[] }>((resolve, reject) => {
    let seen = '';
    child.stdout.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const line = seen.split('\n')[0];
      if (seen.includes('\n') && line) resolve(JSON.parse(line) as { url: string; apiKeys: string[] });
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the emulator process exited with ${code}`)));
  });
  return { ...started, stop: () => child.stdin.end() };
}

/**
 * An emulator whose jobs of `category` stay running for ten minutes of its (manual) clock, with
 * room for thousands of them: what a measure of the memory held per waiting job needs, with
 * `accounts` accounts, one per side of the comparison.
 */
export function startParkedJobsEmulator(category: 'image' | 'video', accounts = 2): Promise<EmulatorProcess> {
  return startEmulatorProcess(
    {
      clock: 'manual',
      jobDurations: { [category]: 600 },
      rateLimits: { generation: { limit: 1_000_000, windowSeconds: 60 } },
      queueLimit: 10_000,
    },
    accounts,
  );
}
