/**
 * The span of one `session.call` or `session.resume`: what was called (the GenAI conventions'
 * `generate_content` for an operation that names a model), the job it left or finished (its id,
 * so that a resume in another process joins the story), what it was expected to cost and what it
 * charged, and the job's duration and spend as metrics.
 * @module
 */
import type { CallResult } from '../calls/index.js';
import type { ServiceDescription } from '../discovery/service-description.js';
import type { Operation } from '../discovery/types.js';
import type { CallCost } from '../spend/call-cost.js';
import type { Telemetry, TelemetryAttributes, TelemetrySpan } from '../telemetry/telemetry.js';

/** What a traced call is about. */
export interface TracedCall {
  readonly operation: Operation;
  readonly service: ServiceDescription;
  /** The model the input names (`model_id`, `model`), when it names one. */
  readonly model?: string | undefined;
  /** Set for a resumed job. */
  readonly jobId?: string | number | undefined;
}

/** The model a call's input names, for `gen_ai.request.model`. */
export function modelOf(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const { model_id: modelId, model } = input as { model_id?: unknown; model?: unknown };
  const named = modelId ?? model;
  return typeof named === 'string' && named !== '' ? named : undefined;
}

function callAttributes(call: TracedCall, resumed: boolean): TelemetryAttributes {
  const server = new URL(call.service.baseUrl);
  return {
    ...(call.model
      ? { 'gen_ai.operation.name': 'generate_content', 'gen_ai.request.model': call.model }
      : {}),
    'gen_ai.provider.name': server.hostname,
    'gentk.operation.id': call.operation.id,
    'gentk.operation.category': call.operation.category,
    'gentk.operation.effect': call.operation.effect,
    'gentk.call.resumed': resumed,
    'gentk.job.id': call.jobId === undefined ? undefined : String(call.jobId),
    'server.address': server.hostname,
  };
}

/**
 * Starts the span of a call (`resumed` for `session.resume`) when something records; undefined
 * otherwise. End it with {@link endCallSpan} or {@link failCallSpan}.
 */
export function startCallSpan(
  telemetry: Telemetry | undefined,
  call: TracedCall,
  resumed: boolean,
): TelemetrySpan | undefined {
  if (!telemetry?.enabled()) return undefined;
  const name = call.model ? `generate_content ${call.model}` : `call ${call.operation.id}`;
  return telemetry.startSpan(name, { attributes: callAttributes(call, resumed) });
}

/** Records what a call's result says on its span and metrics, and ends the span. */
export function endCallSpan(
  telemetry: Telemetry | undefined,
  span: TelemetrySpan | undefined,
  call: TracedCall,
  result: CallResult & { readonly cost: CallCost },
): void {
  if (!telemetry) return;
  try {
    const { estimated, charged } = result.cost;
    span?.setAttributes({
      'gentk.call.status': result.status,
      'gentk.job.id': result.requestId === undefined ? undefined : String(result.requestId),
      'gentk.job.polls': result.status === 'success' ? result.polls : undefined,
    });
    span?.addEvent('gentk.spend', {
      'gentk.spend.estimated': estimated.amount ?? undefined,
      'gentk.spend.estimate_kind': estimated.kind,
      'gentk.spend.charged': charged,
      'gentk.spend.currency': estimated.currency,
    });
    const byOperation = { 'gentk.operation.id': call.operation.id, 'gen_ai.request.model': call.model };
    if (result.status === 'success' && call.operation.async)
      telemetry.record('gentk.job.duration', result.elapsedMs / 1000, byOperation);
    if (charged !== undefined && charged > 0)
      telemetry.record('gentk.spend', charged, {
        ...byOperation,
        'gentk.spend.currency': estimated.currency,
      });
  } finally {
    span?.end();
  }
}

/** Fails a call's span with `error` and ends it. */
export function failCallSpan(span: TelemetrySpan | undefined, error: unknown): void {
  if (!span) return;
  span.fail(error);
  span.end();
}
