import type { GenerationOperation } from '../catalogue/types.js';
import type { EmulatorContext, RequestContext } from '../context.js';
import { generationErrorBody } from '../http/surface-errors.js';
import { type Micros, toDollars } from '../money.js';

type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 413 | 415 | 422 | 429;

/** The LLM endpoints of v7 and v8 speak the error dialect of the API they are compatible with. */
function llmDialect(operation: GenerationOperation): 'openai' | 'anthropic' | undefined {
  if (operation.result === 'chat-openai') return 'openai';
  if (operation.result === 'messages-anthropic' || operation.result === 'count-tokens') return 'anthropic';
  return undefined;
}

const OPENAI_TYPES: Partial<Record<ErrorStatus, string>> = {
  401: 'authentication_error',
  402: 'insufficient_quota',
  404: 'not_found_error',
  429: 'rate_limit_error',
};

/**
 * A generation error as the service answers it. Input problems come back with HTTP 200 and
 * `status: "error"` when the `http200Errors` quirk is on (production's habit); credential, credit,
 * lookup and rate problems keep their status codes.
 */
export function generationError(
  c: RequestContext,
  ctx: EmulatorContext,
  operation: GenerationOperation,
  status: ErrorStatus,
  message: string,
  extra: Record<string, unknown> = {},
): Response {
  const dialect = llmDialect(operation);
  if (dialect === 'openai') {
    const type = OPENAI_TYPES[status] ?? 'invalid_request_error';
    return c.json({ error: { message, type, param: extra.param ?? null, code: extra.code ?? null } }, status);
  }
  if (dialect === 'anthropic') {
    const type =
      status === 401 ? 'authentication_error' : status === 404 ? 'not_found_error' : 'invalid_request_error';
    return c.json({ type: 'error', error: { type, message } }, status);
  }
  const inputProblem = status === 400 || status === 422;
  const httpStatus = inputProblem && ctx.options.quirks.http200Errors ? 200 : status;
  return c.json(generationErrorBody(ctx, c.req.path, message, extra), httpStatus);
}

/** Sends numbers as strings when the `numbersAsStrings` quirk is on, as some production answers do. */
export function withQuirks(ctx: EmulatorContext, body: Record<string, unknown>): Record<string, unknown> {
  if (!ctx.options.quirks.numbersAsStrings) return body;
  const out: Record<string, unknown> = { ...body };
  for (const field of ['id', 'eta', 'generationTime', 'training_id']) {
    if (typeof out[field] === 'number') out[field] = String(out[field]);
  }
  return out;
}

/** The 402 of a charge the wallet cannot cover. */
export function insufficientCredits(
  c: RequestContext,
  ctx: EmulatorContext,
  operation: GenerationOperation,
  price: Micros,
  balance: Micros,
): Response {
  const dollars = (amount: Micros) => `$${toDollars(amount).toFixed(3)}`;
  return generationError(
    c,
    ctx,
    operation,
    402,
    `Insufficient credits: this request costs ${dollars(price)} and the wallet holds ${dollars(balance)}. Fund the wallet to continue.`,
  );
}
