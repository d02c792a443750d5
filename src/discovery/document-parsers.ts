/**
 * The parsers of published documents: OpenAPI (with `$ref` resolution and the upgrade of older
 * versions) and the Markdown ones (runbook, llms.txt, deprecation policy). `discover()` loads this
 * module when it has documents to parse, never at import: a program that connects from a saved
 * description or a warm cache does not pay for loading them (issue 25, cold start).
 * @module
 */
export { readRunbook } from './documents/auth-runbook.js';
export { readDeprecationPolicy } from './documents/deprecation-policy.js';
export { readLlmsTxt } from './documents/llms-txt.js';
export { readOpenApiSurface } from './openapi/index.js';
