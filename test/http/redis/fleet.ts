/**
 * Runs a fleet of `fleet-worker.ts` processes against one emulator: starts them, waits until
 * every one has connected, starts them together, and collects their reports. Shared by the
 * cross-process test and the `multi-process` benchmark.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { FleetConfig, FleetReport } from './worker-protocol.js';

export type { FleetConfig, FleetReport } from './worker-protocol.js';

const WORKER = fileURLToPath(new URL('./fleet-worker.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface FleetOptions {
  /** One config per process. */
  readonly configs: readonly FleetConfig[];
  /** When to start and stop, given the moment every process is ready (epoch ms). */
  readonly schedule: (readyAt: number) => { readonly startAt: number; readonly endAt: number };
  /** Gives up (and kills the processes) after this long. @default 60_000 */
  readonly timeoutMs?: number;
}

export interface FleetResult {
  readonly startAt: number;
  readonly endAt: number;
  readonly reports: readonly FleetReport[];
}

interface Worker {
  readonly child: ChildProcess;
  readonly messages: AsyncIterator<string>;
  stderr: string;
}

function startWorker(): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const worker: Worker = {
    child,
    messages: createInterface({ input: child.stdout! })[Symbol.asyncIterator](),
    stderr: '',
  };
  child.stderr?.on('data', (chunk: Buffer) => {
    worker.stderr = (worker.stderr + chunk.toString()).slice(-4_000);
  });
  return worker;
}

async function expectMessage<T extends { type: string }>(worker: Worker, type: T['type']): Promise<T> {
  for (;;) {
    const line = await worker.messages.next();
    if (line.done) {
      throw new Error(
        `a fleet worker ended before sending "${type}" (exit ${worker.child.exitCode}):\n${worker.stderr}`,
      );
    }
    if (!line.value.startsWith('{')) continue; // not the protocol: a stray log line
    const message = JSON.parse(line.value) as T;
    if (message.type === type) return message;
  }
}

/** Runs the fleet to its end; rejects (after killing its processes) on any failure or timeout. */
export async function runFleet(options: FleetOptions): Promise<FleetResult> {
  const workers = options.configs.map(() => startWorker());
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the fleet did not finish within ${options.timeoutMs ?? 60_000} ms`)),
      options.timeoutMs ?? 60_000,
    );
  });
  const run = async (): Promise<FleetResult> => {
    workers.forEach((worker, index) => {
      worker.child.stdin!.write(`${JSON.stringify(options.configs[index])}\n`);
    });
    await Promise.all(workers.map((worker) => expectMessage(worker, 'ready')));
    const { startAt, endAt } = options.schedule(Date.now());
    for (const worker of workers) worker.child.stdin!.write(`${JSON.stringify({ startAt, endAt })}\n`);
    const reports = await Promise.all(workers.map((worker) => expectMessage<FleetReport>(worker, 'report')));
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.child.exitCode !== null) resolve();
            else worker.child.once('exit', () => resolve());
          }),
      ),
    );
    return { startAt, endAt, reports };
  };
  try {
    return await Promise.race([run(), timeout]);
  } finally {
    clearTimeout(timer);
    for (const worker of workers)
      if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
  }
}
