import { Command } from 'commander';
import { discover } from '../../discovery/discover.js';
import { startEmulator } from '../../emulator/emulator.js';
import { discoverySummary } from '../discovery-summary.js';

/**
 * The demo. Until the agent demo lands (issue 8) it starts the embedded emulator, discovers it and
 * prints what the service publishes.
 */
export function demoCommand(_setExit: (code: number) => void): Command {
  return new Command('demo')
    .description('Start the embedded emulator and show what the service publishes.')
    .option('--keep-running', 'keep the emulator running after the summary')
    .action(async (options: { keepRunning?: boolean }) => {
      const emulator = await startEmulator({ timeScale: 0.01 });
      try {
        process.stdout.write(`Emulator listening on ${emulator.url}\n\n`);
        const service = await discover(emulator.url);
        process.stdout.write(`${discoverySummary(service)}\n`);
        if (options.keepRunning)
          await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
      } finally {
        await emulator.close();
      }
    });
}
