import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { allowedMethods } from './catalogue/route-index.js';
import type { EmulatorApp, EmulatorContext, EmulatorEnv } from './context.js';
import { registerControlPlane } from './control-plane/index.js';
import { registerDocuments } from './documents/index.js';
import { registerFiles } from './files/routes.js';
import { registerGeneration } from './generation/index.js';
import { injectFaults } from './http/fault-middleware.js';
import { rateLimit } from './http/rate-limit-middleware.js';
import { RateLimiter } from './http/rate-limiter.js';
import { requestMeta } from './http/request-meta.js';
import { errorResponse } from './http/surface-errors.js';
import { versioning } from './http/versioning.js';
import { registerMcpServers } from './mcp/index.js';
import { registerTestRoutes } from './test-routes.js';

/**
 * The whole service as one Hono app. Middleware runs outermost first: request metadata and dates,
 * versioning headers, rate limits (so a 429 carries every header), then fault injection.
 */
export function createEmulatorApp(ctx: EmulatorContext): EmulatorApp {
  const app = new Hono<EmulatorEnv>();
  const limiter = new RateLimiter(ctx.clock, ctx.options.rateLimits, (seconds) => ctx.serviceMs(seconds));

  app.use('*', requestMeta(ctx));
  app.use('*', versioning(ctx));
  app.use(
    '*',
    bodyLimit({
      maxSize: ctx.options.maxBodyBytes,
      onError: (c) =>
        errorResponse(c, ctx, {
          status: 413,
          code: 'payload_too_large',
          message: `The request body is larger than ${ctx.options.maxBodyBytes} bytes.`,
        }),
    }),
  );
  app.use('*', rateLimit(ctx, limiter));
  app.use('/api/*', injectFaults(ctx));

  registerTestRoutes(app, ctx);
  registerFiles(app, ctx);
  registerDocuments(app, ctx);
  registerMcpServers(app, ctx);
  registerControlPlane(app, ctx);
  registerGeneration(app, ctx);

  app.notFound((c) => {
    const allowed = allowedMethods(c.req.path);
    if (allowed.length > 0) {
      const response = errorResponse(c, ctx, {
        status: 405,
        code: 'method_not_allowed',
        message: `${c.req.method} is not allowed on ${c.req.path}; use ${allowed.join(' or ')}.`,
      });
      response.headers.set('Allow', allowed.join(', '));
      return response;
    }
    return errorResponse(c, ctx, {
      status: 404,
      code: 'not_found',
      message: `There is no endpoint ${c.req.method} ${c.req.path}. The service's operations are listed in /openapi.json and /agents-openapi.json.`,
    });
  });
  app.onError((error, c) => {
    ctx.log?.(
      `unhandled error on ${c.req.method} ${c.req.path}: ${error instanceof Error ? error.stack : String(error)}`,
    );
    return errorResponse(c, ctx, { status: 500, code: 'server_error', message: 'Internal server error.' });
  });
  return app;
}
