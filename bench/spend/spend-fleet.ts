/**
 * Runs the spend benchmark's processes: starts one `spend-worker.ts` per config, starts them
 * together once all are ready, and collects their reports.
 * @module
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { SpendReport } from './spend-loop.js';
import type { SpendWorkerConfig } from './spend-worker.js';

const WORKER = fileURLToPath(new URL('./spend-worker.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Runs one process per config to its end; rejects when one fails or `timeoutMs` passes. */
export async function runSpendFleet(
  configs: readonly SpendWorkerConfig[],
  timeoutMs = 60_000,
): Promise<SpendReport[]> {
  const workers = configs.map((config) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER, JSON.stringify(config)], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4_000);
    });
    const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    const next = async (type: string): Promise<Record<string, unknown>> => {
      for (;;) {
        const line = await lines.next();
        if (line.done)
          throw new Error(`a spend worker ended before "${type}" (exit ${child.exitCode}):\n${stderr}`);
        if (!line.value.startsWith('{')) continue;
        const message = JSON.parse(line.value) as Record<string, unknown>;
        if (message.type === type) return message;
      }
    };
    return { child, next };
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the spend fleet did not finish within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  const run = async () => {
    await Promise.all(workers.map((worker) => worker.next('ready')));
    for (const worker of workers) worker.child.stdin!.write('go\n');
    const reports = await Promise.all(workers.map((worker) => worker.next('report')));
    return reports as unknown as SpendReport[];
  };
  try {
    return await Promise.race([run(), timeout]);
  } finally {
    clearTimeout(timer);
    for (const { child } of workers)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}
