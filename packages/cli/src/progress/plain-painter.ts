/**
 * Progress for logs and pipes: whole lines, no cursor control, and few of them.
 * @module
 */
import type { LiveJob } from './live-job.js';
import type { ProgressPainter } from './progress-painter.js';
import { plainLine } from './progress-text.js';

/** How often a running job's line comes back in a log when its status has not changed. */
export const PLAIN_HEARTBEAT_MS = 10_000;

/** A line per job at each change of status, and every {@link PLAIN_HEARTBEAT_MS} while it runs. */
export function createPlainPainter(writeLine: (line: string) => void): ProgressPainter {
  const printed = new WeakMap<LiveJob, { readonly status: LiveJob['status']; readonly at: number }>();
  return {
    paint(jobs, now) {
      for (const job of jobs) {
        const last = printed.get(job);
        if (last && last.status === job.status && now - last.at < PLAIN_HEARTBEAT_MS) continue;
        writeLine(plainLine(job.label, job.estimate(now)));
        printed.set(job, { status: job.status, at: now });
      }
    },
    aside: (write) => write(),
    // Every change of status was printed as it came: nothing is left to say.
    settle() {},
  };
}
