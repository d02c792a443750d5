/**
 * The emulator that a test file's gentk processes talk to: in this process, on a loopback port,
 * with jobs a thousand times faster and a login limit that many processes do not reach.
 * @module
 */

import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll } from 'vitest';

/** Starts the emulator before the file's tests and closes it after them; call the result for it. */
export function useEmulatorForCli(): () => Emulator {
  let emulator: Emulator | undefined;
  beforeAll(async () => {
    emulator = await startEmulator({
      timeScale: 0.001,
      rateLimits: { auth: { limit: 1000, windowSeconds: 60 } },
    });
  });
  afterAll(() => emulator?.close());
  return () => {
    if (!emulator) throw new Error('the emulator starts in beforeAll: use it inside a test');
    return emulator;
  };
}
