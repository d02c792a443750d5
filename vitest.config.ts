import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync('./package.json', 'utf8')) as { version: string };

export default defineConfig({
  define: { __PACKAGE_VERSION__: JSON.stringify(version) },
  test: {
    include: ['test/**/*.test.ts'],
    // Vitest's default leaves a core idle (cores - 1): on a 2-core CI machine that runs the files
    // one after another, while most of them wait on sockets and child processes.
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
