/**
 * The service as the emulator publishes it, discovered once per test file over real HTTP. The
 * emulator is closed afterwards: suites that only check what would be sent need its documents, not
 * its answers.
 * @module
 */

import { startEmulator } from 'generation-agent-toolkit-emulator';
import { discover } from '../../../src/discovery/discover.js';
import type { ServiceDescription } from '../../../src/discovery/service-description.js';

let described: Promise<ServiceDescription> | undefined;

export function emulatorService(): Promise<ServiceDescription> {
  described ??= (async () => {
    const emulator = await startEmulator({ clock: 'manual' });
    try {
      return await discover(emulator.url);
    } finally {
      await emulator.close();
    }
  })();
  return described;
}
