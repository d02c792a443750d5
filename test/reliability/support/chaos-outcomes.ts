/**
 * How a chaos call may end, and the tally of how they did end. The three allowed endings are a
 * success, a job handed back to resume later, or an error with one of the toolkit's documented
 * codes; anything else (an untyped throw, a hang, `internal_error`) fails the suite where it
 * happens.
 * @module
 */
import type { CallResult } from '../../../src/calls/index.js';
import type { ServiceErrorCode } from '../../../src/http/index.js';
import type { ToolResult } from '../../../src/tools/index.js';
import type { SecretCollector } from './secret-collector.js';
import { typedOutcome } from './typed-outcome.js';

/** Every code of ServiceError; the record type makes the compiler check the list is whole. */
const SERVICE_CODES: Record<ServiceErrorCode, true> = {
  authentication_failed: true,
  insufficient_scope: true,
  forbidden: true,
  payment_required: true,
  rate_limited: true,
  validation_failed: true,
  not_found: true,
  conflict: true,
  server_error: true,
  network_error: true,
  timeout: true,
  response_format: true,
  response_too_large: true,
  unsafe_answer: true,
  generation_failed: true,
  untrusted_origin: true,
  unexpected_redirect: true,
  sunset: true,
  http_error: true,
};

/** The codes a caller (or a model, through a tool) is documented to switch on. */
export const DOCUMENTED_CODES: ReadonlySet<string> = new Set([
  ...Object.keys(SERVICE_CODES),
  'invalid_arguments',
  'operation_not_offered',
  'unknown_operation',
]);

export type ChaosOutcome = 'success' | 'pending' | `error:${string}`;

/** A job a call handed back, in the form each layer hands it: to resume in a later round. */
export type HandedBack =
  | { readonly via: 'session'; readonly handle: CallResult & { status: 'processing' } }
  | { readonly via: 'tool'; readonly operation: string; readonly requestId: string | number };

/** Real time one call may take before it counts as a hang; waits are virtual, so this is generous. */
export const CALL_LIMIT_MS = 60_000;

function documented(code: string | undefined, what: string): string {
  if (code === undefined || !DOCUMENTED_CODES.has(code))
    throw new Error(`${what} ended with an undocumented error code: ${String(code)}`);
  return code;
}

/** Awaits a session call: a success, a handle (kept JSON-only, as an agent would store it) or a typed error. */
export async function sessionOutcome(
  work: Promise<CallResult>,
  what: string,
  collector: SecretCollector,
  handedBack: HandedBack[],
): Promise<ChaosOutcome> {
  const outcome = await typedOutcome(work, CALL_LIMIT_MS, what);
  collector.record(what, outcome.kind === 'value' ? outcome.value : outcome.error);
  if (outcome.kind === 'typed-error') return `error:${documented(outcome.error.code, what)}`;
  if (outcome.value.status === 'success') return 'success';
  const handle = JSON.parse(JSON.stringify(outcome.value)) as CallResult & { status: 'processing' };
  handedBack.push({ via: 'session', handle });
  return 'pending';
}

/** Awaits a tool: it must answer an envelope (never throw), and a failure must carry a documented code. */
export async function toolOutcome(
  work: Promise<ToolResult>,
  what: string,
  collector: SecretCollector,
  handedBack: HandedBack[],
): Promise<ChaosOutcome> {
  const outcome = await typedOutcome(work, CALL_LIMIT_MS, what);
  if (outcome.kind === 'typed-error')
    throw new Error(`${what} threw ${outcome.error.name} instead of answering an error result`);
  const result = outcome.value;
  collector.record(what, result);
  if (result.status === 'success') return 'success';
  if (result.status === 'processing') {
    if (result.requestId === undefined) throw new Error(`${what} handed back a job without its request_id`);
    handedBack.push({ via: 'tool', operation: result.operationId, requestId: result.requestId });
    return 'pending';
  }
  if (result.code === 'internal_error')
    throw new Error(`${what} failed inside the toolkit: ${result.message}`);
  return `error:${documented(result.code, what)}`;
}

/** Counts of endings, overall and per kind of call. */
export class OutcomeTally {
  readonly byOutcome = new Map<ChaosOutcome, number>();
  readonly byKind = new Map<string, Map<ChaosOutcome, number>>();
  calls = 0;

  add(kind: string, outcome: ChaosOutcome): void {
    this.calls += 1;
    this.byOutcome.set(outcome, (this.byOutcome.get(outcome) ?? 0) + 1);
    const ofKind = this.byKind.get(kind) ?? new Map<ChaosOutcome, number>();
    ofKind.set(outcome, (ofKind.get(outcome) ?? 0) + 1);
    this.byKind.set(kind, ofKind);
  }

  count(outcome: ChaosOutcome, kind?: string): number {
    return (kind === undefined ? this.byOutcome : this.byKind.get(kind))?.get(outcome) ?? 0;
  }

  /** Calls of `kind`, however they ended. */
  callsOf(kind: string): number {
    return [...(this.byKind.get(kind)?.values() ?? [])].reduce((sum, count) => sum + count, 0);
  }

  /** One line per kind, e.g. `chat: success 120, error:server_error 3`. */
  summary(): string {
    return [...this.byKind.entries()]
      .map(
        ([kind, outcomes]) => `${kind}: ${[...outcomes.entries()].map(([o, n]) => `${o} ${n}`).join(', ')}`,
      )
      .join('\n');
  }
}
