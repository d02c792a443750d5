/**
 * Telemetry: what tracing costs per call. The same calls with no telemetry (the path taken when
 * `@opentelemetry/api` is not installed: nothing is loaded, nothing is built), with the API and no
 * provider (every span non-recording), and with a tracer and meter provider of the real SDK
 * recording every span and metric (batched to an exporter that drops them); interleaved rounds,
 * the median round, the no-telemetry calls as the baseline of the same run.
 *
 * Run: npx tsx bench/telemetry.ts (or `npm run bench -- --only telemetry`)
 * @module
 */

import { type BenchFigure, type BenchSection, figure } from './section.js';
import { runDirectly } from './support/run-directly.js';
import { measureTelemetryCost } from './telemetry/per-call.js';

const MICROSECONDS = 1000;

export async function run(): Promise<BenchSection> {
  const figures: BenchFigure[] = [];
  for (const cost of await measureTelemetryCost()) {
    const baseline = {
      name: 'no telemetry (as without @opentelemetry/api)',
      value: cost.offMs * MICROSECONDS,
    };
    figures.push(
      figure({
        name: `${cost.target}, @opentelemetry/api without a provider`,
        value: cost.noProviderMs * MICROSECONDS,
        unit: 'µs',
        baseline,
        note: 'no provider registered: no span built, nothing measured',
      }),
      figure({
        name: `${cost.target}, tracing and metrics on (SDK)`,
        value: cost.onMs * MICROSECONDS,
        unit: 'µs',
        baseline,
        note: `${cost.spansPerCall} spans a call, masked, batched`,
      }),
    );
  }
  return { id: 'telemetry', title: 'Telemetry', figures };
}

await runDirectly(import.meta.url, run);
