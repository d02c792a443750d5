import type { ServiceDescription } from '../discovery/service-description.js';
import type { Operation } from '../discovery/types.js';
import { UsageError } from '../errors/index.js';
import type { CredentialRef, HttpClient, HttpRequest, JobSlot } from '../http/index.js';
import {
  createFetchStatus,
  type FetchOperation,
  type FinishedJob,
  fetchTargetFor,
  type JobAnswer,
  type JobOutcome,
  type JobProgress,
  type PollJobOptions,
  type PollSchedule,
  type ResumableJob,
  readJobAnswer,
} from '../jobs/index.js';
import { resumedPolling } from '../jobs/resume-job.js';
import { type JobSink, type JobTrace, WaitingJob } from '../jobs/waiting-job.js';
import { buildRequest, credentialFor, type KeyPlacement } from './build-request.js';
import { acceptsField, type CallWebhooks, type TrackWatch, takesReceiverWebhook } from './call-webhooks.js';
import { type CallOutput, outputsOf } from './outputs.js';
import { safeJobAnswer, secretFreeError } from './secret-free-results.js';
import { type SendableInput, unsendableError } from './sendable-input.js';
import { unaddressableArgument } from './unsendable-arguments.js';

/** What a call needs: the session's client (credentials, governor, retries) and the service. */
export interface CallContext {
  readonly client: HttpClient;
  readonly service: ServiceDescription;
  /** @default 'auto' */
  readonly keyPlacement?: KeyPlacement;
  /**
   * @internal The session's webhook receiver, attached by `createWebhookReceiver`: asynchronous
   * calls then fill in `webhook` and `track_id`.
   */
  readonly webhooks?: CallWebhooks;
}

/**
 * Options of one call (`session.call()`, and `session.resume()` without `idempotencyKey`).
 *
 * @example
 * const controller = new AbortController();
 * const result = await session.call(
 *   'v7_images_text_to_image',
 *   { prompt: 'a lighthouse at dusk' },
 *   {
 *     signal: controller.signal,
 *     wait: 60_000,
 *     onProgress: (progress) => console.log(progress.status, progress.elapsedMs),
 *   },
 * );
 */
export interface CallOptions {
  readonly signal?: AbortSignal;
  /** Progress of an asynchronous job: status, elapsed time, eta, polls made. */
  readonly onProgress?: (progress: JobProgress) => void;
  /**
   * How long to wait for an asynchronous job, in ms; `false` hands the job back at once, to be
   * resumed later. A job that outlives the wait comes back as a {@link PendingCall}, never lost.
   * @default 300000
   */
  readonly wait?: number | false;
  /**
   * Use the whole wait even when the service expects the job to end after it, polling once at
   * its end, rather than handing the job back at once: for a caller that cannot sleep between
   * calls (a model calling tools), for which an early hand-back only means calling again.
   * @default false
   */
  readonly waitWhole?: boolean;
  /** The Idempotency-Key of a money or write call; one is made per call when absent. */
  readonly idempotencyKey?: string;
  /** Adjustments to the polling schedule of the operation's family. */
  readonly schedule?: Partial<PollSchedule>;
  /** Headers sent with the submission (not with the polls). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * A finished call: the service's answer and the files it produced.
 * @inline
 */
export interface CallSuccess {
  readonly status: 'success';
  readonly operationId: string;
  /** The final JSON answer. */
  readonly body: unknown;
  readonly outputs: readonly CallOutput[];
  readonly requestId?: string | number;
  /** Polls it took (0 for a synchronous operation). */
  readonly polls: number;
  readonly elapsedMs: number;
}

/**
 * A job still running when the wait ended: plain JSON, to keep, hand to a model, and resume.
 *
 * @example
 * const result = await session.call('v8_video_text_to_video', { prompt: 'waves' }, { wait: false });
 * if (result.status === 'processing') {
 *   const handle = JSON.stringify(result); // keep it anywhere; another process may resume it
 *   const finished = await session.resume(JSON.parse(handle));
 * }
 */
export interface PendingCall extends ResumableJob {
  readonly operationId: string;
}

/**
 * What a call gives back: `success` with the answer and the files it made, or `processing` with
 * a handle to resume when the job outlived the wait. Failures are thrown (`ServiceError` and the
 * rest of the {@link GenerationToolkitError} family).
 *
 * @example
 * const result = await session.call('v7_images_text_to_image', { prompt: 'a fox in the snow' });
 * if (result.status === 'success') console.log(result.outputs.map((output) => output.url));
 * else console.log('still running; resume with', result.requestId);
 */
export type CallResult = CallSuccess | PendingCall;

/** Where and how an asynchronous operation's family fetches its jobs, from the discovered fetch operation. */
function fetchOperationOf(
  service: ServiceDescription,
  operation: Operation,
): { fetch?: FetchOperation; credential: CredentialRef | undefined } {
  const fetchId = operation.async?.fetchOperationId;
  const found = fetchId ? service.operation(fetchId) : undefined;
  if (!found) return { credential: credentialFor(operation, 'auto') };
  const style = operation.async?.fetchStyle === 'body' ? 'body' : 'path';
  return {
    fetch: {
      path: found.path,
      style,
      operationId: found.id,
      ...(found.method === 'GET' ? { method: 'GET' as const } : {}),
    },
    credential: credentialFor(found, 'auto'),
  };
}

function pollOptions(options: CallOptions, category: string | undefined) {
  return {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.schedule ? { schedule: options.schedule } : {}),
    ...(options.waitWhole ? { waitWhole: true } : {}),
    ...(category ? { category } : {}),
  };
}

