import type { EmulatorApp, EmulatorContext } from '../context.js';

/** Serves the three MCP servers over Streamable HTTP, and their manifest and server card. */
export function registerMcpServers(_app: EmulatorApp, _ctx: EmulatorContext): void {}
