import type { ControlPlaneOperation } from '../catalogue/types.js';
import type { EmulatorContext, RequestContext } from '../context.js';
import { fail } from '../http/envelope.js';
import { ApiError } from './api-error.js';
import { authenticate, authorize } from './authenticate.js';
import type { OperationHandler, OperationInput } from './handler.js';
import { withIdempotency } from './idempotency.js';
import { readBody, readQuery } from './request-input.js';

/** Runs `produce`, turning a thrown ApiError into its error envelope (with its headers). */
async function answer(c: RequestContext, produce: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await produce();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const response = fail(c, error.status, error.code, error.message, error.details);
    for (const [name, value] of Object.entries(error.headers)) response.headers.set(name, value);
    return response;
  }
}

/**
 * Answers one control-plane request in the service's order: authenticate, check the scope,
 * validate query and body, apply the Idempotency-Key (money operations), then the handler.
 */
export function runOperation(options: {
  c: RequestContext;
  ctx: EmulatorContext;
  operation: ControlPlaneOperation;
  handler: OperationHandler;
}): Promise<Response> {
  const { c, ctx, operation, handler } = options;
  return answer(c, async () => {
    const session = operation.auth === 'token' ? authenticate(c, ctx) : null;
    if (session) authorize(operation, session);
    const query = readQuery(c, operation);
    const body = await readBody(c, ctx, operation);
    const input: OperationInput = { c, ctx, operation, params: c.req.param(), query, body };
    if (handler.auth === 'none') return handler.handle(input);
    if (!session) throw new Error(`${operation.operationId} has a token handler but needs no token`);
    const withSession = { ...input, session };
    if (!operation.idempotent) return handler.handle(withSession);
    // The keyed answer is stored whatever it is (a decline too), so errors become envelopes inside.
    return withIdempotency(withSession, () => answer(c, () => handler.handle(withSession)));
  });
}
