/**
 * The small job service every dialect server wraps: submit a job, ask for its status, each
 * request first put to the dialect's limiter. Written as a third-party service would be (a
 * router, a limiter in front, JSON out), not like the emulator, so that the toolkit meets
 * limits it was not built beside.
 *
 * Routes: `POST /v1/generations` answers `{status: "processing", id, eta, fetch_result}`, and
 * `GET|POST /v1/generations/{id}` answers `processing` with the seconds left as `eta`, then
 * `success` with an output URL once the job's time has passed. The caller's account is its
 * Bearer token.
 * @module
 */
import { createServer, type ServerResponse } from 'node:http';
import { type LoopbackServer, listenOnLoopback, receive } from '../loopback-server.js';

export type RouteName = 'submit' | 'status';

/** What a limiter is asked about one request. */
export interface LimitedRequest {
  readonly route: RouteName;
  readonly account: string;
  /** Milliseconds since the epoch on the server's clock. */
  readonly now: number;
  /** Jobs of the account submitted and not finished yet. */
  readonly jobsInFlight: number;
}

/** A limiter's decision: through (with fields to add) or refused with a status and a body. */
export type Admission =
  | { readonly allowed: true; readonly headers: Readonly<Record<string, string>> }
  | {
      readonly allowed: false;
      readonly status: 429 | 503;
      readonly headers: Readonly<Record<string, string>>;
      readonly body: unknown;
    };

export interface Limiter {
  admit(request: LimitedRequest): Admission;
}

/** What the server did, for tests and the bench to read. */
export interface ServerCounts {
  /** Every request that reached a route. */
  requests: number;
  /** Requests the limiter let through, with the server time of each. */
  readonly admittedAt: number[];
  refused429: number;
  refused503: number;
  submitted: number;
  /** Status requests per job id, for fetches per job. */
  readonly fetchesByJob: Map<string, number>;
  /** Jobs whose `success` answer was sent at least once. */
  readonly delivered: Set<string>;
}

export interface JobServiceOptions {
  /** The server's clock. @default Date.now */
  readonly now?: () => number;
  /** How long each job runs. @default 1000 */
  readonly jobMs?: number;
}

export interface JobServer extends LoopbackServer {
  readonly counts: ServerCounts;
}

interface Job {
  readonly account: string;
  readonly doneAt: number;
}

const SUBMIT = /^\/v1\/generations\/?$/;
const STATUS = /^\/v1\/generations\/([\w-]+)\/?$/;

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>>,
  now: number,
): void {
  response
    .writeHead(status, { 'Content-Type': 'application/json', Date: new Date(now).toUTCString(), ...headers })
    .end(JSON.stringify(body));
}

/** Seconds left, rounded up to a tenth, as services publish an `eta`. */
const etaSeconds = (ms: number) => Math.max(0.1, Math.ceil(ms / 100) / 10);

/** Starts the job service on loopback with `limiter` in front of both routes. */
export async function startJobService(limiter: Limiter, options: JobServiceOptions = {}): Promise<JobServer> {
  const now = options.now ?? Date.now;
  const jobMs = options.jobMs ?? 1_000;
  const jobs = new Map<string, Job>();
  const counts: ServerCounts = {
    requests: 0,
    admittedAt: [],
    refused429: 0,
    refused503: 0,
    submitted: 0,
    fetchesByJob: new Map(),
    delivered: new Set(),
  };
  let nextId = 1;
  let origin = '';
  const inFlight = (account: string, at: number) =>
    [...jobs.values()].filter((job) => job.account === account && job.doneAt > at).length;

  const server = createServer((request, response) =>
    receive(request, ({ method, url, headers }) => {
      const at = now();
      const path = new URL(url, 'http://x').pathname;
      const statusOf = STATUS.exec(path);
      const route: RouteName | undefined =
        method === 'POST' && SUBMIT.test(path) ? 'submit' : statusOf ? 'status' : undefined;
      if (!route) {
        send(response, 404, { error: 'Not found' }, {}, at);
        return;
      }
      counts.requests += 1;
      const bearer = /^Bearer\s+(\S+)$/i.exec(String(headers.authorization ?? ''));
      const account = bearer?.[1] ?? 'anonymous';
      const admission = limiter.admit({ route, account, now: at, jobsInFlight: inFlight(account, at) });
      if (!admission.allowed) {
        if (admission.status === 429) counts.refused429 += 1;
        else counts.refused503 += 1;
        send(response, admission.status, admission.body, admission.headers, at);
        return;
      }
      counts.admittedAt.push(at);
      if (route === 'submit') {
        const id = String(nextId++);
        jobs.set(id, { account, doneAt: at + jobMs });
        counts.submitted += 1;
        send(
          response,
          200,
          {
            status: 'processing',
            id,
            eta: etaSeconds(jobMs),
            fetch_result: `${origin}/v1/generations/${id}`,
          },
          admission.headers,
          at,
        );
        return;
      }
      const id = statusOf![1]!;
      const job = jobs.get(id);
      if (!job || job.account !== account) {
        send(response, 404, { status: 'error', message: `No job ${id}` }, admission.headers, at);
        return;
      }
      counts.fetchesByJob.set(id, (counts.fetchesByJob.get(id) ?? 0) + 1);
      if (at < job.doneAt) {
        send(
          response,
          200,
          { status: 'processing', id, eta: etaSeconds(job.doneAt - at) },
          admission.headers,
          at,
        );
        return;
      }
      counts.delivered.add(id);
      send(
        response,
        200,
        { status: 'success', id, output: [`${origin}/files/${id}.png`] },
        admission.headers,
        at,
      );
    }),
  );
  const loopback = await listenOnLoopback(server);
  origin = loopback.url;
  return { ...loopback, counts };
}
