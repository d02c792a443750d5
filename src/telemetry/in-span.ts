import type { Telemetry, TelemetrySpan, TelemetrySpanOptions } from './telemetry.js';

/**
 * Runs `run` inside a new span (active for everything it starts), failed with the error it throws
 * and ended when it settles; without telemetry, just runs it.
 */
export async function inSpan<T>(
  telemetry: Telemetry | undefined,
  name: string,
  options: TelemetrySpanOptions,
  run: (span: TelemetrySpan | undefined) => Promise<T>,
): Promise<T> {
  if (!telemetry?.enabled()) return run(undefined);
  const span = telemetry.startSpan(name, options);
  try {
    return await telemetry.withSpan(span, () => run(span));
  } catch (error) {
    span.fail(error);
    throw error;
  } finally {
    span.end();
  }
}
