import type { Operation } from '../discovery/types.js';
import type { CredentialRef, HttpRequest, Idempotency } from '../http/index.js';
import { type ArgumentProblem, problemsMessage } from '../schema/argument-problem.js';
import { InvalidArgumentsError } from './invalid-arguments-error.js';
import type { SendableInput } from './sendable-input.js';
import { wireText as text } from './wire-text.js';

/**
 * Where the generation key goes when an operation accepts it in more than one place.
 * @inline
 */
export type KeyPlacement = 'auto' | 'bearer' | 'body';

export interface BuildRequestOptions {
  /** @default 'auto': a bearer header when the document allows it (headers are logged less often than bodies), else the body's `key`. */
  readonly keyPlacement?: KeyPlacement;
  /** For money and write operations: one key for every retry of this logical call. */
  readonly idempotencyKey?: string;
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
  readonly totalTimeoutMs?: number;
  /** Headers of this call (an SDK's user agent, a caller's tracing); the operation's header parameters win. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** The credential an operation takes, and where: the token as bearer, the key where the document allows. */
export function credentialFor(
  operation: Pick<Operation, 'credential'>,
  placement: KeyPlacement,
): CredentialRef | undefined {
  const { credential } = operation;
  if (credential.kind === 'none') return undefined;
  if (credential.kind === 'token') return { name: 'controlToken', placement: 'bearer' };
  const inBody = credential.bodyField !== undefined;
  if (!credential.bearer && !inBody && credential.header) {
    return { name: 'generationKey', placement: { header: credential.header } };
  }
  // The body only when the document offers it and the caller prefers it, or nothing else is offered.
  const useBody = inBody && (placement === 'body' || !credential.bearer);
  return { name: 'generationKey', placement: useBody ? 'body-key' : 'bearer' };
}

/**
 * How the request may be repeated: reads and polls freely; operations that accept an
 * Idempotency-Key with one key for all their retries; everything else (generation submissions
 * among them) only when the service provably did not act.
 */
export function idempotencyOf(operation: Operation): Idempotency {
  if (operation.effect === 'read' || operation.isFetch) return 'safe';
  if (operation.idempotencyKey) return 'keyed';
  if (operation.method === 'PUT' || operation.method === 'DELETE') return 'safe';
  return 'unsafe';
}

/**
 * A number as a query value: integers in plain digits, since `String(1e21)` is `1e+21`, which no
 * service reads as an integer.
 */
function queryNumber(value: number): string | number {
  return Number.isInteger(value) && /e/i.test(String(value)) ? BigInt(value).toString() : value;
}

/**
 * The HTTP request that calls `operation` with `input` (already validated against its input
 * schema, and found sendable by `sendableInput`): path parameters substituted and encoded, query and header parameters placed, body
 * fields sent under their wire names, and the operation's credential named (the client reads
 * the secret itself and only for a trusted origin).
 */
export function buildRequest(
  operation: Operation,
  input: SendableInput,
  options: BuildRequestOptions = {},
): HttpRequest {
  const { locations, wireNames = {}, bodyProperty } = operation.input;
  let path = operation.path;
  const query: Record<string, string | number | boolean> = {};
  const headers: Record<string, string> = { ...options.headers };
  let body: Record<string, unknown> | unknown;
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const wire = wireNames[name] ?? name;
    switch (locations[name] ?? 'body') {
      case 'path':
        path = path.replace(`{${wire}}`, encodeURIComponent(text(value)));
        break;
      case 'query':
        query[wire] =
          typeof value === 'number' ? queryNumber(value) : typeof value === 'boolean' ? value : text(value);
        break;
      case 'header':
        headers[wire] = text(value);
        break;
      case 'body':
        if (bodyProperty && name === bodyProperty) body = value;
        else fields[wire] = value;
    }
  }
  const unfilled = /\{([^}]+)\}/.exec(path);
  if (unfilled) {
    const missing: ArgumentProblem = {
      field: unfilled[1] as string,
      expected: 'a value (it is part of the path)',
      received: 'nothing',
      message: `${unfilled[1]} is required: it is part of the path of ${operation.id}`,
    };
    throw new InvalidArgumentsError(operation.id, [missing], problemsMessage([missing]));
  }
  const hasBody =
    operation.method !== 'GET' &&
    (operation.input.bodyContentType !== undefined || Object.keys(fields).length > 0);
  const json = body !== undefined ? body : hasBody ? fields : undefined;
  const credential = credentialFor(operation, options.keyPlacement ?? 'auto');
  const idempotency = idempotencyOf(operation);
  return {
    method: operation.method,
    url: new URL(path, operation.origin).href,
    ...(Object.keys(query).length ? { query } : {}),
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(json !== undefined || credential?.placement === 'body-key' ? { json: json ?? {} } : {}),
    ...(credential ? { credential } : {}),
    idempotency,
    ...(idempotency === 'keyed' && options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
    ...(operation.async ? { submitsJob: true } : {}),
    operationId: operation.id,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.totalTimeoutMs !== undefined ? { totalTimeoutMs: options.totalTimeoutMs } : {}),
  };
}
