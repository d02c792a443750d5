/**
 * The OpenTelemetry adapter: `generation-agent-toolkit/opentelemetry`. It alone loads
 * `@opentelemetry/api` (an optional peer, ^1). `connect()` already reports to the global
 * providers when the package is installed; import this entry to pick providers of your own.
 *
 * Any new export added here becomes public API. Use named exports, not wildcards.
 * @module generation-agent-toolkit/opentelemetry
 */

export { type OpenTelemetryOptions, openTelemetry } from '../telemetry/opentelemetry/open-telemetry.js';
export type {
  Telemetry,
  TelemetryAttributes,
  TelemetryMetric,
  TelemetrySpan,
  TelemetrySpanOptions,
  TelemetryValue,
} from '../telemetry/telemetry.js';
