import { GENERATION_OPERATIONS } from '../catalogue/generation-operations.js';
import { pathParameters } from '../catalogue/request-schema.js';
import type { GenerationOperation } from '../catalogue/types.js';
import { API_VERSIONS } from '../http/versioning.js';
import type { ResolvedEmulatorOptions } from '../options.js';
import { RESULT_GUIDE } from './result-guide.js';
import { formatDuration, jobDuration } from './typical-duration.js';

const BY_PATH: ReadonlyMap<string, GenerationOperation> = new Map(
  GENERATION_OPERATIONS.map((operation) => [operation.path, operation]),
);

/** The operation that fetches `operation`'s queued results, if it has one. */
export function fetchOperationOf(operation: GenerationOperation): GenerationOperation | undefined {
  return operation.fetch ? BY_PATH.get(operation.fetch) : undefined;
}

/** The operations whose queued results `fetcher` fetches. */
export function operationsFetchedBy(fetcher: GenerationOperation): GenerationOperation[] {
  return GENERATION_OPERATIONS.filter((operation) => operation.fetch === fetcher.path);
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function modeText(operation: GenerationOperation): string[] {
  if (operation.mode === 'sync') return ['Synchronous: the result comes in the answer.'];
  if (operation.mode === 'fetch') {
    const fetched = operationsFetchedBy(operation).map((candidate) => `\`${candidate.operationId}\``);
    return [
      `Fetches the result of a queued request: it answers \`status: "processing"\` until the work is done, then the result. Wait about \`eta\` seconds between calls.${fetched.length ? ` Use it after ${fetched.join(', ')}.` : ''}`,
    ];
  }
  const lines = [
    'Asynchronous: the answer is the result when the work finishes quickly; otherwise it is `status: "processing"` with an `id`.',
  ];
  const fetcher = fetchOperationOf(operation);
  if (fetcher) {
    const how =
      operation.fetchStyle === 'body'
        ? `${fetcher.method} ${fetcher.path} with the body \`{"key": <API key>, "request_id": <id>}\``
        : `${fetcher.method} ${fetcher.path} with \`${pathParameters(fetcher.path)[0]}\` = the returned \`id\``;
    lines.push(
      `Then fetch the result with \`${fetcher.operationId}\` (${how}), or ${fetcher.method} the \`fetch_result\` URL of the answer; wait about \`eta\` seconds first, and fetch again while it answers \`processing\`.`,
    );
  }
  return lines;
}

function durationText(options: ResolvedEmulatorOptions, operation: GenerationOperation): string[] {
  if (operation.mode === 'sync') return [];
  const subject = operation.mode === 'fetch' ? (operationsFetchedBy(operation)[0] ?? operation) : operation;
  const duration = jobDuration(options, subject);
  return duration === undefined ? [] : [`Typical duration: ${formatDuration(duration)}.`];
}

function resultText(operation: GenerationOperation): string {
  if (operation.result !== 'fetch') return `On success, ${RESULT_GUIDE[operation.result]}.`;
  const kinds = [...new Set(operationsFetchedBy(operation).map((fetched) => fetched.result))];
  const guides = kinds
    .filter((kind) => kind !== 'fetch')
    .map((kind) => RESULT_GUIDE[kind as keyof typeof RESULT_GUIDE]);
  return `On success, the result of the queued operation: ${guides.join('; or ')}.`;
}

function priceText(operation: GenerationOperation): string {
  return operation.price > 0
    ? `Price: ${operation.price} ${operation.price === 1 ? 'credit' : 'credits'} per call (1 credit = 1 US dollar).`
    : 'Price: free (no credits).';
}

function authText(operation: GenerationOperation): string {
  switch (operation.keyPlacement) {
    case 'bearer':
      return 'Authentication: the header `Authorization: Bearer <API key>`.';
    case 'both':
      return 'Authentication: the header `Authorization: Bearer <API key>`, or the body field `key`.';
    case 'body':
      return 'Authentication: your API key in the body field `key`.';
  }
}

function lifecycleText(options: ResolvedEmulatorOptions, operation: GenerationOperation): string[] {
  const lines: string[] = [];
  if (operation.deprecated) {
    lines.push('Deprecated: this operation will be removed; prefer another operation of the same category.');
  }
  const version = API_VERSIONS.find((candidate) => candidate.version === operation.version);
  if (version?.lifecycle === 'deprecated') {
    const { deprecatedAt, sunsetAt } = options.v6Deprecation;
    lines.push(
      `Version ${operation.version} is deprecated since ${isoDay(deprecatedAt)} and sunsets on ${isoDay(sunsetAt)} (see /api-deprecation-policy).`,
    );
  }
  return lines;
}

/**
 * The description of a generation operation, written for an LLM choosing and calling a tool:
 * what it does, whether it is asynchronous and how its result is fetched, how long it takes,
 * what the result holds, what it costs, how it authenticates, and its deprecation.
 */
export function describeGenerationOperation(
  options: ResolvedEmulatorOptions,
  operation: GenerationOperation,
): string {
  const webhook = operation.optional.includes('webhook')
    ? ['Optionally pass `webhook` to have the final result POSTed to your URL, with your `track_id`.']
    : [];
  return [
    `${operation.summary}.`,
    ...modeText(operation),
    ...durationText(options, operation),
    resultText(operation),
    priceText(operation),
    authText(operation),
    ...webhook,
    ...lifecycleText(options, operation),
  ].join(' ');
}
