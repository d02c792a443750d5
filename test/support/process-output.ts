/**
 * What a child process printed, collected until it ends, with a limit on how long that may take.
 * @module
 */
import type { ChildProcess } from 'node:child_process';

export interface ProcessOutput {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Collects `child`'s stdout and stderr until it closes; kills it and rejects, with what it printed
 * so far, when it runs past `timeoutMs`. `name` says which process in that message.
 */
export function collectOutput(child: ChildProcess, name: string, timeoutMs: number): Promise<ProcessOutput> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not finish in ${timeoutMs} ms; stdout:\n${stdout}\nstderr:\n${stderr}`));
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    // 'close', not 'exit': output may still be in the pipes when the process has exited.
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
