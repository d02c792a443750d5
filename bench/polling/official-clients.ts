/**
 * The polling of the service's official clients (service-facts.md), replayed over HTTP against
 * an emulator on a manual clock: each poll moves the clock by the client's delay, then fetches.
 * - The official JavaScript SDK polls 10 times, 2 s apart, then gives up: a longer job is lost.
 * - The official CLI polls after 1 s, doubling to every 10 s, for at most 5 minutes.
 * @module
 */

import type { ManualClock } from 'generation-agent-toolkit-emulator';
import type { Agent } from 'undici';

/** Delays between a client's polls, in milliseconds; the schedule ends where the client gives up. */
export type PollDelays = () => Iterable<number>;

/** The official SDK: 10 polls, 2 s apart. */
export const SDK_DELAYS: PollDelays = function* () {
  for (let poll = 0; poll < 10; poll += 1) yield 2_000;
};

/** The official CLI: 1 s, 2 s, 4 s, 8 s, then every 10 s, until 5 minutes have passed. */
export const CLI_DELAYS: PollDelays = function* () {
  let elapsed = 0;
  let delay = 1_000;
  while (elapsed + delay <= 300_000) {
    yield delay;
    elapsed += delay;
    delay = Math.min(10_000, delay * 2);
  }
};

export interface JobRequest {
  /** Path of the submission, e.g. `/api/v7/images/text-to-image`. */
  readonly path: string;
  readonly input: Readonly<Record<string, unknown>>;
}

export interface ReplayedJob {
  /** Fetches made; all of them when the job was lost. */
  readonly fetches: number;
  /** Milliseconds from the job's completion to the client seeing it; undefined when lost. */
  readonly delayMs: number | undefined;
  /** Seconds the service says the job took (`generationTime`, to 0.1 s). */
  readonly generationSeconds: number | undefined;
}

type Json = Record<string, unknown>;

/**
 * Submits `job` and polls its `fetch_result` on `delays`, sending the key in the body (and as a
 * Bearer credential) as the official clients do.
 */
export async function replayJob(options: {
  readonly agent: Agent;
  readonly baseUrl: string;
  readonly clock: ManualClock;
  readonly key: string;
  readonly job: JobRequest;
  readonly delays: PollDelays;
}): Promise<ReplayedJob> {
  const { agent, baseUrl, clock, key, job } = options;
  const post = async (url: string, body: Json): Promise<Json> => {
    const response = await agent.request({
      origin: new URL(url, baseUrl).origin,
      path: new URL(url, baseUrl).pathname,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ ...body, key }),
    });
    return (await response.body.json()) as Json;
  };
  const submittedAt = clock.now();
  const answer = await post(job.path, job.input);
  if (answer.status !== 'processing') throw new Error(`a benchmark job was not queued: ${answer.status}`);
  const fetchUrl = String(answer.fetch_result);
  let fetches = 0;
  for (const delay of options.delays()) {
    clock.advance(delay);
    fetches += 1;
    const status = await post(fetchUrl, { request_id: answer.id });
    if (status.status === 'success') {
      const generationSeconds = Number(status.generationTime);
      return {
        fetches,
        delayMs: clock.now() - submittedAt - generationSeconds * 1000,
        generationSeconds,
      };
    }
  }
  return { fetches, delayMs: undefined, generationSeconds: undefined };
}
