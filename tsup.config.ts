import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const { version } = JSON.parse(readFileSync('./package.json', 'utf8')) as { version: string };

const shared = {
  target: 'node22',
  // No source maps: they were 6 MB of the package's 9 MB installed (1.5 MB without the sources
  // they embed), for stack traces that point into code we do not minify, where the functions are
  // named as in the sources. README, "Why each dependency is there", has the figures.
  sourcemap: false,
  define: { __PACKAGE_VERSION__: JSON.stringify(version) },
} as const;

/**
 * The Node.js version check, imported first by every file of the library's build (entries and
 * chunks alike). It is a file of its own, put in front by the banner rather than imported by the
 * sources: esbuild would otherwise bundle it into a chunk, and a chunk loads its external packages
 * (undici) before its own code runs, so that an older Node would fail inside undici, saying
 * nothing of the version, before a bundled check could speak.
 */
const VERSION_CHECK = 'require-supported-node';
const importVersionCheckFirst = ({ format }: { format: string }) => ({
  js: format === 'cjs' ? `require('./${VERSION_CHECK}.cjs');` : `import './${VERSION_CHECK}.js';`,
});

/** The package's public entries (the subpaths of package.json `exports`). */
const PUBLIC_ENTRIES = {
  index: 'src/index.ts',
  http: 'src/http/public-surface.ts',
  spend: 'src/spend.ts',
  stores: 'src/stores.ts',
  'ai-sdk': 'src/adapters/ai-sdk.ts',
  langchain: 'src/adapters/langchain.ts',
  mcp: 'src/adapters/mcp.ts',
  opentelemetry: 'src/adapters/opentelemetry.ts',
  provider: 'src/provider/index.ts',
};

// The emulator and gentk are packages of their own (packages/*), each with its tsup config.
export default defineConfig({
  ...shared,
  entry: { ...PUBLIC_ENTRIES, [VERSION_CHECK]: 'src/runtime/require-supported-node.ts' },
  banner: importVersionCheckFirst,
  format: ['esm', 'cjs'],
  dts: { entry: PUBLIC_ENTRIES },
  clean: true,
  splitting: true,
});
