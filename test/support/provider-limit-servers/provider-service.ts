/**
 * The job service every provider-limit server wraps, written the way an API provider's edge is:
 * a limiter decides on each request before the application sees it, and answers may take time
 * (so that a limit on requests in flight can bite). Independent of the dialect servers.
 *
 * Routes: `POST /v1/generations` starts a job and answers `{status: "processing", id, eta,
 * fetch_result}`; `GET /v1/generations/{id}` answers `processing` with the seconds left, then
 * `success`. The account is the Bearer token.
 * @module
 */
import { createServer, type ServerResponse } from 'node:http';
import { type LoopbackServer, listenOnLoopback, receive } from '../loopback-server.js';
import type { VirtualWire } from './virtual-wire.js';

export type ProviderRoute = 'submit' | 'status';

/** What the limiter is asked about one request. */
export interface ProviderRequest {
  readonly route: ProviderRoute;
  readonly account: string;
  /** Milliseconds since the epoch on the server's clock. */
  readonly now: number;
  /** Requests of the account admitted and not answered yet (this one not included). */
  readonly inFlight: number;
}

export type ProviderAdmission =
  | { readonly allowed: true; readonly headers: Readonly<Record<string, string>> }
  | {
      readonly allowed: false;
      readonly status: 403 | 429 | 503 | 529;
      readonly headers: Readonly<Record<string, string>>;
      readonly body: unknown;
    };

export interface ProviderLimiter {
  admit(request: ProviderRequest): ProviderAdmission;
}

/** What the server did, for tests and the bench. */
export interface ProviderCounts {
  requests: number;
  readonly admittedAt: number[];
  refused429: number;
  /** Refusals with 503, or 529 (overloaded, as Anthropic sends it). */
  refused503: number;
  /** Refusals with 403 (a secondary limit, as GitHub sends it). */
  refused403: number;
  submitted: number;
  readonly fetchesByJob: Map<string, number>;
  readonly delivered: Set<string>;
  /** Most requests of one account in flight at once. */
  peakInFlight: number;
}

export interface ProviderServiceOptions {
  /** The server's clock. @default Date.now */
  readonly now?: () => number;
  /** How long each job runs. @default 1000 */
  readonly jobMs?: number;
  /**
   * How long each answer takes, on the clock of `wire` (required when above 0): the request is
   * in flight, for the limiter, until it is answered.
   * @default 0
   */
  readonly answerMs?: number;
  readonly wire?: VirtualWire;
}

export interface ProviderServer extends LoopbackServer {
  readonly counts: ProviderCounts;
}

const SUBMIT = /^\/v1\/generations\/?$/;
const STATUS = /^\/v1\/generations\/([\w-]+)\/?$/;
const etaSeconds = (ms: number) => Math.max(0.1, Math.ceil(ms / 100) / 10);

export async function startProviderService(
  limiter: ProviderLimiter,
  options: ProviderServiceOptions = {},
): Promise<ProviderServer> {
  const now = options.now ?? Date.now;
  const jobMs = options.jobMs ?? 1_000;
  const answerMs = options.answerMs ?? 0;
  if (answerMs > 0 && !options.wire) throw new Error('answers that take time need a virtual wire');
  const jobs = new Map<string, { account: string; doneAt: number }>();
  const inFlight = new Map<string, number>();
  const counts: ProviderCounts = {
    requests: 0,
    admittedAt: [],
    refused429: 0,
    refused503: 0,
    refused403: 0,
    submitted: 0,
    fetchesByJob: new Map(),
    delivered: new Set(),
    peakInFlight: 0,
  };
  let nextId = 1;
  let origin = '';

  const server = createServer((request, response) =>
    receive(request, ({ method, url, headers }) => {
      const wireId = headers['x-virtual-wire'];
      const id = typeof wireId === 'string' ? wireId : undefined;
      const at = now();
      const path = new URL(url, 'http://x').pathname;
      const statusMatch = STATUS.exec(path);
      const route: ProviderRoute | undefined =
        method === 'POST' && SUBMIT.test(path) ? 'submit' : statusMatch ? 'status' : undefined;
      const reply = (status: number, body: unknown, extra: Readonly<Record<string, string>>) =>
        send(response, status, body, extra, now());
      if (!route) {
        reply(404, { error: 'Not found' }, {});
        return;
      }
      counts.requests += 1;
      const account = /^Bearer\s+(\S+)$/i.exec(String(headers.authorization ?? ''))?.[1] ?? 'anonymous';
      const running = inFlight.get(account) ?? 0;
      const admission = limiter.admit({ route, account, now: at, inFlight: running });
      if (!admission.allowed) {
        if (admission.status === 429) counts.refused429 += 1;
        else if (admission.status === 503 || admission.status === 529) counts.refused503 += 1;
        else counts.refused403 += 1;
        reply(admission.status, admission.body, admission.headers);
        return;
      }
      counts.admittedAt.push(at);
      inFlight.set(account, running + 1);
      counts.peakInFlight = Math.max(counts.peakInFlight, running + 1);
      const answer = () => {
        inFlight.set(account, (inFlight.get(account) ?? 1) - 1);
        answerAdmitted(route, account, statusMatch?.[1], admission.headers, reply);
      };
      if (answerMs > 0 && id !== undefined) options.wire!.answerAfter(id, answerMs, answer);
      else answer();
    }),
  );

  function answerAdmitted(
    route: ProviderRoute,
    account: string,
    jobId: string | undefined,
    headers: Readonly<Record<string, string>>,
    reply: (status: number, body: unknown, headers: Readonly<Record<string, string>>) => void,
  ): void {
    const at = now();
    if (route === 'submit') {
      const id = String(nextId++);
      jobs.set(id, { account, doneAt: at + jobMs });
      counts.submitted += 1;
      reply(
        200,
        { status: 'processing', id, eta: etaSeconds(jobMs), fetch_result: `${origin}/v1/generations/${id}` },
        headers,
      );
      return;
    }
    const job = jobId === undefined ? undefined : jobs.get(jobId);
    if (!job || job.account !== account) {
      reply(404, { status: 'error', message: `No job ${jobId}` }, headers);
      return;
    }
    counts.fetchesByJob.set(jobId!, (counts.fetchesByJob.get(jobId!) ?? 0) + 1);
    if (at < job.doneAt) {
      reply(200, { status: 'processing', id: jobId, eta: etaSeconds(job.doneAt - at) }, headers);
      return;
    }
    counts.delivered.add(jobId!);
    reply(200, { status: 'success', id: jobId, output: [`${origin}/files/${jobId}.png`] }, headers);
  }

  const loopback = await listenOnLoopback(server);
  origin = loopback.url;
  return { ...loopback, counts };
}

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>>,
  now: number,
): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response
    .writeHead(status, {
      'Content-Type': typeof body === 'string' ? 'text/plain' : 'application/json',
      Date: new Date(now).toUTCString(),
      ...headers,
    })
    .end(text);
}
