/**
 * The built package loads `@opentelemetry/api` only where it is installed, and only when a session
 * starts: without it `connect()` works as before and nothing is traced; with it and a provider
 * registered globally, the same `connect()` reports its spans without being told, in ESM and
 * CommonJS. The package is laid out in a temporary project as npm would install it.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { closedPort } from '../support/unreachable-addresses.js';
import { builtPackageProject, isBuilt } from './support/built-package-project.js';

const BUILT = isBuilt('opentelemetry.js');

/** A project with the built package installed, and @opentelemetry beside it when `withApi`. */
const installedProject = (withApi: boolean) =>
  builtPackageProject('gentk-otel-', withApi ? ['@opentelemetry'] : []);

/** Registers the SDK when it is there, connects to a closed port, and says what was traced. */
const SCRIPT = `
let exporter;
try {
  const { trace } = await import('@opentelemetry/api');
  const sdk = await import('@opentelemetry/sdk-trace-base');
  exporter = new sdk.InMemorySpanExporter();
  trace.setGlobalTracerProvider(new sdk.BasicTracerProvider({ spanProcessors: [new sdk.SimpleSpanProcessor(exporter)] }));
} catch {}
const { connect } = %IMPORT%;
const error = await connect({ baseUrl: 'http://127.0.0.1:%PORT%', apiKey: 'sk-canary-0123456789abcdef' }).catch((caught) => caught);
const spans = exporter ? exporter.getFinishedSpans() : [];
console.log(JSON.stringify({ code: error.code, spans: spans.map((span) => span.name), text: JSON.stringify(spans.map((span) => span.attributes)) }));
`;

async function run(project: string, inputType: 'module' | 'commonjs') {
  const port = await closedPort();
  const body = SCRIPT.replace('%PORT%', String(port)).replace(
    '%IMPORT%',
    inputType === 'module'
      ? "await import('generation-agent-toolkit')"
      : "require('generation-agent-toolkit')",
  );
  // CommonJS has no top-level await: the same script, in an async function.
  const script = inputType === 'module' ? body : `(async () => {${body}})();`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [`--input-type=${inputType}`, '-e', script],
    {
      cwd: project,
    },
  );
  return JSON.parse(stdout.trim()) as { code: string; spans: string[]; text: string };
}

describe.skipIf(!BUILT)(
  'the built package without and with @opentelemetry/api (npm test builds it first)',
  () => {
    it('connects as before and traces nothing where the API is not installed', {
      timeout: 30_000,
    }, async () => {
      const project = await installedProject(false);
      for (const inputType of ['module', 'commonjs'] as const) {
        const outcome = await run(project, inputType);
        expect(outcome.code).toBe('discovery_failed');
        expect(outcome.spans).toEqual([]);
      }
    });

    it('reports to the global provider where the API is installed, told nothing', {
      timeout: 30_000,
    }, async () => {
      const project = await installedProject(true);
      for (const inputType of ['module', 'commonjs'] as const) {
        const outcome = await run(project, inputType);
        expect(outcome.code).toBe('discovery_failed');
        expect(outcome.spans).toContain('discover');
        expect(outcome.spans).toContain('GET');
        expect(outcome.text).not.toContain('sk-canary-0123456789abcdef');
      }
    });
  },
);
