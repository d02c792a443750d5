/**
 * One MCP server process of a test fleet (`fixtures/http-server.ts`): started with the given
 * environment, resolved with its URL once it listens, stopped by signal.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCRIPT = fileURLToPath(new URL('./fixtures/http-server.ts', import.meta.url));

export interface FleetInstance {
  readonly url: string;
  readonly child: ChildProcess;
}

/** Starts one instance; `started` receives the process at once, so that a test can always stop it. */
export function startFleetInstance(
  env: Record<string, string>,
  started: (child: ChildProcess) => void,
): Promise<FleetInstance> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /listening (\S+)/.exec(stdout)?.[1];
      if (url) resolve({ url, child });
    });
    child.once('exit', (code) => reject(new Error(`instance exited with ${code}: ${stderr}`)));
  });
}

/** Stops an instance (SIGKILL: as a crash would) and resolves once it exited. */
export function stopFleetInstance(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  return exited;
}
