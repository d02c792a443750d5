import cliProgress from 'cli-progress';
import type { JobProgress } from '../jobs/index.js';
import type { ToolProgress } from '../tools/tool-spec.js';
import type { Output } from './output.js';

export interface ProgressDisplay {
  update(progress: JobProgress): void;
  stop(): void;
}

const seconds = (ms: number | undefined) => (ms === undefined ? '?' : `${Math.round(ms / 1000)}s`);

/**
 * Shows a job's progress: a bar on an interactive terminal (estimated from the service's eta),
 * plain lines on stderr otherwise, so that piped output is never garbled by cursor control.
 */
export function createProgressDisplay(output: Output, label: string): ProgressDisplay {
  if (!output.interactive || output.json) {
    let last = '';
    return {
      update(progress) {
        const line = `${label}: ${progress.status}, ${seconds(progress.elapsedMs)} elapsed, eta ${seconds(progress.etaMs)}, poll ${progress.attempt}`;
        if (line !== last) output.note(line);
        last = line;
      },
      stop() {},
    };
  }
  const bar = new cliProgress.SingleBar(
    {
      format: `${label} [{bar}] {percentage}% | {status} | {elapsed}s elapsed, eta {eta_service}`,
      hideCursor: true,
      stream: process.stderr,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(progress: JobProgress | ToolProgress) {
      const elapsed = Math.round(progress.elapsedMs / 1000);
      const total =
        progress.etaMs === undefined
          ? Math.max(elapsed + 1, 1)
          : elapsed + Math.max(1, Math.round(progress.etaMs / 1000));
      const value = progress.status === 'success' ? total : elapsed;
      const payload = { status: progress.status, elapsed, eta_service: seconds(progress.etaMs) };
      if (!started) {
        bar.start(total, value, payload);
        started = true;
      } else {
        bar.setTotal(total);
        bar.update(value, payload);
      }
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
