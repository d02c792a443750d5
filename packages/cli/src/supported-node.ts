/**
 * Which Node.js gentk runs on. Kept free of imports: main.ts consults it before anything else is
 * loaded, because on an older Node a dependency (undici, through the library) fails while being
 * loaded, with an error that says nothing of the version. The library checks the same on its own
 * entries; gentk keeps its copy so that it can say so in one line before loading the library.
 * @module
 */

/** The oldest Node.js major version gentk supports (package.json `engines`). */
const MINIMUM_NODE_MAJOR = 22;

/**
 * What to tell the person when `version` (as in `process.versions.node`) is too old; undefined
 * when it is recent enough.
 *
 * @example
 * unsupportedNodeMessage('20.11.1');
 * // 'generation-agent-toolkit needs Node.js 22 or later; this is v20.11.1'
 */
export function unsupportedNodeMessage(version: string = process.versions.node): string | undefined {
  const major = Number.parseInt(version, 10);
  if (!Number.isInteger(major) || major >= MINIMUM_NODE_MAJOR) return undefined;
  return `generation-agent-toolkit needs Node.js ${MINIMUM_NODE_MAJOR} or later; this is v${version}`;
}
