import { CONTROL_PLANE_OPERATIONS, CONTROL_PLANE_PREFIX } from '../catalogue/control-plane-operations.js';
import { CONTROL_PLANE_SCOPES } from '../catalogue/scopes.js';
import type { ResolvedEmulatorOptions } from '../options.js';
import { VERSION } from '../version.js';
import { controlPlaneComponents } from './control-plane-components.js';
import { controlPlaneOperationObject } from './control-plane-operation.js';
import { PAGE_PATHS, SURFACES } from './surfaces.js';

/** A tag per resource, described by the scopes its operations need. */
function tags() {
  const resources = [...new Set(CONTROL_PLANE_OPERATIONS.map((operation) => operation.resource))];
  return resources.map((resource) => {
    const scopes = new Set(
      CONTROL_PLANE_OPERATIONS.filter((operation) => operation.resource === resource).map(
        (operation) => operation.requiredScope,
      ),
    );
    const granted = CONTROL_PLANE_SCOPES.filter((scope) => scopes.has(scope.name)).map(
      (scope) => `${scope.name} (${scope.grants})`,
    );
    const open = scopes.has(null) ? ['some operations need no scope'] : [];
    return { name: resource, description: `Scopes: ${[...granted, ...open].join('; ')}.` };
  });
}

function infoDescription(options: ResolvedEmulatorOptions): string {
  const { auth, billing, control } = options.rateLimits;
  return [
    `Account, tokens, API keys, usage, models, files, billing, wallet, subscriptions and teams for agents: ${CONTROL_PLANE_OPERATIONS.length} operations. Paths are relative to the server URL (${CONTROL_PLANE_PREFIX}).`,
    `Authenticate with a bearer token from POST /auth/login; agents register by the runbook at ${PAGE_PATHS.authRunbook}. Each operation names the scope it needs in \`x-required-scope\` (absent: no scope needed, and the description says why), so a client can ask login for exactly the scopes of the operations it will call. A call outside the token's scopes answers 403 insufficient_scope.`,
    'Every answer is an envelope `{data, error, meta}`: on failure `data` is null and `error` holds `code`, `message` and `details`.',
    'Money-moving operations take an `Idempotency-Key` header; a replay answers the first result with `meta.idempotency_replay: true`.',
    `Rate limits: auth calls ${auth.limit} per ${auth.windowSeconds} s, billing ${billing.limit} per ${billing.windowSeconds} s, the rest ${control.limit} per ${control.windowSeconds} s; answers carry the RateLimit fields and a 429 adds Retry-After.`,
  ].join('\n\n');
}

/**
 * The OpenAPI 3.1 document of the control plane. Its server URL carries the prefix and its paths
 * are relative to it, unlike the generation document's full paths, as production publishes them:
 * clients must handle both.
 */
export function buildControlPlaneOpenApi(
  options: ResolvedEmulatorOptions,
  origin: string,
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of CONTROL_PLANE_OPERATIONS) {
    const relative = operation.path.slice(CONTROL_PLANE_PREFIX.length);
    const item = paths[relative] ?? {};
    item[operation.method.toLowerCase()] = controlPlaneOperationObject(operation);
    paths[relative] = item;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: SURFACES.controlPlane.title,
      summary: SURFACES.controlPlane.summary,
      description: infoDescription(options),
      version: VERSION,
    },
    servers: [{ url: `${origin}${CONTROL_PLANE_PREFIX}` }],
    externalDocs: {
      description: 'Reference by operation',
      url: `${origin}${SURFACES.controlPlane.docsPath}`,
    },
    tags: tags(),
    paths,
    components: controlPlaneComponents(),
  };
}
