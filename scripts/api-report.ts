/**
 * The API report: for each public entry of package.json `exports`, the names it exports and their
 * declarations as the built `.d.ts` gives them to a user, comments left out. Reports are checked
 * in under `api/`, so that a change to the public surface shows in review as a diff of them;
 * `test/package/api-report.test.ts` fails when the build and the reports part.
 *
 * Run `npm run api:update` (after `npm run build`) to write the reports of the current build.
 * @module
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { exportedSymbols, programOf } from './exported-symbols.js';

/** Where the reports are kept, relative to the package root. */
export const REPORT_FOLDER = 'api';

/** One public entry: its subpath in `exports` and the built declaration file of its ESM form. */
export interface PublicEntry {
  readonly subpath: string;
  readonly typesFile: string;
}

type ExportTarget = string | { readonly [condition: string]: ExportTarget };

/** The entries of package.json `exports` that have types (`./package.json` has none). */
export function publicEntries(packageRoot: string): PublicEntry[] {
  const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
    exports: Record<string, ExportTarget>;
  };
  return Object.entries(manifest.exports).flatMap(([subpath, target]) => {
    const types =
      typeof target === 'object' ? (target.import as { types?: string } | undefined)?.types : undefined;
    return types ? [{ subpath, typesFile: types }] : [];
  });
}

/** The report's file name of an entry: `index.api.md` for the root, `http.api.md` for `./http`. */
export function reportFileName(entry: PublicEntry): string {
  return `${entry.subpath === '.' ? 'index' : entry.subpath.replace(/^\.\//, '').replaceAll('/', '-')}.api.md`;
}

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

/** A declaration as the user's compiler sees it, without comments. */
function printDeclaration(declaration: ts.Declaration): string {
  // A variable's statement holds its `declare const`; the declaration alone would print `name: T`.
  const node =
    ts.isVariableDeclaration(declaration) && ts.isVariableStatement(declaration.parent.parent)
      ? declaration.parent.parent
      : declaration;
  return printer.printNode(ts.EmitHint.Unspecified, node, node.getSourceFile());
}

/** The report of one entry, read from the built declarations under `packageRoot`. */
export function apiReportOf(packageRoot: string, entry: PublicEntry): string {
  const file = join(packageRoot, entry.typesFile);
  let values = 0;
  const sections = exportedSymbols(programOf([file]), file).map(({ name, symbol }) => {
    if (symbol.flags & ts.SymbolFlags.Value) values++;
    const renamed = symbol.name !== name ? `// exported as ${name}\n` : '';
    return renamed + (symbol.declarations ?? []).map(printDeclaration).join('\n');
  });
  const names = sections.length;
  return [
    `# API report of \`generation-agent-toolkit${entry.subpath.slice(1)}\``,
    '',
    `${names} names: ${values} values (functions, classes, constants) and ${names - values} types only.`,
    'Generated from the build by `npm run api:update`; do not edit by hand.',
    '',
    '```ts',
    sections.join('\n\n'),
    '```',
    '',
  ].join('\n');
}

/** The reports of every public entry, by file name. */
export function apiReports(packageRoot: string): Map<string, string> {
  return new Map(
    publicEntries(packageRoot).map((entry) => [reportFileName(entry), apiReportOf(packageRoot, entry)]),
  );
}

/** Writes the reports of the current build, and removes those of entries that are gone. */
function updateReports(packageRoot: string): void {
  const folder = join(packageRoot, REPORT_FOLDER);
  const reports = apiReports(packageRoot);
  for (const name of readdirSync(folder))
    if (name.endsWith('.api.md') && !reports.has(name)) rmSync(join(folder, name));
  for (const [name, text] of reports) writeFileSync(join(folder, name), text);
  console.log(`Wrote ${[...reports.keys()].map((name) => `${REPORT_FOLDER}/${name}`).join(', ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) updateReports(process.cwd());
