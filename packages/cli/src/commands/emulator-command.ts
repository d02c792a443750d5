import { randomBytes } from 'node:crypto';
import { Command, Option } from 'commander';
import {
  type EmulatorAccount,
  type FaultKind,
  type FaultRule,
  startEmulator,
} from 'generation-agent-toolkit-emulator';
import { action, type SetExit } from '../action.js';
import { usageError } from '../exit-codes.js';
import { parseNumber } from '../numbers.js';
import { watchParent } from '../parent-watch.js';
import { shellExports } from '../shell-exports.js';

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
        throw usageError(`unknown fault ${kind} in --faults; use ${FAULT_KINDS.join(', ')}`);
      }
      const p = Number(probability);
      if (!(p >= 0 && p <= 1)) throw usageError(`the probability of ${kind} in --faults must be from 0 to 1`);
      return { kind: kind as FaultKind, probability: p };
    });
}

/**
 * The port `gentk emulator` listens on unless told: stable, so that the address the README's
 * snippets fall back to (`http://127.0.0.1:8787`) is the one it prints. `--port 0` picks a free one.
 */
export const DEFAULT_EMULATOR_PORT = 8787;

interface EmulatorFlags {
  readonly port: number;
  readonly host: string;
  readonly timeScale: number;
  readonly fastClock?: boolean;
  readonly seed: number;
  readonly queueLimit: number;
  readonly latency: number;
  readonly faults?: string;
  readonly quiet?: boolean;
  readonly json?: boolean;
}

/** Starts the emulator; a port taken or an address not of this machine is a usage error that says the fix. */
async function startOrExplain(options: Parameters<typeof startEmulator>[0] & { port: number; host: string }) {
  try {
    return await startEmulator(options);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw usageError(
        `port ${options.port} is in use: pick another with --port, or --port 0 for a free one.`,
      );
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
      throw usageError(`--host ${options.host} is not an address of this machine; try 127.0.0.1.`);
    throw error;
  }
}

/** Where the emulator listens and, unless --quiet, a ready account as lines to paste (or one JSON line). */
function printReady(url: string, account: EmulatorAccount | undefined, flags: EmulatorFlags): void {
  const addresses = {
    url,
    discovery: `${url}/.well-known/api-catalog`,
    mailbox: `${url}/_emulator/mailbox?email=<address>`,
  };
  if (flags.json) {
    const ready = account
      ? { account: { email: account.email, password: account.password, apiKey: account.apiKey } }
      : {};
    process.stdout.write(`${JSON.stringify({ ...addresses, ...ready })}\n`);
    return;
  }
  const lines = [`Emulator listening on ${url}`];
  if (!flags.quiet) {
    lines.push(`  discovery: ${addresses.discovery}`, `  mailbox:   ${addresses.mailbox}`);
  }
  if (account) {
    lines.push(
      '',
      '# A verified account of this emulator, ready to use. Its password is shown because it is a throwaway:',
      '# it lives only in this emulator, until it stops. Paste these lines into your shell:',
      ...shellExports({
        GENTK_BASE_URL: url,
        GENTK_EMAIL: account.email,
        GENTK_PASSWORD: account.password,
        GENTK_API_KEY: account.apiKey,
      }),
      '',
    );
  }
  if (!flags.quiet) lines.push('Press Ctrl+C to stop.');
  process.stdout.write(`${lines.join('\n')}\n`);
}

export function emulatorCommand(setExit: SetExit): Command {
  return new Command('emulator')
    .description(
      'Run the emulator of the whole service on loopback, for testing agents without spending credits.',
    )
    .option(
      '-p, --port <port>',
      'port to listen on (0 picks a free one)',
      parseNumber('--port', { min: 0, max: 65535, integer: true }),
      DEFAULT_EMULATOR_PORT,
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
    .option('-q, --quiet', 'print only the address, without the ready account')
    .option('--json', 'print one JSON line: the addresses and the ready account')
    .action(
      action<EmulatorFlags>(setExit, async (_output, flags) => {
        const rules = flags.faults ? parseFaults(flags.faults) : [];
        const emulator = await startOrExplain({
          port: flags.port,
          host: flags.host,
          timeScale: flags.fastClock ? 0.01 : flags.timeScale,
          seed: flags.seed,
          queueLimit: flags.queueLimit,
          latencyMs: flags.latency,
          faults: { rules },
          log: (line) => process.stderr.write(`${line}\n`),
        });
        // A throwaway account of this emulator alone: its password can be shown, and a random one
        // keeps an emulator started on a shared interface (--host) from being guessable.
        const account = flags.quiet
          ? undefined
          : emulator.createAccount({ password: `emulator-${randomBytes(12).toString('base64url')}` });
        // Listening for a stop before saying "ready": a script may stop it as soon as it reads that.
        // A parent that is gone (npx stopped by its pid) stops it too: no orphan holds the port.
        const stopped = new Promise<void>((resolve) => {
          const stop = () => {
            process.off('SIGINT', stop);
            process.off('SIGTERM', stop);
            unwatch();
            void emulator.close().then(resolve);
          };
          process.on('SIGINT', stop);
          process.on('SIGTERM', stop);
          const unwatch = watchParent(stop);
        });
        printReady(emulator.url, account, flags);
        await stopped;
        return undefined;
      }),
    );
}
