/**
 * What a module exports as a user's compiler sees it: for the API report and the check of the
 * public API's doc comments.
 * @module
 */
import ts from 'typescript';

/** One export of a module: the name it is exported under, and the symbol it names (aliases resolved). */
export interface ExportedSymbol {
  readonly name: string;
  readonly symbol: ts.Symbol;
}

/** A program over `files` with Node's module resolution, as a user's project reads a package. */
export function programOf(files: readonly string[]): ts.Program {
  return ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2023,
    noEmit: true,
    skipLibCheck: true,
  });
}

/** The exports of `file`, a root file of `program`, sorted by name. */
export function exportedSymbols(program: ts.Program, file: string): ExportedSymbol[] {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`${file} is not a module: is it built?`);
  return checker
    .getExportsOfModule(moduleSymbol)
    .map((exported) => ({
      name: exported.name,
      symbol: exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}
