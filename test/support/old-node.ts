/**
 * The machine's own Node.js when it is older than the one the package asks for (CI machines keep
 * Node 20 as the system node; the scripts run the Node 22 of the `node` devDependency, whose folder
 * under node_modules comes first on their PATH).
 * @module
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

/** A Node older than 22 on the PATH, outside node_modules: its path, its version and its folder. */
export interface OldNode {
  readonly path: string;
  /** Without the `v`: `20.20.2`. */
  readonly version: string;
  /** Its folder, where its `npm` sits too. */
  readonly folder: string;
}

/** The first Node older than 22 on the PATH outside node_modules, or undefined. */
export function findOldNode(): OldNode | undefined {
  const directories = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => dir && !dir.includes('node_modules'));
  for (const directory of directories) {
    const candidate = join(directory, 'node');
    try {
      accessSync(candidate, constants.X_OK);
      const version = execFileSync(candidate, ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '');
      if (Number.parseInt(version, 10) < 22) return { path: candidate, version, folder: dirname(candidate) };
    } catch {
      // Not there, or not runnable: look further along the PATH.
    }
  }
  return undefined;
}
