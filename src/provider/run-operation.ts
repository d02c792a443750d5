/**
 * Runs one operation for a model: submitted and polled through `callOperation` on the provider's
 * client (its governor, retries and job slots), with the provider's polling settings, and
 * failures turned into the SDK's errors.
 * @module
 */

import { type CallResult, type CallSuccess, callOperation, sendableInput } from '../calls/index.js';
import type { Operation } from '../discovery/index.js';
import { stillProcessingError, toProviderError } from './errors.js';
import { requestHeaders } from './request-headers.js';
import type { Connection } from './service-connection.js';

export interface RunOptions {
  readonly abortSignal?: AbortSignal | undefined;
  readonly headers?: Readonly<Record<string, string | undefined>> | undefined;
}

const DEFAULT_WAIT_MS = 300_000;

/** Calls `operation` with `input` and waits for its job; throws `APICallError` on failure. */
export async function runOperation(
  connection: Connection,
  operation: Operation,
  input: Readonly<Record<string, unknown>>,
  options: RunOptions = {},
): Promise<CallSuccess> {
  const waitMs = connection.settings.maxWaitMs ?? DEFAULT_WAIT_MS;
  const result = await submitOperation(connection, operation, input, { ...options, wait: waitMs });
  if (result.status === 'processing') throw stillProcessingError(result, waitMs, input);
  return result;
}

/**
 * Calls `operation` and waits `wait` ms for its job (`false`: not at all); a job still running
 * then comes back as a `PendingCall`.
 */
export async function submitOperation(
  connection: Connection,
  operation: Operation,
  input: Readonly<Record<string, unknown>>,
  options: RunOptions & { readonly wait: number | false },
): Promise<CallResult> {
  const { settings } = connection;
  const call = connection.wire.call();
  const onJobProgress = settings.onJobProgress;
  try {
    const sendable = sendableInput(operation, input, connection.context.client.redactor);
    return await callOperation(connection.context, operation, sendable, {
      wait: options.wait,
      headers: requestHeaders(options.headers, call.headers),
      ...(options.abortSignal ? { signal: options.abortSignal } : {}),
      ...(settings.pollIntervalMs !== undefined
        ? { schedule: { initialDelayMs: settings.pollIntervalMs, intervalMs: settings.pollIntervalMs } }
        : {}),
      ...(onJobProgress
        ? { onProgress: (progress) => onJobProgress({ ...progress, operationId: operation.id }) }
        : {}),
    });
  } catch (error) {
    throw toProviderError(error, {
      connection,
      call,
      requestBody: input,
      submission: operation.async !== undefined,
    });
  } finally {
    call.end();
  }
}
