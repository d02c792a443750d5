/**
 * How a session's results and estimates look in a notebook: a short table (operation, status,
 * time, cost), the result files, a chat answer as text; a pending job with its id, eta and how to
 * resume it; an estimate with its amount and basis. Everything shown is already in the value, which
 * the call masked: nothing here reads a secret.
 * @module
 */
import type { DisplayView, ViewMedia } from '../display/display-view.js';
import type { CostEstimate } from '../spend/cost-estimate.js';
import { formatPrice } from '../spend/model-price.js';
import type { SpendReport } from '../spend/spend-budget.js';
import type { CostedCallResult } from './session.js';

function seconds(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function estimateText(estimate: CostEstimate): string {
  if (estimate.kind === 'unknown') return 'unknown';
  return `${formatPrice(estimate.amount, estimate.currency)}${estimate.covered ? ' (covered by the plan)' : ''}`;
}

function costText(result: CostedCallResult): string {
  const { estimated, charged } = result.cost;
  const estimate = `estimated ${estimateText(estimated)}`;
  return charged === undefined
    ? estimate
    : `${formatPrice(charged, estimated.currency)} charged (${estimate})`;
}

/** A chat answer's text, or a transcript: what a text result says, when it says it as text. */
function textOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  if (Array.isArray(record.choices)) {
    const contents = record.choices
      .map((choice) => (choice as { message?: { content?: unknown } } | null)?.message?.content)
      .filter((content): content is string => typeof content === 'string');
    if (contents.length > 0) return contents.join('\n\n');
  }
  for (const field of ['text', 'transcript', 'transcription']) {
    if (typeof record[field] === 'string') return record[field];
  }
  return undefined;
}

function answerJson(body: unknown): string | undefined {
  try {
    return body === undefined ? undefined : JSON.stringify(body, null, 2);
  } catch {
    return undefined;
  }
}

/** A finished call or a pending job, as a notebook shows it. */
export function resultView(result: CostedCallResult): DisplayView {
  if (result.status === 'processing') {
    const rows: Array<[string, string]> = [
      ['operation', result.operationId],
      ['status', 'processing (a resumable job)'],
      ['job', String(result.requestId)],
    ];
    if (result.etaMs !== undefined) rows.push(['eta', `about ${seconds(result.etaMs)}`]);
    rows.push(['resume after', new Date(result.notBefore).toISOString()], ['cost', costText(result)]);
    return {
      title: `${result.operationId}: still running`,
      rows,
      notes: [
        'Resume with await session.resume(handle), where handle is this value (or JSON.parse of it saved as JSON);',
        `or, knowing only the id: await session.resumeById('${result.operationId}', ${JSON.stringify(result.requestId)}).`,
      ],
    };
  }
  const rows: Array<[string, string]> = [
    ['operation', result.operationId],
    ['status', 'success'],
    [
      'time',
      `${seconds(result.elapsedMs)}${result.polls > 0 ? `, ${result.polls} poll${result.polls === 1 ? '' : 's'}` : ''}`,
    ],
    ['cost', costText(result)],
  ];
  if (result.requestId !== undefined) rows.push(['job', String(result.requestId)]);
  const expiries = [
    ...new Set(result.outputs.flatMap((output) => (output.expiresAt ? [output.expiresAt] : []))),
  ];
  // An answer without files or text (a balance, a listing) is shown as the JSON it is.
  const text = textOf(result.body) ?? (result.outputs.length === 0 ? answerJson(result.body) : undefined);
  return {
    title: `${result.operationId}: ${result.outputs.length === 0 ? 'done' : `${result.outputs.length} file${result.outputs.length === 1 ? '' : 's'}`}`,
    rows,
    media: result.outputs.map(
      (output): ViewMedia => ({
        url: output.url,
        ...(output.mediaType ? { mediaType: output.mediaType } : {}),
      }),
    ),
    ...(text === undefined ? {} : { text }),
    ...(expiries.length > 0 ? { notes: [`The files expire at ${expiries.join(', ')}.`] } : {}),
  };
}

/** An estimate, as a notebook shows it: the amount and how it was computed. */
export function estimateView(estimate: CostEstimate): DisplayView {
  return {
    title: `Estimate: ${estimateText(estimate)}`,
    rows: [
      ['amount', estimateText(estimate)],
      ['basis', estimate.basis],
    ],
  };
}

/** What a budget holds, as a notebook shows it. */
export function spendView(report: SpendReport): DisplayView {
  const money = (amount: number) => formatPrice(amount, report.currency);
  return {
    title: `Budget: ${money(report.left)} left`,
    rows: [
      ['left', money(report.left)],
      ['settled', money(report.settled)],
      ['reserved', money(report.reserved)],
    ],
  };
}