/**
 * Calls one operation with checked input: sends it through the session's client (credential,
 * governor, retries, idempotency), waits for an asynchronous job by polling its family's fetch
 * operation on the same client, and returns the final answer with its output files, or a
 * {@link PendingCall} when the job outlives the wait. Failures throw the HTTP core's typed errors.
 * No secret the session knows shows in the result: each is masked wherever the service echoed it.
 */
export function callOperation(
  context: CallContext,
  operation: Operation,
  input: SendableInput,
  options: CallOptions = {},
): Promise<CallResult> {
  return new Promise<CallResult>((resolve, reject) => {
    startCall(context, operation, input, options, new PromisedCall(resolve, reject));
  });
}

/**
 * {@link callOperation} told to `sink` rather than through a promise: a queued job then waits as
 * records (its {@link WaitingJob} and its {@link CallSink}), with nothing suspended per job.
 * @internal
 */
export function startCall(
  context: CallContext,
  operation: Operation,
  input: SendableInput,
  options: CallOptions,
  sink: CallSink,
  trace?: JobTrace,
): void {
  const { redactor } = context.client;
  // The submission's request and response are left behind in `submitCall`'s frame: only what
  // polling needs is kept while the job waits (for minutes, and a fleet holds thousands).
  submitCall(context, operation, input, options).then(
    (queued) => {
      if (queued.status === 'success') sink.callEnded(redactor.maskKnownValue(queued));
      else waitForQueued(context, operation, input, options, queued, sink, trace);
    },
    (error: unknown) => sink.callFailed(secretFreeError(redactor, error)),
  );
}

function waitForQueued(
  context: CallContext,
  operation: Operation,
  input: SendableInput,
  options: CallOptions,
  queued: QueuedJob,
  sink: CallSink,
  trace: JobTrace | undefined,
): void {
  const { client, service } = context;
  const { answer, url, watch, trackId } = queued;
  const { fetch, credential } = fetchOperationOf(service, operation);
  const polling: PollJobOptions = {
    ...pollOptions(options, operation.category),
    first: queued.body,
    target: fetchTargetFor({ answer, submittedUrl: url, ...(fetch ? { fetch } : {}) }),
    fetchStatus: createFetchStatus({ client, ...(credential ? { credential } : {}) }),
    clock: client.clock,
    submittedAt: queued.startedAt,
    deadlineMs: options.wait === false ? 0 : (options.wait ?? 300_000),
    webhook: trackId === undefined && typeof input.webhook === 'string' && input.webhook !== '',
    ...(queued.jobSlot ? { jobSlot: queued.jobSlot } : {}),
    ...(watch ? { delivery: watch.delivery } : {}),
  };
  sink.waitFor(client, operation.id, watch, watch ? trackId : undefined);
  new WaitingJob(polling, sink, trace).start();
}

/**
 * Told once how a call ended (its masked result, or its masked failure), and, for a queued job,
 * the calls layer's end of its wait: closes the webhook track (finished unless a handle came
 * back), wraps the outcome in the call's envelope and masks it. A class to extend rather than an
 * object beside the caller's: a parked call is one record, not two.
 * @internal
 */
export abstract class CallSink implements JobSink {
  client: HttpClient | undefined = undefined;
  operationId = '';
  watch: TrackWatch | undefined = undefined;
  trackId: string | undefined = undefined;

  abstract callEnded(result: CallResult): void;
  abstract callFailed(error: unknown): void;

  /** What the end of the job's wait needs. */
  waitFor(
    client: HttpClient,
    operationId: string,
    watch: TrackWatch | undefined,
    trackId: string | undefined,
  ) {
    this.client = client;
    this.operationId = operationId;
    this.watch = watch;
    this.trackId = trackId;
  }

  jobEnded(outcome: JobOutcome): void {
    void this.#end(outcome, undefined);
  }

