import type { HttpBindings } from '@hono/node-server';
import type { Context, Hono } from 'hono';
import type { EmulatorClock } from './clock.js';
import type { FileStore } from './files/file-store.js';
import type { JobStore } from './generation/job-store.js';
import type { FaultController } from './http/faults.js';
import type { ResolvedEmulatorOptions } from './options.js';
import type { SeededRandom } from './random.js';
import type { IdempotencyStore } from './state/idempotency.js';
import type { EmulatorState } from './state/store.js';

/** Per-request values the middleware sets for the handlers. */
export interface RequestVariables {
  /** The request id echoed in control-plane envelopes and logs. */
  requestId: string;
  /** The origin the client used to reach the emulator; documents and URLs are built on it. */
  origin: string;
}

export type EmulatorEnv = { Bindings: Partial<HttpBindings>; Variables: RequestVariables };
export type EmulatorApp = Hono<EmulatorEnv>;
export type RequestContext = Context<EmulatorEnv>;

/** Everything the route modules share: options, time, state, randomness, faults. */
export interface EmulatorContext {
  readonly options: ResolvedEmulatorOptions;
  readonly clock: EmulatorClock;
  readonly state: EmulatorState;
  readonly random: SeededRandom;
  readonly idempotency: IdempotencyStore;
  readonly faults: FaultController;
  readonly jobs: JobStore;
  readonly files: FileStore;
  /** Milliseconds on the clock for `seconds` of service time (the timeScale applied). */
  serviceMs(seconds: number): number;
  /** Whole seconds to publish (eta, retry_after) for `ms` on the clock. */
  publishedSeconds(ms: number): number;
  /** Where unexpected errors are reported; silent when absent. */
  readonly log?: (line: string) => void;
}
