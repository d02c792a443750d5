/**
 * The lines between the workspace's packages, read from their sources: the emulator imports
 * nothing of the library (it stands in for the service, and sharing the client's code would share
 * its blind spots); gentk reaches the library and the emulator by their package names only; the
 * library imports neither; and each package declares exactly the packages its code loads.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Manifest {
  readonly name: string;
  readonly dependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
}

interface Import {
  readonly file: string;
  readonly specifier: string;
}

/** Each package: its folder from the root and the folder of its sources. */
const PACKAGES = [
  { folder: '.', sources: 'src' },
  { folder: 'packages/emulator', sources: 'packages/emulator/src' },
  { folder: 'packages/cli', sources: 'packages/cli/src' },
] as const;

const manifestOf = (folder: string): Manifest =>
  JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8')) as Manifest;

const sourceFiles = (folder: string): string[] =>
  readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(ROOT, folder, name));

/** Doc comments hold examples with imports of their own: only code counts. */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/**
 * The modules `file` loads when it runs: static imports and re-exports (not `import type`, which
 * leave nothing behind) and dynamic `import()`.
 */
function runtimeImports(file: string): Import[] {
  const code = withoutComments(readFileSync(file, 'utf8'));
  const statements = code.matchAll(/^(?:import|export)\s+(type\s+)?[^;'"]*?\bfrom\s+'([^']+)'/gm);
  const dynamic = code.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g);
  return [
    ...[...statements].filter((match) => !match[1]).map((match) => match[2] as string),
    ...[...dynamic].map((match) => match[1] as string),
  ].map((specifier) => ({ file: relative(ROOT, file), specifier }));
}

/** `@scope/name/sub` and `name/sub` name the package `@scope/name` and `name`. */
const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const isBuiltin = (specifier: string) =>
  specifier.startsWith('node:') || builtinModules.includes(packageName(specifier));

describe.each(PACKAGES)('the sources of $folder', ({ folder, sources }) => {
  const imports = sourceFiles(sources).flatMap(runtimeImports);
  const manifest = manifestOf(folder);
  const declared = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });

  it('reach no file outside their package by a relative path', () => {
    const outside = imports.filter(
      ({ file, specifier }) =>
        specifier.startsWith('.') &&
        relative(join(ROOT, sources), resolve(ROOT, dirname(file), specifier)).startsWith('..'),
    );
    expect(outside).toEqual([]);
  });

  // Every dependency is loaded; a peer may serve only types (`redis`) or another package's entry
  // (gentk's `@modelcontextprotocol/sdk`, for the library's /mcp).
  it('load only the packages their package.json declares, and every dependency it declares', () => {
    const loaded = new Set(
      imports
        .map(({ specifier }) => specifier)
        .filter((specifier) => !specifier.startsWith('.') && !isBuiltin(specifier))
        .map(packageName),
    );
    expect([...loaded].filter((name) => !declared.includes(name)).sort()).toEqual([]);
    const dependencies = Object.keys(manifest.dependencies ?? {});
    expect(dependencies.filter((name) => !loaded.has(name)).sort()).toEqual([]);
  });
});

describe('the lines between the packages', () => {
  const loadedBy = (sources: string) =>
    new Set(
      sourceFiles(sources)
        .flatMap(runtimeImports)
        .map(({ specifier }) => packageName(specifier)),
    );

  it('the library loads neither the emulator nor gentk', () => {
    const loaded = loadedBy('src');
    expect(loaded.has('generation-agent-toolkit-emulator')).toBe(false);
    expect(loaded.has('generation-agent-toolkit-cli')).toBe(false);
  });

  it('the emulator loads nothing of the library', () => {
    expect(loadedBy('packages/emulator/src').has('generation-agent-toolkit')).toBe(false);
  });

  it('gentk loads the library and the emulator by their names', () => {
    const loaded = loadedBy('packages/cli/src');
    expect(loaded.has('generation-agent-toolkit')).toBe(true);
    expect(loaded.has('generation-agent-toolkit-emulator')).toBe(true);
  });
});
