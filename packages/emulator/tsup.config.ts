import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const { version } = JSON.parse(readFileSync('./package.json', 'utf8')) as { version: string };

/** The emulator's one entry, ESM and CommonJS with types; its dependencies stay external. */
export default defineConfig({
  entry: { index: 'src/index.ts' },
  target: 'node22',
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: false,
  clean: true,
  define: { __PACKAGE_VERSION__: JSON.stringify(version) },
});
