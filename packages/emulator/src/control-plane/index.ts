import { CONTROL_PLANE_OPERATIONS } from '../catalogue/control-plane-operations.js';
import type { ControlPlaneOperation } from '../catalogue/types.js';
import type { EmulatorApp, EmulatorContext } from '../context.js';
import { registerCheckoutPage } from './checkout-page.js';
import { runOperation } from './pipeline.js';
import { CONTROL_PLANE_HANDLERS } from './routes.js';

/** `/api/agents/v1/models/{modelId}` -> `/api/agents/v1/models/:modelId` (Hono's syntax). */
export function honoPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

const literalSegments = (operation: ControlPlaneOperation) =>
  operation.path.split('/').filter((segment) => segment && !segment.startsWith('{')).length;

/**
 * Serves the 75 operations of the control plane under /api/agents/v1, one route per operation of
 * the catalogue, plus the checkout page that payment links point at.
 */
export function registerControlPlane(app: EmulatorApp, ctx: EmulatorContext): void {
  // Hono tries routes in registration order: /models/filters must come before /models/{modelId}.
  const operations = [...CONTROL_PLANE_OPERATIONS].sort((a, b) => literalSegments(b) - literalSegments(a));
  for (const operation of operations) {
    const handler = CONTROL_PLANE_HANDLERS[operation.operationId];
    if (!handler) throw new Error(`the control plane has no handler for ${operation.operationId}`);
    if (handler.auth !== operation.auth) {
      throw new Error(
        `${operation.operationId} needs auth '${operation.auth}' but its handler is '${handler.auth}'`,
      );
    }
    app.on(operation.method, honoPath(operation.path), (c) => runOperation({ c, ctx, operation, handler }));
  }
  registerCheckoutPage(app, ctx);
}
