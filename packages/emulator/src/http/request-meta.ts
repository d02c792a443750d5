import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { MiddlewareHandler } from 'hono';
import type { EmulatorContext, EmulatorEnv } from '../context.js';

/**
 * Gives every request an id and its origin, adds the configured latency, and dates every answer
 * on the emulator clock (a manual
 * clock's `Date` lets clients compute Retry-After dates the way they would against production).
 */
export function requestMeta(ctx: EmulatorContext): MiddlewareHandler<EmulatorEnv> {
  return async (c, next) => {
    c.set('requestId', `req_${randomBytes(8).toString('hex')}`);
    c.set('origin', new URL(c.req.url).origin);
    if (ctx.options.latencyMs > 0) await sleep(ctx.options.latencyMs);
    await next();
    c.res.headers.set('Date', new Date(ctx.clock.now()).toUTCString());
    c.res.headers.set('X-Request-Id', c.get('requestId'));
  };
}
