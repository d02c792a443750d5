/**
 * The public API documents itself: every type and class the root and `/http` entries export has a
 * doc comment, and every option type and model type of every entry shows an `@example`, as the
 * reference TypeDoc builds from them and an editor shows on hover. Those examples compile against
 * the API, the names they leave to the reader (`session`, `baseUrl`, ...) aside.
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
  /** An interface, a type alias or a class: what the rules of doc comments here are about. */
  readonly isTypeOrClass: boolean;
  readonly documented: boolean;
  readonly hasExample: boolean;
  /** The code of each `@example`. */
  readonly examples: readonly string[];
}

/** What each documented entry (typedoc.json, and the emulator package's) exports, with what the comments of its declarations hold. */
function exportedDeclarations(): ExportedDeclaration[] {
  const { entryPoints: libraryEntries } = JSON.parse(readFileSync(join(ROOT, 'typedoc.json'), 'utf8')) as {
    entryPoints: string[];
  };
  // The emulator is a package of its own now, documented by its README and its comments.
  const entryPoints = [...libraryEntries, 'packages/emulator/src/index.ts'];
  const files = entryPoints.map((entry) => join(ROOT, entry));
  const program = programOf(files);
  return entryPoints.flatMap((entry, index) =>
    exportedSymbols(program, files[index] ?? '').flatMap(({ name, symbol }) => {
      const declaration = symbol.declarations?.[0];
      if (!declaration) return [];
      return [
        {
          entry,
          name,
          isTypeOrClass:
            ts.isInterfaceDeclaration(declaration) ||
            ts.isTypeAliasDeclaration(declaration) ||
            ts.isClassDeclaration(declaration),
          documented: ts.getJSDocCommentsAndTags(declaration).length > 0,
          hasExample: ts.getJSDocTags(declaration).some((tag) => tag.tagName.text === 'example'),
          examples: ts
            .getJSDocTags(declaration)
            .filter((tag) => tag.tagName.text === 'example')
            .map((tag) => ts.getTextOfJSDocComment(tag.comment) ?? ''),
        },
      ];
    }),
  );
}

/**
 * Diagnostics that only say an example uses a name it leaves to the reader: an unknown name, a
 * shorthand property of one, and the untyped parameters of a callback passed to one.
 */
const NAMES_LEFT_TO_THE_READER = new Set([2304, 2552, 18004, 7006, 7031]);

/**
 * The compiler's complaints about each example, as `<entry> <name>: TS<code> <message>`. Each example
 * is the body of an async function in a module of its own that imports every name of the entries
 * (files that exist only in memory, beside the package's sources).
 */
function compileExamples(
  exported: readonly ExportedDeclaration[],
  withExamples: readonly ExportedDeclaration[],
): string[] {
  const folder = join(ROOT, 'tmp', 'doc-examples');
  const importedFrom = new Map<string, string>();
  for (const { entry, name } of exported) if (!importedFrom.has(name)) importedFrom.set(name, entry);
  const imports = [...new Set(exported.map(({ entry }) => entry))]
    .map((entry) => {
      const names = [...importedFrom].filter(([, from]) => from === entry).map(([name]) => name);
      return `import { ${names.join(', ')} } from '../../${entry.replace(/\.ts$/, '.js')}';`;
    })
    .join('\n');
  const modules = new Map<string, { readonly label: string; readonly text: string }>();
  for (const { entry, name, examples } of withExamples)
    for (const code of examples)
      modules.set(join(folder, `example-${modules.size}.ts`), {
        label: `${entry} ${name}`,
        text: `${imports}\nexport async function example(): Promise<void> {\n${code}\n}\n`,
      });
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2023,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
  };
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (file) => modules.has(file) || fileExists(file);
  host.readFile = (file) => modules.get(file)?.text ?? readFile(file);
  host.getSourceFile = (file, language, ...rest) => {
    const module = modules.get(file);
    return module ? ts.createSourceFile(file, module.text, language) : getSourceFile(file, language, ...rest);
  };
  const program = ts.createProgram([...modules.keys()], options, host);
  return [...modules].flatMap(([file, { label }]) => {
    const source = program.getSourceFile(file);
    if (!source) return [`${label}: not compiled`];
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]
      .filter((diagnostic) => !NAMES_LEFT_TO_THE_READER.has(diagnostic.code))
      .map(
        (diagnostic) =>
          `${label}: TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`,
      );
  });
}

describe('the doc comments of the public API', () => {
  const exported = exportedDeclarations();
  const declarations = exported.filter(({ isTypeOrClass }) => isTypeOrClass);

  it('reads every entry', () => {
    expect(new Set(declarations.map((declaration) => declaration.entry)).size).toBeGreaterThanOrEqual(6);
    expect(declarations.map((declaration) => declaration.name)).toEqual(expect.arrayContaining(MODEL_TYPES));
  });

  it('gives every type and class of the root, /http, /spend and /stores entries a comment', () => {
    const core = declarations.filter(
      ({ entry }) =>
        entry === 'src/index.ts' || entry === 'src/http/public-surface.ts' || entry === 'src/spend.ts',
    );
    expect(core.filter((declaration) => !declaration.documented).map(({ name }) => name)).toEqual([]);
  });

  const optionAndModelTypes = declarations.filter(
    ({ name }) => OPTION_TYPE.test(name) || MODEL_TYPES.includes(name),
  );

  it('shows an example on every option type and model type', () => {
    const missing = optionAndModelTypes
      .filter((declaration) => !declaration.hasExample)
      .map(({ entry, name }) => `${entry}: ${name}`);
    expect(missing).toEqual([]);
  });

  it('has examples that compile against the API', () => {
    expect(compileExamples(exported, optionAndModelTypes)).toEqual([]);
  }, 60_000);
});
