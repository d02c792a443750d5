import type { MiddlewareHandler } from 'hono';
import type { EmulatorContext, EmulatorEnv, RequestContext } from '../context.js';
import type { RateLimitPolicyName } from '../options.js';
import { isRecord } from './body.js';
import { rateLimitHeaders, retryAfter } from './rate-limit-headers.js';
import type { RateLimiter } from './rate-limiter.js';
import { errorResponse, surfaceOf } from './surface-errors.js';

function policyOf(path: string): RateLimitPolicyName {
  if (path.startsWith('/api/agents/v1/auth/')) return 'auth';
  if (/^\/api\/agents\/v1\/(billing|wallet|subscriptions|payments)(\/|$)/.test(path)) return 'billing';
  if (path.startsWith('/api/agents/v1/')) return 'control';
  if (surfaceOf(path) === 'generation') return 'generation';
  return 'public';
}

function bearer(c: RequestContext): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  return match?.[1];
}

/** The generation key of a request: the Bearer credential, or the body's `key`. */
export async function generationKeyOf(c: RequestContext): Promise<string | undefined> {
  const fromHeader = bearer(c);
  if (fromHeader) return fromHeader;
  if (c.req.method !== 'POST') return undefined;
  try {
    const body = JSON.parse(await c.req.text()) as unknown;
    return isRecord(body) && typeof body.key === 'string' ? body.key : undefined;
  } catch {
    return undefined;
  }
}

/** Whose quota a request draws on: the account behind its credential, else the caller's address. */
async function partitionOf(
  c: RequestContext,
  ctx: EmulatorContext,
  policy: RateLimitPolicyName,
): Promise<string> {
  const address = c.env?.incoming?.socket?.remoteAddress ?? 'in-process';
  if (policy === 'generation') {
    const key = await generationKeyOf(c);
    const found = key ? ctx.state.findApiKey(key) : undefined;
    return found ? `account:${found.account.id}` : `address:${address}`;
  }
  if (policy === 'control' || policy === 'billing') {
    const token = bearer(c);
    const check = token ? ctx.state.checkToken(token) : undefined;
    return check?.ok ? `account:${check.user.id}` : `address:${address}`;
  }
  return `address:${address}`;
}

/**
 * Counts each request against its policy's quota and writes the rate-limit fields on the answer;
 * past the quota, answers 429 with Retry-After in the surface's own error shape.
 */
export function rateLimit(ctx: EmulatorContext, limiter: RateLimiter): MiddlewareHandler<EmulatorEnv> {
  return async (c, next) => {
    if (c.req.path.startsWith('/_emulator/')) return next();
    const policy = policyOf(c.req.path);
    const partition = await partitionOf(c, ctx, policy);
    const decision = limiter.consume(policy, partition);
    const headers = rateLimitHeaders(decision, partition, ctx.clock.now());
    if (!decision.allowed) {
      const seconds = Math.max(1, Math.ceil(decision.resetMs / 1000));
      const response = errorResponse(c, ctx, {
        status: 429,
        code: 'rate_limited',
        message: `Rate limit exceeded for the ${policy} policy (${decision.limit} requests per window). Try again in ${seconds} seconds.`,
        extra: { retry_after: seconds, policy },
      });
      for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
      response.headers.set(
        'Retry-After',
        retryAfter(decision.resetMs, ctx.clock.now(), ctx.options.retryAfterFormat),
      );
      return response;
    }
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
}
