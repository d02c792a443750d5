import type { EmulatorContext, RequestContext } from '../context.js';
import { type ErrorStatus, fail } from './envelope.js';

export type Surface = 'generation' | 'control-plane' | 'other';

export function surfaceOf(path: string): Surface {
  if (/^\/api\/v[678]\//.test(path)) return 'generation';
  if (path.startsWith('/api/agents/v1/')) return 'control-plane';
  return 'other';
}

/** The body of a generation error, honouring the `messege` quirk of legacy (v6) endpoints. */
export function generationErrorBody(
  ctx: EmulatorContext,
  path: string,
  message: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const field = ctx.options.quirks.messegeTypo && path.startsWith('/api/v6/') ? 'messege' : 'message';
  return { status: 'error', [field]: message, ...extra };
}

/** An error in the shape of the surface the request addressed. */
export function errorResponse(
  c: RequestContext,
  ctx: EmulatorContext,
  error: { status: ErrorStatus; code: string; message: string; extra?: Record<string, unknown> },
): Response {
  const surface = surfaceOf(c.req.path);
  if (surface === 'control-plane')
    return fail(c, error.status, error.code, error.message, error.extra ?? null);
  if (surface === 'generation') {
    return c.json(
      generationErrorBody(ctx, c.req.path, error.message, { code: error.code, ...error.extra }),
      error.status,
    );
  }
  return c.json({ error: { code: error.code, message: error.message, ...error.extra } }, error.status);
}
