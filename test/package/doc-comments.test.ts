/**
 * The public API documents itself: every type and class the root and `/http` entries export has a
 * doc comment, and every option type and model type of every entry shows an `@example`, as the
 * reference TypeDoc builds from them and an editor shows on hover.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { exportedSymbols, programOf } from '../../scripts/exported-symbols.js';
import { ROOT } from '../examples/run-example.js';

/** The models a user meets first: the shapes the API hands out or asks to be implemented. */
const MODEL_TYPES = [
  'Operation',
  'ServiceDescription',
  'Session',
  'CallResult',
  'PendingCall',
  'JobProgress',
  'ToolSpec',
  'ToolSet',
  'ToolResult',
  'StoredToken',
  'TokenStore',
  'DiscoveryCache',
  'RateLimitStore',
  'RateLimitGovernor',
  'Transport',
  'HttpRequest',
  'HttpResponse',
  'HttpEvent',
  'Emulator',
  'GenerationProvider',
];
const OPTION_TYPE = /(Options|Settings|Fields)$/;

interface ExportedDeclaration {
  readonly entry: string;
  readonly name: string;
  readonly documented: boolean;
  readonly hasExample: boolean;
}

/** The types and classes each documented entry (typedoc.json) exports, with what their comments hold. */
function exportedDeclarations(): ExportedDeclaration[] {
  const { entryPoints } = JSON.parse(readFileSync(join(ROOT, 'typedoc.json'), 'utf8')) as {
    entryPoints: string[];
  };
  const files = entryPoints.map((entry) => join(ROOT, entry));
  const program = programOf(files);
  return entryPoints.flatMap((entry, index) =>
    exportedSymbols(program, files[index] ?? '').flatMap(({ name, symbol }) => {
      const declaration = symbol.declarations?.[0];
      if (
        !declaration ||
        !(
          ts.isInterfaceDeclaration(declaration) ||
          ts.isTypeAliasDeclaration(declaration) ||
          ts.isClassDeclaration(declaration)
        )
      )
        return [];
      return [
        {
          entry,
          name,
          documented: ts.getJSDocCommentsAndTags(declaration).length > 0,
          hasExample: ts.getJSDocTags(declaration).some((tag) => tag.tagName.text === 'example'),
        },
      ];
    }),
  );
}

describe('the doc comments of the public API', () => {
  const declarations = exportedDeclarations();

  it('reads every entry', () => {
    expect(new Set(declarations.map((declaration) => declaration.entry)).size).toBeGreaterThanOrEqual(6);
    expect(declarations.map((declaration) => declaration.name)).toEqual(expect.arrayContaining(MODEL_TYPES));
  });

  it('gives every type and class of the root and /http entries a comment', () => {
    const core = declarations.filter(
      ({ entry }) => entry === 'src/index.ts' || entry === 'src/http/public-surface.ts',
    );
    expect(core.filter((declaration) => !declaration.documented).map(({ name }) => name)).toEqual([]);
  });

  it('shows an example on every option type and model type', () => {
    const missing = declarations
      .filter(({ name }) => OPTION_TYPE.test(name) || MODEL_TYPES.includes(name))
      .filter((declaration) => !declaration.hasExample)
      .map(({ entry, name }) => `${entry}: ${name}`);
    expect(missing).toEqual([]);
  });
});
