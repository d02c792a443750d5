import { Command } from 'commander';
import { startEmulator } from '../emulator/emulator.js';

interface OpenApiDocument {
  paths?: Record<string, Record<string, unknown>>;
}

function countOperations(document: OpenApiDocument): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const version = /^\/api\/(v\d|agents\/v1)\//.exec(path)?.[1] ?? 'other';
    for (const method of Object.keys(item)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method))
        counts[version] = (counts[version] ?? 0) + 1;
    }
  }
  return counts;
}

/**
 * The demo. Until the agent demo lands (issue 8) it starts the embedded emulator, prints where it
 * listens and a summary of what it publishes, and stops.
 */
export function demoCommand(setExit: (code: number) => void): Command {
  return new Command('demo')
    .description('Start the embedded emulator and show what the service publishes.')
    .option('--keep-running', 'keep the emulator running after the summary')
    .action(async (options: { keepRunning?: boolean }) => {
      const emulator = await startEmulator({ timeScale: 0.01 });
      try {
        process.stdout.write(`Emulator listening on ${emulator.url}\n`);
        for (const [name, path] of [
          ['generation API', '/openapi.json'],
          ['control plane', '/agents-openapi.json'],
        ] as const) {
          const response = await fetch(`${emulator.url}${path}`);
          if (!response.ok) {
            process.stdout.write(`  ${name}: ${path} answered ${response.status}\n`);
            setExit(1);
            continue;
          }
          const counts = countOperations((await response.json()) as OpenApiDocument);
          const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
          const detail = Object.entries(counts)
            .map(([version, n]) => `${version}: ${n}`)
            .join(', ');
          process.stdout.write(`  ${name}: ${total} operations (${detail})\n`);
        }
        if (options.keepRunning)
          await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
      } finally {
        await emulator.close();
      }
    });
}