  jobFailed(error: unknown): void {
    void this.#end(undefined, error);
  }

  async #end(outcome: JobOutcome | undefined, error: unknown): Promise<void> {
    const client = this.client as HttpClient;
    const { redactor } = client;
    try {
      if (this.watch) await this.watch.close(outcome === undefined || outcome.status !== 'processing');
      if (outcome === undefined) throw error;
      const result: CallResult =
        outcome.status === 'processing'
          ? { ...outcome, operationId: this.operationId, ...(this.trackId ? { trackId: this.trackId } : {}) }
          : successOf(client, this.operationId, outcome);
      this.callEnded(redactor.maskKnownValue(result));
    } catch (failed) {
      this.callFailed(secretFreeError(redactor, failed));
    }
  }
}

/** {@link callOperation}'s sink: the promise it returns. */
class PromisedCall extends CallSink {
  constructor(
    readonly callEnded: (result: CallResult) => void,
    readonly callFailed: (error: unknown) => void,
  ) {
    super();
  }
}

/** A submission the service queued: what waiting for it needs, and nothing more. */
interface QueuedJob {
  readonly status: 'queued';
  readonly body: unknown;
  readonly url: string;
  readonly answer: JobAnswer;
  readonly jobSlot: JobSlot | undefined;
  readonly startedAt: number;
  /** The receiver's track, when the submission asked for a webhook to it. */
  readonly trackId: string | undefined;
  readonly watch: TrackWatch | undefined;
}

