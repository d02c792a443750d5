/**
 * The files an entry of `dist/` loads before any of its code runs: itself and the chunks it
 * imports statically, followed transitively (dynamic `import()`s are left out: they load later,
 * if ever).
 * @module
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Relative static `import … from './x.js'`, `import './x.js'` and `export … from './x.js'`. */
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w*$\s{},]*?\bfrom\s*)?["'](\.\.?\/[^"']+)["']/g;

/** Absolute paths of `entry` and every file it imports statically. */
export function staticGraph(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT))
      visit(resolve(dirname(file), match[1] as string));
  };
  visit(resolve(entry));
  return [...seen];
}

/** Bytes on disk of `files` together. */
export function sizeOf(files: readonly string[]): number {
  return files.reduce((sum, file) => sum + statSync(file).size, 0);
}
