/**
 * The public surface under review: each entry's names and declarations, as the build gives them
 * to a user, match the report checked in under `api/`. A change to the API is then a diff of
 * those files in review, accepted with `npm run api:update`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiReports, publicEntries, REPORT_FOLDER } from '../../scripts/api-report.js';
import { ROOT } from '../examples/run-example.js';

const ACCEPT = 'If the change is meant, run `npm run build && npm run api:update` and commit the reports.';

/** The reports need the declarations of a build of every entry. */
function requireDeclarations(): void {
  const missing = publicEntries(ROOT).filter((entry) => !existsSync(join(ROOT, entry.typesFile)));
  if (missing.length > 0)
    throw new Error(
      `${missing.map((entry) => entry.typesFile).join(', ')} missing: run \`npm run build\` first.`,
    );
}

describe('the API report', () => {
  requireDeclarations();
  const reports = apiReports(ROOT);
  const folder = join(ROOT, REPORT_FOLDER);

  it.each([...reports.keys()])('%s matches the public surface of the build', (name) => {
    const path = join(folder, name);
    const checkedIn = existsSync(path) ? readFileSync(path, 'utf8') : '(no report checked in)';
    expect(reports.get(name), `${REPORT_FOLDER}/${name} differs from the build. ${ACCEPT}`).toBe(checkedIn);
  });

  it('keeps no report of an entry that is gone', () => {
    const stale = readdirSync(folder).filter((name) => name.endsWith('.api.md') && !reports.has(name));
    expect(stale, `reports of entries package.json no longer exports. ${ACCEPT}`).toEqual([]);
  });

  it('keeps the root entry at about 50 names (issue 16)', () => {
    const names = Number(/^(\d+) names/m.exec(reports.get('index.api.md') ?? '')?.[1]);
    // Growing past this is a decision to take in review: an extension point belongs to `/http`.
    // 63: the root names the types of its own signatures (KeyPlacement, McpInspector, Telemetry),
    // so that its declarations never import them from a framework's entry (issue 23).
    // 69: an application that writes its own approval question orders and words it as MCP's
    // question and gentk's confirmation do (argumentsAmountsFirst, approvalArguments,
    // effectWords; issue 22); `description.save()` names the saved form's types (issue 25).
    expect(names).toBeLessThanOrEqual(69);
  });
});
