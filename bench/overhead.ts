/**
 * Overhead: what the HTTP core costs per call against a raw undici request on loopback, and the
 * memory 1,000 jobs in flight take against a bare poller holding the same jobs.
 *
 * Run: npx tsx bench/overhead.ts
 * @module
 */
import { IN_FLIGHT_JOBS, measureInFlightMemory } from './overhead/in-flight-memory.js';
import { measurePerCallCost } from './overhead/per-call.js';
import { type BenchFigure, type BenchSection, figure } from './section.js';
import { runDirectly } from './support/run-directly.js';

const MICROSECONDS = 1000;
const KIB = 1024;

export async function run(): Promise<BenchSection> {
  const figures: BenchFigure[] = [];
  for (const cost of await measurePerCallCost()) {
    const raw = { name: 'raw undici request()', value: cost.rawMs * MICROSECONDS };
    figures.push(
      figure({
        name: `per call, HttpClient.request(), ${cost.target}`,
        value: cost.clientMs * MICROSECONDS,
        unit: 'µs',
        baseline: raw,
        note: 'credentials, governor, retries, errors, versioning',
      }),
      figure({
        name: `per call, the core's bare transport, ${cost.target}`,
        value: cost.transportMs * MICROSECONDS,
        unit: 'µs',
        baseline: raw,
      }),
    );
  }
  const memory = await measureInFlightMemory();
  const perThousand = (bytesPerJob: number) => (bytesPerJob * 1000) / KIB;
  const bare = { name: 'bare poller: parsed answer and a timer', value: perThousand(memory.bareBytesPerJob) };
  figures.push(
    figure({
      name: `memory per 1,000 jobs in flight (${IN_FLIGHT_JOBS.toLocaleString('en-US')} held in the poller)`,
      value: perThousand(memory.toolkitBytesPerJob),
      unit: 'KiB',
      baseline: bare,
    }),
    figure({
      name: 'memory per 1,000 resumed jobs in flight (handed back at once, resumed from the handle)',
      value: perThousand(memory.resumedBytesPerJob),
      unit: 'KiB',
      baseline: bare,
      note: 'the same target as jobs waited for: 3x at most',
    }),
  );
  return { id: 'overhead', title: 'Overhead', figures };
}

await runDirectly(import.meta.url, run);
