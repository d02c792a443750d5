import type { MiddlewareHandler } from 'hono';
import type { EmulatorContext, EmulatorEnv } from '../context.js';

export type Lifecycle = 'deprecated' | 'stable';

/** The versions the service serves, by path prefix, with their lifecycle. */
export const API_VERSIONS: ReadonlyArray<{ prefix: string; version: string; lifecycle: Lifecycle }> = [
  { prefix: '/api/v6/', version: 'v6', lifecycle: 'deprecated' },
  { prefix: '/api/v7/', version: 'v7', lifecycle: 'stable' },
  { prefix: '/api/v8/', version: 'v8', lifecycle: 'stable' },
  { prefix: '/api/agents/v1/', version: 'agents-v1', lifecycle: 'stable' },
];

/**
 * Writes `Service-Api-Version` and `Service-Api-Lifecycle` on versioned answers; a deprecated
 * version adds `Deprecation` (RFC 9745, a structured date), `Sunset` (RFC 8594, an HTTP-date) and
 * a `Link` to the policy.
 */
export function versioning(ctx: EmulatorContext): MiddlewareHandler<EmulatorEnv> {
  return async (c, next) => {
    await next();
    const version = API_VERSIONS.find((candidate) => c.req.path.startsWith(candidate.prefix));
    if (!version) return;
    c.res.headers.set('Service-Api-Version', version.version);
    c.res.headers.set('Service-Api-Lifecycle', version.lifecycle);
    if (version.lifecycle !== 'deprecated') return;
    const { deprecatedAt, sunsetAt } = ctx.options.v6Deprecation;
    const policy = `${c.get('origin')}/api-deprecation-policy`;
    c.res.headers.set('Deprecation', `@${Math.floor(deprecatedAt.getTime() / 1000)}`);
    c.res.headers.set('Sunset', sunsetAt.toUTCString());
    c.res.headers.append('Link', `<${policy}>; rel="deprecation"; type="text/markdown"`);
    c.res.headers.append('Link', `<${policy}>; rel="sunset"; type="text/markdown"`);
  };
}
