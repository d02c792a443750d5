import { Command, Option } from 'commander';
import { startEmulator } from '../../emulator/emulator.js';
import type { FaultKind, FaultRule } from '../../emulator/options.js';
import { parseNumber } from '../numbers.js';

const FAULT_KINDS: readonly FaultKind[] = [
  'server-error',
  'unavailable',
  'rate-limited',
  'reset',
  'garbled',
  'html',
  'slow',
];

/** `--faults unavailable:0.1,reset:0.05`: fault kinds with the probability each request meets them. */
export function parseFaults(raw: string): FaultRule[] {
  return raw
    .split(',')
    .filter(Boolean)
    .map((part) => {
      const [kind, probability = '1'] = part.split(':');
      if (!FAULT_KINDS.includes(kind as FaultKind)) {
        throw new Error(`unknown fault ${kind}; use ${FAULT_KINDS.join(', ')}`);
      }
      const p = Number(probability);
      if (!(p >= 0 && p <= 1)) throw new Error(`the probability of ${kind} must be from 0 to 1`);
      return { kind: kind as FaultKind, probability: p };
    });
}

export function emulatorCommand(setExit: (code: number) => void): Command {
  return new Command('emulator')
    .description(
      'Run the emulator of the whole service on loopback, for testing agents without spending credits.',
    )
    .option(
      '-p, --port <port>',
      'port to listen on (0 picks a free one)',
      parseNumber('--port', { min: 0, max: 65535, integer: true }),
      0,
    )
    .option('--host <host>', 'loopback interface to listen on', '127.0.0.1')
    .option(
      '--time-scale <factor>',
      'multiply every service duration (0.01 runs 100 s in 1 s)',
      parseNumber('--time-scale', { min: 1e-6, max: 1000 }),
      1,
    )
    .addOption(new Option('--fast-clock', 'shorthand for --time-scale 0.01').conflicts('timeScale'))
    .option(
      '--seed <n>',
      'seed of job durations and faults',
      parseNumber('--seed', { min: 0, integer: true }),
      1,
    )
    .option(
      '--queue-limit <n>',
      'queued jobs allowed per account',
      parseNumber('--queue-limit', { min: 1, integer: true }),
      5,
    )
    .option(
      '--latency <ms>',
      'real milliseconds added to every answer (a stand-in for the network)',
      parseNumber('--latency', { min: 0, max: 60_000 }),
      0,
    )
    .option('--faults <list>', `inject faults: kind[:probability],... (${FAULT_KINDS.join(', ')})`)
    .action(
      async (options: {
        port: number;
        host: string;
        timeScale: number;
        fastClock?: boolean;
        seed: number;
        queueLimit: number;
        latency: number;
        faults?: string;
      }) => {
        let rules: FaultRule[] = [];
        try {
          rules = options.faults ? parseFaults(options.faults) : [];
        } catch (error) {
          process.stderr.write(`gentk emulator: ${(error as Error).message}\n`);
          setExit(2);
          return;
        }
        const emulator = await startEmulator({
          port: options.port,
          host: options.host,
          timeScale: options.fastClock ? 0.01 : options.timeScale,
          seed: options.seed,
          queueLimit: options.queueLimit,
          latencyMs: options.latency,
          faults: { rules },
          log: (line) => process.stderr.write(`${line}\n`),
        });
        process.stdout.write(`Emulator listening on ${emulator.url}\n`);
        process.stdout.write(`  discovery: ${emulator.url}/.well-known/api-catalog\n`);
        process.stdout.write(`  mailbox:   ${emulator.url}/_emulator/mailbox?email=<address>\n`);
        process.stdout.write('Press Ctrl+C to stop.\n');
        await new Promise<void>((resolve) => {
          const stop = () => {
            process.off('SIGINT', stop);
            process.off('SIGTERM', stop);
            void emulator.close().then(resolve);
          };
          process.on('SIGINT', stop);
          process.on('SIGTERM', stop);
        });
      },
    );
}
