/**
 * The toolkit as a job client: one `HttpClient` (its own governor) running the jobs through
 * `runJobs`, its jitter seeded so that a run's figures can be run again. Shared by the governor
 * tests, the fleet client and the bench's dialect rows.
 * @module
 */
import { SeededRandom } from '../../../packages/emulator/src/random.js';
import {
  type Clock,
  HttpClient,
  type HttpClientOptions,
  type PublishedQuota,
  type Transport,
} from '../../../src/http/index.js';
import { runJobs } from '../dialect-servers/run-jobs.js';
import type { JobClient } from './run-against.js';

/** The account key the provider-limit servers know. */
export const PROVIDER_ACCOUNT_KEY = 'account-1';

/** A toolkit client as the runs use it; `extra` adds a store, events or another key. */
export function toolkitHttpClient(
  options: {
    readonly baseUrl: string;
    readonly clock: Clock;
    readonly transport: Transport;
    readonly key?: string;
    /** The jitter's seed (a fleet gives each member its own). */
    readonly seed?: number;
  },
  extra: Partial<HttpClientOptions> = {},
): HttpClient {
  const random = new SeededRandom(options.seed ?? 13);
  return new HttpClient({
    baseUrl: options.baseUrl,
    clock: options.clock,
    transport: options.transport,
    credentials: { generationKey: options.key ?? PROVIDER_ACCOUNT_KEY },
    totalTimeoutMs: 600_000,
    random: () => random.next(),
    ...extra,
  });
}

/**
 * One toolkit client running every job: failed calls and lost jobs. Told `quotas`, it keeps to
 * them from the first request (`rateLimit.quotas`), as Bottleneck is configured by hand.
 */
export const toolkitToldClient =
  (quotas?: readonly PublishedQuota[]): JobClient =>
  async (options) => {
    const run = await runJobs({
      client: toolkitHttpClient(options, quotas ? { rateLimit: { quotas } } : {}),
      baseUrl: options.baseUrl,
      jobs: options.jobs,
      callers: options.callers,
    });
    return { failedCalls: run.failedCalls, lostJobs: run.unfinished, errors: run.errors };
  };

/** One toolkit client running every job, told nothing: failed calls and lost jobs. */
export const toolkitJobClient: JobClient = toolkitToldClient();
