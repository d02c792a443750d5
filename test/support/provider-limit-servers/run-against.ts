/**
 * One cold run of a job client against a fresh provider-limit server, on its own virtual clock:
 * what the server counted and how long it took. Shared by the tests and the bench.
 * @module
 */
import { ManualClock } from 'generation-agent-toolkit-emulator';
import { createUndiciTransport, type Transport } from '../../../src/http/index.js';
import { createVirtualClock, type VirtualClock } from '../virtual-clock.js';
import type { ProviderLimitServer, RunShape } from './index.js';
import type { ProviderCounts } from './provider-service.js';
import { createVirtualWire } from './virtual-wire.js';

export interface ClientRunOutcome {
  readonly failedCalls: number;
  readonly lostJobs: number;
  readonly errors?: readonly string[];
}

export interface ProviderRun {
  readonly counts: ProviderCounts;
  readonly wallMs: number;
  readonly refused: number;
  readonly shape: RunShape;
  readonly client: ClientRunOutcome;
}

export type JobClient = (options: {
  readonly transport: Transport;
  readonly clock: VirtualClock;
  readonly baseUrl: string;
  readonly jobs: number;
  readonly callers: number;
}) => Promise<ClientRunOutcome>;

export async function runAgainst(
  server: ProviderLimitServer,
  client: JobClient,
  options: {
    readonly jobs: number;
    readonly callers: number;
    readonly jobMs: number;
    /** Real I/O one operation at a time (see `VirtualClockOptions`): for fleets, whose members race. */
    readonly sequential?: boolean;
  },
): Promise<ProviderRun> {
  // Not on a second boundary: windows aligned on the clock and windows from the first request differ.
  const manual = new ManualClock(Date.UTC(2026, 0, 1, 0, 0, 0, 300));
  const clock = createVirtualClock(manual, { sequential: options.sequential ?? false });
  const wire = createVirtualWire(clock);
  const startedAt = clock.now();
  const running = await server.start({
    now: () => manual.now(),
    jobMs: options.jobMs,
    answerMs: server.answerMs,
    wire,
    startedAt,
  });
  const { transport, close } = createUndiciTransport();
  try {
    const wrapped = server.answerMs > 0 ? wire.wrap(transport) : clock.wrap(transport);
    const outcome = await client({
      transport: wrapped,
      clock,
      baseUrl: running.url,
      jobs: options.jobs,
      callers: options.callers,
    });
    const { counts } = running;
    return {
      counts,
      wallMs: clock.now() - startedAt,
      refused: counts.refused429 + counts.refused503 + counts.refused403,
      shape: { startedAt, jobs: options.jobs, callers: options.callers, jobMs: options.jobMs },
      client: outcome,
    };
  } finally {
    await close();
    await running.close();
  }
}
