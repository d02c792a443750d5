import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync('./package.json', 'utf8')) as { version: string };

/** The files that run a second time on the platform's fetch (project 'fetch transport'). */
const FETCH_TRANSPORT_FILES = [
  'test/http/client-*.test.ts',
  'test/http/governor-dialects.test.ts',
  'test/auth/connect-rate-limits.test.ts',
  'test/jobs/poll-job.test.ts',
];

export default defineConfig({
  define: { __PACKAGE_VERSION__: JSON.stringify(version) },
  // The workspace's packages import each other by name (`generation-agent-toolkit`,
  // `generation-agent-toolkit-emulator`): tsconfig.json's `paths` send those names to the sources,
  // so that tests run without a build and every file shares one copy of each module.
  resolve: { tsconfigPaths: true },
  test: {
    // Fails the run when a test leaves files in the temporary directory or in the package's tmp/.
    globalSetup: ['test/support/leftover-files-guard.ts'],
    // Vitest's default leaves a core idle (cores - 1): on a 2-core CI machine that runs the files
    // one after another, while most of them wait on sockets and child processes.
    maxWorkers: Math.max(2, availableParallelism()),
    // One module graph per worker, not per file: importing the emulator, the AI SDK, LangChain and
    // the MCP SDK again for each of ~115 files took half the run (262 s isolated, 129 s shared, on
    // 2 cores). Files therefore leave no global state behind: environment stubs are undone here,
    // and spies, timers and process listeners by the files that set them.
    isolate: false,
    unstubEnvs: true,
    testTimeout: 20_000,
    hookTimeout: 20_000,
    projects: [
      // One run for the whole workspace: the library's tests, then each package's.
      {
        extends: true,
        test: { name: 'library', include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'] },
      },
      // The HTTP core's behaviour (byte limits, timeouts, redirects, the governor) once more on the
      // platform's fetch, the transport of Bun, workerd and edge runtimes (test/support/test-transport.ts).
      {
        extends: true,
        test: {
          name: 'fetch transport',
          include: FETCH_TRANSPORT_FILES,
          env: { GENTK_TEST_TRANSPORT: 'fetch' },
        },
      },
    ],
  },
});
