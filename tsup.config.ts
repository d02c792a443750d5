import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const { version } = JSON.parse(readFileSync('./package.json', 'utf8')) as { version: string };

const shared = {
  target: 'node22',
  sourcemap: true,
  define: { __PACKAGE_VERSION__: JSON.stringify(version) },
} as const;

export default defineConfig([
  {
    ...shared,
    entry: {
      index: 'src/index.ts',
      'ai-sdk': 'src/adapters/ai-sdk.ts',
      langchain: 'src/adapters/langchain.ts',
      mcp: 'src/adapters/mcp.ts',
      provider: 'src/provider/index.ts',
      emulator: 'src/emulator/index.ts',
    },
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    splitting: true,
  },
  {
    ...shared,
    entry: { 'cli/main': 'src/cli/main.ts' },
    format: ['esm'],
    banner: { js: '#!/usr/bin/env node' },
  },
]);
