/**
 * Which of the package's dependencies the library itself imports, as opposed to the emulator and
 * the CLI that still live in `src/` (issue 16 moves them to packages of their own): read from the
 * import specifiers of the sources, so that the figure follows the code rather than a list.
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** `from 'x'`, `import 'x'`, `import('x')` and `require('x')` of a bare specifier. */
const BARE_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"'./][^"']*)["']/g;

/** The folders of `src/` that are not the library a user installs. */
export const BESIDE_THE_LIBRARY = ['emulator', 'cli'] as const;

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(folder, name));
}

/** The packages the TypeScript files under `srcFolder` import, leaving out `excluded` subfolders. */
export function importedPackages(srcFolder: string, excluded: readonly string[]): Set<string> {
  const packages = new Set<string>();
  for (const file of sourceFiles(srcFolder)) {
    const [top] = relative(srcFolder, file).split(sep);
    if (top !== undefined && excluded.includes(top)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(BARE_SPECIFIER))
      packages.add(packageNameOf(match[1] as string));
  }
  return packages;
}

export interface DependencySplit {
  /** Dependencies the library's own code imports. */
  readonly library: readonly string[];
  /** Dependencies only the emulator or the CLI import. */
  readonly besideTheLibrary: readonly string[];
}

/** Splits `dependencies` (package.json's) by who imports them. */
export function splitDependencies(srcFolder: string, dependencies: readonly string[]): DependencySplit {
  const used = importedPackages(srcFolder, BESIDE_THE_LIBRARY);
  return {
    library: dependencies.filter((name) => used.has(name)),
    besideTheLibrary: dependencies.filter((name) => !used.has(name)),
  };
}
