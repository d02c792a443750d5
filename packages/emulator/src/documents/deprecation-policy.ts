import { GENERATION_OPERATIONS } from '../catalogue/generation-operations.js';
import { API_VERSIONS } from '../http/versioning.js';
import type { ResolvedEmulatorOptions } from '../options.js';
import { markdownTable } from './markdown.js';

/** The least time between a version's Deprecation date and its Sunset date. */
export const MINIMUM_DEPRECATION_DAYS = 90;

const DAY_MS = 86_400_000;
const instant = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** `/api-deprecation-policy` (Markdown): the rules, the headers that carry them, and every version's dates. */
export function buildDeprecationPolicy(options: ResolvedEmulatorOptions): string {
  const { deprecatedAt, sunsetAt } = options.v6Deprecation;
  const versions = markdownTable(
    ['Version', 'Lifecycle', 'Deprecated', 'Sunset'],
    API_VERSIONS.map((version) =>
      version.lifecycle === 'deprecated'
        ? [version.version, version.lifecycle, instant(deprecatedAt), instant(sunsetAt)]
        : [version.version, version.lifecycle, 'none', 'none'],
    ),
  );
  const prefixes = API_VERSIONS.map((version) => `- ${version.version}: \`${version.prefix}\``).join('\n');
  const deprecatedOperations = GENERATION_OPERATIONS.filter((operation) => operation.deprecated)
    .map((operation) => `- \`${operation.operationId}\` (${operation.method} ${operation.path})`)
    .join('\n');
  const days = Math.round((sunsetAt.getTime() - deprecatedAt.getTime()) / DAY_MS);
  return `# API versioning and deprecation policy

Versions live in the path. A version is **stable** until it is deprecated; a **deprecated** version keeps working until its sunset, then it is removed.

## Rules

- At least ${MINIMUM_DEPRECATION_DAYS} days separate a version's Deprecation date from its Sunset date (v6: ${days} days).
- Deprecation is announced in this policy and on every answer of the version, never silently.
- A new version is published before the one it replaces is deprecated, so that clients can move first.
- Deprecated operations stay described in /openapi.json with \`deprecated: true\` until they are removed.

## Headers

- \`Service-Api-Version\`: the version that answered (e.g. v7).
- \`Service-Api-Lifecycle\`: \`stable\` or \`deprecated\`.
- \`Deprecation\` (RFC 9745): on a deprecated version, the date it was deprecated, as a structured date (\`@<unix seconds>\`).
- \`Sunset\` (RFC 8594): on a deprecated version, the HTTP-date after which it stops answering.
- \`Link\`: \`rel="deprecation"\` and \`rel="sunset"\` point here.

## Versions

${versions}

Path prefixes:

${prefixes}

## Deprecated operations

${deprecatedOperations || 'None.'}
`;
}
