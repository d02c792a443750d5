/**
 * What an install put on disk: the bytes of every file under `node_modules` and the packages
 * npm installed, as its hidden lockfile (`node_modules/.package-lock.json`) lists them.
 * @module
 */
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface InstalledWeight {
  /** Bytes of the files (their sizes, not the disk blocks they take). */
  readonly bytes: number;
  /** Installed packages, nested copies included. */
  readonly packages: number;
  /** Bytes per top-level package folder (`name` or `@scope/name`), nested copies included. */
  readonly bytesByPackage: ReadonlyMap<string, number>;
}

function bytesUnder(folder: string): number {
  let bytes = 0;
  for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    const stats = lstatSync(join(folder, name));
    if (stats.isFile()) bytes += stats.size;
  }
  return bytes;
}

interface LockedPackage {
  readonly link?: boolean;
  readonly dependencies?: Record<string, string>;
  readonly peerDependencies?: Record<string, string>;
  readonly peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

function lockedPackages(project: string): Record<string, LockedPackage> {
  const lockfile = JSON.parse(readFileSync(join(project, 'node_modules', '.package-lock.json'), 'utf8')) as {
    packages: Record<string, LockedPackage>;
  };
  return lockfile.packages;
}

/** Where `name` resolves from the package at `from` (a lockfile path), walking up as Node does. */
function resolveFrom(
  packages: Record<string, LockedPackage>,
  from: string,
  name: string,
): string | undefined {
  let folder = from;
  for (;;) {
    const candidate = folder === '' ? `node_modules/${name}` : `${folder}/node_modules/${name}`;
    if (packages[candidate] !== undefined) return candidate;
    if (folder === '') return undefined;
    const parent = folder.lastIndexOf('/node_modules/');
    folder = parent === -1 ? '' : folder.slice(0, parent);
  }
}

/** Bytes of a package's own files, without the packages nested in its `node_modules`. */
function ownBytes(folder: string): number {
  let bytes = 0;
  for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    if (name === 'node_modules' || name.startsWith(`node_modules/`)) continue;
    const stats = lstatSync(join(folder, name));
    if (stats.isFile()) bytes += stats.size;
  }
  return bytes;
}

export interface DependencyWeight {
  readonly name: string;
  /** The package and every package it pulls in (shared ones included), as installed. */
  readonly packages: number;
  readonly bytes: number;
}

/**
 * What each dependency of `dependent` (a top-level package of `project`) weighs with the packages
 * it pulls in: required peers count, optional ones do not (npm does not install them).
 */
export function dependencyWeights(project: string, dependent: string): DependencyWeight[] {
  const packages = lockedPackages(project);
  const root = `node_modules/${dependent}`;
  const closure = (start: string) => {
    const seen = new Set<string>();
    const visit = (path: string) => {
      if (seen.has(path)) return;
      seen.add(path);
      const entry = packages[path] ?? {};
      const optional = entry.peerDependenciesMeta ?? {};
      const required = [
        ...Object.keys(entry.dependencies ?? {}),
        ...Object.keys(entry.peerDependencies ?? {}).filter((name) => optional[name]?.optional !== true),
      ];
      for (const name of required) {
        const resolved = resolveFrom(packages, path, name);
        if (resolved !== undefined) visit(resolved);
      }
    };
    visit(start);
    return [...seen];
  };
  return Object.keys(packages[root]?.dependencies ?? {}).flatMap((name) => {
    const start = resolveFrom(packages, root, name);
    if (start === undefined) return [];
    const paths = closure(start);
    return [
      {
        name,
        packages: paths.length,
        bytes: paths.reduce((sum, path) => sum + ownBytes(join(project, path)), 0),
      },
    ];
  });
}

/** The weight of `project`'s `node_modules`. */
export function installedWeight(project: string): InstalledWeight {
  const modules = join(project, 'node_modules');
  const packages = lockedPackages(project);
  const count = Object.entries(packages).filter(
    ([path, entry]) => path.startsWith('node_modules/') && entry.link !== true,
  ).length;
  const bytesByPackage = new Map<string, number>();
  for (const name of readdirSync(modules)) {
    if (name.startsWith('.')) continue;
    const names = name.startsWith('@')
      ? readdirSync(join(modules, name)).map((inner) => `${name}/${inner}`)
      : [name];
    for (const packageName of names) bytesByPackage.set(packageName, bytesUnder(join(modules, packageName)));
  }
  return { bytes: bytesUnder(modules), packages: count, bytesByPackage };
}
