/**
 * generation-agent-toolkit: the core surface.
 *
 * Any new export added here becomes public API. Use named exports, not wildcards.
 * @module
 */
export { VERSION } from './version.js';
