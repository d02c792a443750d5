import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const { version } = JSON.parse(readFileSync('./package.json', 'utf8')) as { version: string };

/**
 * gentk, one ESM program. The library and the emulator are dependencies, imported by name and
 * left external (tsup keeps every `dependencies` entry out of the bundle), so that gentk runs the
 * library the user has installed, not a copy of it.
 */
export default defineConfig({
  entry: { main: 'src/main.ts' },
  target: 'node22',
  format: ['esm'],
  sourcemap: false,
  clean: true,
  banner: { js: '#!/usr/bin/env node' },
  define: { __PACKAGE_VERSION__: JSON.stringify(version) },
});
