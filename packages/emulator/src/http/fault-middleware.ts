import { setTimeout as sleep } from 'node:timers/promises';
import type { MiddlewareHandler } from 'hono';
import { matchRoute } from '../catalogue/route-index.js';
import type { EmulatorContext, EmulatorEnv, RequestContext } from '../context.js';
import type { FaultRule } from '../options.js';
import { retryAfter } from './rate-limit-headers.js';
import { errorResponse } from './surface-errors.js';

const GARBLED = '{"status":"success","output":["http';
const PROXY_PAGE =
  '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>';

function faultResponse(c: RequestContext, ctx: EmulatorContext, rule: FaultRule): Response | undefined {
  switch (rule.kind) {
    case 'server-error':
      return errorResponse(c, ctx, {
        status: 500,
        code: 'server_error',
        message: 'Internal server error (injected).',
      });
    case 'unavailable': {
      const response = errorResponse(c, ctx, {
        status: 503,
        code: 'unavailable',
        message: 'The service is temporarily unavailable (injected).',
      });
      response.headers.set(
        'Retry-After',
        retryAfter(ctx.serviceMs(1), ctx.clock.now(), ctx.options.retryAfterFormat),
      );
      return response;
    }
    case 'rate-limited': {
      const response = errorResponse(c, ctx, {
        status: 429,
        code: 'rate_limited',
        message: 'Rate limit exceeded (injected). Try again shortly.',
        extra: { retry_after: 1 },
      });
      response.headers.set(
        'Retry-After',
        retryAfter(ctx.serviceMs(1), ctx.clock.now(), ctx.options.retryAfterFormat),
      );
      return response;
    }
    case 'reset': {
      // Close the socket under the request: the client sees a connection reset, not an answer.
      c.env?.incoming?.socket?.destroy();
      return new Response(null, { status: 502 });
    }
    case 'garbled':
      return new Response(GARBLED, { status: 200, headers: { 'Content-Type': 'application/json' } });
    case 'html':
      return new Response(PROXY_PAGE, { status: 502, headers: { 'Content-Type': 'text/html' } });
    case 'slow':
      return undefined;
  }
}

/**
 * Applies the fault rules to API requests. A rule with `afterEffect` lets the request do its work
 * first and loses only the answer, which is how a client learns to retry without paying twice.
 */
export function injectFaults(ctx: EmulatorContext): MiddlewareHandler<EmulatorEnv> {
  return async (c, next) => {
    const route = matchRoute(c.req.method, c.req.path);
    const rule = ctx.faults.pick({ path: c.req.path, operationId: route?.operation.operationId });
    if (!rule) return next();
    if (rule.kind === 'slow') {
      await sleep(rule.delayMs ?? 1000);
      return next();
    }
    if (rule.afterEffect) await next();
    const response = faultResponse(c, ctx, rule);
    if (response) c.res = response;
    return response;
  };
}
