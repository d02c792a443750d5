import { ERROR_CODES } from '../catalogue/error-codes.js';
import type { ReferenceResource, ResourceSource } from './reference-resource.js';

/** HTTP statuses of generation errors and what they mean (service-facts.md). */
const GENERATION_STATUSES = [
  { status: 200, meaning: 'Often an error too: read `status` in the body.' },
  { status: 401, meaning: 'The generation key is missing or wrong.' },
  { status: 402, meaning: 'The account has no credits left.' },
  { status: 403, meaning: "The account's plan lacks the feature." },
  { status: 404, meaning: 'No such operation, or no such queued request.' },
  {
    status: 429,
    meaning:
      'The rate limit or the queue limit is exhausted; wait `retry_after` seconds (also in Retry-After).',
  },
  { status: 500, meaning: 'Transient failure of the service; retry later.' },
  { status: 503, meaning: 'The service is briefly unavailable; retry after Retry-After.' },
];

function errorModel({ ctx }: ResourceSource): Record<string, unknown> {
  const { quirks } = ctx.options;
  return {
    controlPlane: {
      envelope: {
        success: { data: '<the result>', error: null, meta: { request_id: 'req_...' } },
        error: {
          data: null,
          error: { code: '<code>', message: '<what went wrong>', details: '<object or null>' },
          meta: { request_id: 'req_...' },
        },
      },
      codes: ERROR_CODES,
    },
    generation: {
      error: {
        shape: { status: 'error', message: '<what went wrong>' },
        alsoSeen: [
          '`status: "failed"` for a job that failed',
          '`code` and `retry_after` on errors of the service front (rate limits, unknown paths)',
          ...(quirks.messegeTypo ? ['legacy v6 endpoints spell `message` as `messege`'] : []),
        ],
        http200Errors: quirks.http200Errors,
        note: quirks.http200Errors
          ? 'Errors often come back with HTTP 200: the HTTP status alone does not tell success.'
          : 'Errors come back with an HTTP status of 400 or more.',
        statuses: GENERATION_STATUSES,
      },
      asyncStates: [
        {
          state: 'processing',
          meaning: 'Queued or running; the answer carries `id`, `eta` (seconds) and `fetch_result`.',
          next: 'Call the fetch tool (or POST fetch_result) with the id after about eta seconds.',
        },
        {
          state: 'success',
          meaning:
            'Done; the result URLs are in `output` (also `images`, `audio_url` on some v6 operations).',
          next: 'Download the results before they expire (video: 24 hours).',
        },
        {
          state: 'failed',
          meaning: 'The job failed; `message` says why. Also spelled `status: "error"`.',
          next: 'Fix the input, or submit the request again.',
        },
      ],
      idNote: '`id` may be an integer or a string; send it back as received.',
    },
    mcp: {
      isError: 'true when the HTTP status is 400 or more, or the body says status "error" or "failed"',
      meta: '`_meta.httpStatus`, `_meta.requestId` and `_meta.retryAfter` of each tool result echo the HTTP answer',
    },
  };
}

/** `reference://error-model`: the error codes of the control plane and the error and job states of generation. */
export const ERROR_MODEL_RESOURCE: ReferenceResource = {
  uri: 'reference://error-model',
  name: 'error-model',
  title: 'Error model',
  description:
    'Error codes of the control plane with their HTTP status and what to do, the generation error shape and the states of asynchronous jobs.',
  mimeType: 'application/json',
  read: (source) => JSON.stringify(errorModel(source), null, 2),
};
