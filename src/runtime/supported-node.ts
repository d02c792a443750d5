/**
 * Which Node.js the toolkit runs on. Kept free of imports: the entry points consult it before
 * anything else is loaded, because on an older Node a dependency (undici) fails while being
 * loaded, with an error that says nothing of the version.
 * @module
 */

/** The oldest Node.js major version the toolkit supports (package.json `engines`). */
export const MINIMUM_NODE_MAJOR = 22;

/**
 * What to tell the person when `version` (as in `process.versions.node`, e.g. `20.11.1`) is too
 * old; undefined when it is recent enough, or when the runtime does not say (not Node).
 *
 * @example
 * unsupportedNodeMessage('20.11.1');
 * // 'generation-agent-toolkit needs Node.js 22 or later; this is v20.11.1'
 */
export function unsupportedNodeMessage(
  version: string | undefined = globalThis.process?.versions?.node,
): string | undefined {
  if (typeof version !== 'string') return undefined;
  const major = Number.parseInt(version, 10);
  if (!Number.isInteger(major) || major >= MINIMUM_NODE_MAJOR) return undefined;
  return `generation-agent-toolkit needs Node.js ${MINIMUM_NODE_MAJOR} or later; this is v${version}`;
}
