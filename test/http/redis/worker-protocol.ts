/**
 * What the test processes say to each other: the lines the fleet and job workers read on stdin
 * and write on stdout. Types only, so that importing them never runs a worker.
 */
import type { PendingCall } from '../../../src/index.js';

export interface FleetConfig {
  readonly baseUrl: string;
  readonly apiKey: string;
  /** `redis`: the shared store at `redisUrl`; `memory`: this process's own (the naive fleet). */
  readonly store: 'redis' | 'memory';
  readonly redisUrl?: string;
  readonly prefix?: string;
  /** Callers in this process. */
  readonly concurrency: number;
}

export interface FleetReport {
  readonly type: 'report';
  /** Calls that returned a result. */
  readonly succeeded: number;
  /** Every HTTP status this process received from the generation API, by status. */
  readonly wire: Readonly<Record<string, number>>;
  /** Calls that failed, by error name (the cut-short waits at the end are `AbortError`). */
  readonly errors: Readonly<Record<string, number>>;
}

/** One step of the job hand-over (`job-worker.ts`). */
export type JobStep = {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly redisUrl: string;
  readonly prefix: string;
} & ({ readonly step: 'submit' } | { readonly step: 'resume'; readonly handle: PendingCall });