/** Sends the submission: the finished call, or the queued job to wait for. */
async function submitCall(
  context: CallContext,
  operation: Operation,
  input: SendableInput,
  options: CallOptions,
): Promise<CallSuccess | QueuedJob> {
  const { client } = context;
  const startedAt = client.clock.now();
  const webhooks = context.webhooks && takesReceiverWebhook(operation, input) ? context.webhooks : undefined;
  const track = await webhooks?.open();
  const sent = track
    ? {
        ...input,
        webhook: track.url,
        ...(acceptsField(operation, 'track_id') ? { track_id: track.trackId } : {}),
      }
    : input;
  const request = buildRequest(operation, sent, {
    ...(context.keyPlacement ? { keyPlacement: context.keyPlacement } : {}),
    ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
  let submitted: Submitted;
  try {
    submitted = await submit(client, request);
  } catch (error) {
    if (track) await webhooks?.settle(track.trackId);
    throw error;
  }
  const { body, url, jobSlot } = submitted;
  const read = readJobAnswer(body);
  if (!operation.async || read.state !== 'processing') {
    jobSlot?.release();
    if (track) await webhooks?.settle(track.trackId);
    return {
      status: 'success',
      operationId: operation.id,
      body,
      outputs: outputsOf(body, client.clock.now()),
      ...(read.id !== undefined ? { requestId: read.id } : {}),
      polls: 0,
      elapsedMs: client.clock.now() - startedAt,
    };
  }
  let answer: JobAnswer;
  try {
    answer = safeJobAnswer(client.redactor, read, {
      method: submitted.method,
      url,
      operationId: operation.id,
    });
  } catch (error) {
    jobSlot?.release();
    if (track) await webhooks?.settle(track.trackId);
    throw error;
  }
  const watch =
    track && answer.id !== undefined ? await webhooks?.watch(track.trackId, answer.id) : undefined;
  return {
    status: 'queued',
    body,
    url,
    answer,
    jobSlot,
    startedAt,
    trackId: track?.trackId,
    watch,
  };
}

/** What a submission leaves for polling. */
interface Submitted {
  readonly body: unknown;
  readonly url: string;
  readonly method: string;
  readonly jobSlot: JobSlot | undefined;
}

/**
 * Sends the submission and keeps only what polling needs: a job can wait for minutes and a fleet
 * holds thousands, so neither the request nor the response (headers, raw text) outlives this.
 */
async function submit(client: HttpClient, request: HttpRequest): Promise<Submitted> {
  const { body, url, jobSlot } = await client.request(request);
  return { body, url, method: request.method, jobSlot };
}

/** The call's envelope of a finished job, polled or delivered alike. */
function successOf(client: HttpClient, operationId: string, outcome: FinishedJob): CallSuccess {
  return {
    status: 'success',
    operationId,
    body: outcome.body,
    outputs: outputsOf(outcome.body, client.clock.now()),
    ...(outcome.requestId !== undefined ? { requestId: outcome.requestId } : {}),
    polls: outcome.polls,
    elapsedMs: outcome.elapsedMs,
  };
}

/**
 * A pending call rebuilt from what a model can safely carry: the operation and the job's id. The
 * fetch address comes from the discovered fetch operation, never from the caller, so a resumed
 * job cannot be pointed anywhere else; and the id, a segment of the service's fetch paths, must be
 * one (not `..`, which would address the parent resource).
 * @throws {InvalidArgumentsError} an id that cannot be a path segment, before anything is sent
 */
export function pendingFromId(
  context: CallContext,
  operation: Operation,
  requestId: string | number,
): PendingCall {
  const unaddressable =
    typeof requestId === 'string' ? unaddressableArgument('request_id', requestId) : undefined;
  if (unaddressable) throw unsendableError(operation.id, [unaddressable], context.client.redactor);
  const { fetch } = fetchOperationOf(context.service, operation);
  const target = fetchTargetFor({
    answer: { state: 'processing', id: requestId, body: {} },
    submittedUrl: operation.url,
    ...(fetch ? { fetch } : {}),
  });
  if (!target) throw new UsageError(`${operation.id} has no fetch operation to resume a job with.`);
  const now = context.client.clock.now();
  return {
    status: 'processing',
    operationId: operation.id,
    requestId,
    fetch: target,
    retryAfterMs: 0,
    notBefore: now,
    submittedAt: now,
    reason: 'deadline',
    ...(operation.category ? { category: operation.category } : {}),
  };
}

/** Continues waiting for a job an earlier call handed back; the result is masked as `callOperation`'s. */
export function resumeCall(
  context: CallContext,
  pending: PendingCall,
  options: Omit<CallOptions, 'idempotencyKey'> = {},
): Promise<CallResult> {
  return new Promise<CallResult>((resolve, reject) => {
    startResume(context, pending, options, new PromisedCall(resolve, reject));
  });
}

/**
 * {@link resumeCall} told to `sink`: the resumed job waits as the same records as a fresh call's
 * ({@link WaitingJob} and the {@link CallSink}), and ends the same one way, through the sink.
 * @internal
 */
export function startResume(
  context: CallContext,
  pending: PendingCall,
  options: Omit<CallOptions, 'idempotencyKey'>,
  sink: CallSink,
  trace?: JobTrace,
): void {
  const { client } = context;
  let polling: ReturnType<typeof resumedPollOptions>;
  try {
    polling = resumedPollOptions(context, pending, options);
  } catch (error) {
    sink.callFailed(secretFreeError(client.redactor, error));
    return;
  }
  watchResumed(context, pending).then(
    ({ trackId, watch, delivered }) => {
      sink.waitFor(client, pending.operationId, watch, watch ? trackId : undefined);
      try {
        // Delivered while nobody waited, perhaps to another process: the result, without a fetch.
        const waiting =
          delivered !== undefined
            ? { ...polling, first: delivered, target: pending.fetch, submittedAt: pending.submittedAt }
            : resumedPolling(pending, {
                ...polling,
                deadlineMs: options.wait === false ? 0 : (options.wait ?? 300_000),
                ...(watch ? { delivery: watch.delivery } : {}),
              });
        new WaitingJob(waiting, sink, trace).start();
      } catch (error) {
        // Ends through the sink like any wait: the track closed, the error masked.
        sink.jobFailed(error);
      }
    },
    (error: unknown) => sink.callFailed(secretFreeError(client.redactor, error)),
  );
}

/** The webhook track a resumed job is watched on, and what was delivered to it while nobody waited. */
async function watchResumed(
  context: CallContext,
  pending: PendingCall,
): Promise<{ trackId: string | undefined; watch: TrackWatch | undefined; delivered: unknown }> {
  const trackId = pending.trackId ?? (await context.webhooks?.trackOf(pending.requestId));
  const watch = trackId ? await context.webhooks?.watch(trackId, pending.requestId) : undefined;
  let delivered: unknown;
  try {
    delivered = await watch?.delivery.received?.();
  } catch (error) {
    // The wait never started: the track is left finished, as an ended wait's would be.
    await watch?.close(true);
    throw error;
  }
  return { trackId, watch, delivered };
}

/** How a resumed job is fetched: the credential of its fetch operation, on the session's client. */
function resumedPollOptions(
  context: CallContext,
  pending: PendingCall,
  options: Omit<CallOptions, 'idempotencyKey'>,
) {
  const operation = context.service.operation(pending.operationId);
  const fetchOperation = pending.fetch.operationId
    ? context.service.operation(pending.fetch.operationId)
    : undefined;
  const credential = credentialFor(
    fetchOperation ?? operation ?? { credential: { kind: 'api-key', bearer: true } },
    'auto',
  );
  return {
    ...pollOptions(options, pending.category ?? operation?.category),
    fetchStatus: createFetchStatus({ client: context.client, ...(credential ? { credential } : {}) }),
    clock: context.client.clock,
  };
}
