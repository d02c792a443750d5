/**
 * The emulator's books, read after a chaos run: which logical call each paid generation job
 * belongs to. Every job echoes its input as `meta`, and every call of the suite carries a tag in
 * its prompt, so a call charged twice shows as one tag with two paid jobs, whatever the client
 * believed happened.
 * @module
 */

import type { Emulator, ManualClock } from 'generation-agent-toolkit-emulator';
import type { ServiceDescription } from '../../../src/discovery/service-description.js';
import { isRecord } from '../../../src/http/index.js';

export interface PaidJob {
  readonly jobId: string;
  readonly operationId: string;
  /** The tag found in the job's echoed input, if any. */
  readonly tag: string | undefined;
  /** The start of the service's answer, when it held no tag: what to look at. */
  readonly excerpt?: string;
}

/**
 * The answer the service gives now for a job, asked in process (no socket, no fault: run after the
 * chaos). The fetches count against the account's quota like any other: when it runs out, the
 * emulator's clock is moved past the refusal, since nothing else is running any more.
 */
async function jobAnswer(
  emulator: Emulator,
  service: ServiceDescription,
  apiKey: string,
  operationId: string,
  jobId: string,
): Promise<unknown> {
  const fetchId = service.operation(operationId)?.async?.fetchOperationId;
  const fetch = fetchId ? service.operation(fetchId) : undefined;
  if (!fetch) throw new Error(`${operationId} has no fetch operation`);
  const inPath = /\{[^}]+\}/.test(fetch.url);
  const url = inPath ? fetch.url.replace(/\{[^}]+\}/, encodeURIComponent(jobId)) : fetch.url;
  for (;;) {
    const response = await emulator.fetch(
      new Request(url, {
        method: fetch.method,
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        ...(fetch.method === 'GET' ? {} : { body: JSON.stringify(inPath ? {} : { request_id: jobId }) }),
      }),
    );
    if (response.status !== 429) return response.json();
    await response.body?.cancel();
    (emulator.clock as ManualClock).advance(Number(response.headers.get('retry-after') ?? 1) * 1000);
  }
}

/**
 * The generation jobs the account still pays for (debits of `asyncOperationIds` not refunded),
 * each with the tag its input carried.
 */
export async function paidJobs(options: {
  readonly emulator: Emulator;
  readonly service: ServiceDescription;
  readonly email: string;
  readonly apiKey: string;
  readonly asyncOperationIds: ReadonlySet<string>;
  readonly tagOf: (text: string) => string | undefined;
}): Promise<PaidJob[]> {
  const account = options.emulator.inspect(options.email);
  if (!account) throw new Error(`the emulator has no account ${options.email}`);
  const refunded = new Set(
    account.transactions
      .filter((entry) => entry.type === 'credit' && entry.description.startsWith('Refund'))
      .map((entry) => entry.reference),
  );
  const paid = account.transactions.filter(
    (entry) =>
      entry.type === 'debit' &&
      options.asyncOperationIds.has(entry.description) &&
      !refunded.has(entry.reference),
  );
  const jobs: PaidJob[] = [];
  for (const entry of paid) {
    const answer = await jobAnswer(
      options.emulator,
      options.service,
      options.apiKey,
      entry.description,
      entry.reference,
    );
    // A job that failed meanwhile has been refunded: it is no longer paid for.
    if (isRecord(answer) && answer.status === 'failed') continue;
    const meta = isRecord(answer) && isRecord(answer.meta) ? answer.meta : {};
    const prompt = typeof meta.prompt === 'string' ? meta.prompt : JSON.stringify(answer);
    const tag = options.tagOf(prompt);
    jobs.push({
      jobId: entry.reference,
      operationId: entry.description,
      tag,
      ...(tag === undefined ? { excerpt: JSON.stringify(answer).slice(0, 200) } : {}),
    });
  }
  return jobs;
}

/** Tags carried by more than one paid job: logical calls charged twice. */
export function chargedTwice(jobs: readonly PaidJob[]): string[] {
  const seen = new Map<string, number>();
  for (const job of jobs) if (job.tag) seen.set(job.tag, (seen.get(job.tag) ?? 0) + 1);
  return [...seen.entries()].filter(([, count]) => count > 1).map(([tag, count]) => `${tag} x${count}`);
}
