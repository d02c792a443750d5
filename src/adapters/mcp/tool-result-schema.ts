/**
 * The result envelope (DESIGN.md, "What a tool gives back to the model") as a JSON Schema, for the
 * `outputSchema` of every tool. It names the fields without closing the object, so that a field
 * added to the envelope later does not make a client refuse the result.
 * @module
 */

const output = {
  type: 'object',
  properties: {
    url: { type: 'string' },
    mediaType: { type: 'string' },
    expiresAt: { type: 'string' },
  },
  required: ['url'],
};

/** `outputSchema` of every tool: success, processing and error results alike. */
export const TOOL_RESULT_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    ok: { type: 'boolean', description: 'true when the call finished and produced its result.' },
    status: { type: 'string', enum: ['success', 'processing', 'error'] },
    operationId: { type: 'string' },
    outputs: { type: 'array', items: output, description: 'The files the call produced.' },
    requestId: { type: ['string', 'number'] },
    text: { type: 'string' },
    data: { description: 'The answer of a call that returns data, compacted.' },
    retryAfterMs: { type: 'number' },
    code: { type: 'string' },
    message: { type: 'string' },
    retryable: { type: 'boolean' },
    httpStatus: { type: 'integer' },
    requiredScope: { type: 'string' },
    problems: {
      type: 'array',
      items: {
        type: 'object',
        properties: { field: { type: 'string' }, message: { type: 'string' } },
        required: ['field', 'message'],
      },
    },
    hint: { type: 'string', description: 'What to do next.' },
  },
  required: ['ok', 'status'],
} as const;
