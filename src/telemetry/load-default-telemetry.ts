import type { Telemetry } from './telemetry.js';

let loading: Promise<Telemetry | undefined> | undefined;

/**
 * The telemetry a session uses when told nothing: `@opentelemetry/api`'s global providers, when
 * that package is installed. It is imported here lazily, once per process, and its absence is no
 * error: without it nothing is loaded and every instrumented path is skipped. `OTEL_SDK_DISABLED`
 * turns it off as it does the SDK.
 */
export function loadDefaultTelemetry(): Promise<Telemetry | undefined> {
  if (globalThis.process?.env?.OTEL_SDK_DISABLED === 'true') return Promise.resolve(undefined);
  loading ??= import('./opentelemetry/open-telemetry.js').then(
    (binding) => binding.openTelemetry(),
    () => undefined,
  );
  return loading;
}
