/**
 * The toolkit's own view of tracing and metrics: what the HTTP core, calls, jobs and tools report,
 * in no framework's types. `openTelemetry()` (the `/opentelemetry` entry) binds it to
 * `@opentelemetry/api`; without that package nothing of it is loaded.
 * @module
 */

/** An attribute's value; `undefined` leaves the attribute out. */
export type TelemetryValue = string | number | boolean | undefined;

/** Attributes of a span, an event or a measurement, named as the OpenTelemetry conventions name them. */
export type TelemetryAttributes = Readonly<Record<string, TelemetryValue>>;

/**
 * One span, started by {@link Telemetry.startSpan}.
 *
 * @example
 * const span = telemetry.startSpan('discover', { attributes: { 'server.address': 'api.example.com' } });
 * span.addEvent('document', { 'gentk.document': 'openapi' });
 * span.end();
 */
export interface TelemetrySpan {
  /** Whether anything records this span: when false, callers may skip building attributes. */
  readonly recording: boolean;
  setAttributes(attributes: TelemetryAttributes): void;
  addEvent(name: string, attributes?: TelemetryAttributes): void;
  /** Marks the span failed: `error.type` (the stable `code` of the toolkit's errors) and the exception. */
  fail(error: unknown): void;
  end(): void;
}

/**
 * How a span starts: its kind and its first attributes.
 *
 * @example
 * const options: TelemetrySpanOptions = { kind: 'client', attributes: { 'http.request.method': 'GET' } };
 */
export interface TelemetrySpanOptions {
  /** @default 'internal' */
  readonly kind?: 'internal' | 'client';
  readonly attributes?: TelemetryAttributes;
}

/** The measurements the toolkit records; each binding names its instruments after these. */
export type TelemetryMetric =
  /** Seconds per HTTP attempt, by method, server, status and error type (HTTP client conventions). */
  | 'http.client.request.duration'
  /** Answers that refused for load (429, 503), by status and server. */
  | 'gentk.http.refusals'
  /** Seconds waited for the rate limit before a request, by bucket. */
  | 'gentk.throttle.wait.duration'
  /** Seconds from a job's submission to its end, by operation and outcome. */
  | 'gentk.job.duration'
  /** Money charged by the service, in the major unit, by model and currency. */
  | 'gentk.spend';

/**
 * Where the toolkit sends its spans and measurements. Get one from `openTelemetry()` of the
 * `/opentelemetry` entry (or implement it for another tracer); `connect()` takes it as `telemetry`.
 *
 * @example
 * import { openTelemetry } from 'generation-agent-toolkit/opentelemetry';
 * const session = await connect({ baseUrl, apiKey, telemetry: openTelemetry({ tracerProvider }) });
 */
export interface Telemetry {
  /**
   * Whether anything records now (a provider is registered or given): when false, callers skip
   * their spans and measurements altogether, so that an installed API with no provider costs
   * next to nothing.
   */
  enabled(): boolean;
  /** A span that is a child of the active one (the framework's tool span, or the toolkit's own). */
  startSpan(name: string, options?: TelemetrySpanOptions): TelemetrySpan;
  /** Runs `run` with `span` active, so that what it starts nests beneath it. */
  withSpan<T>(span: TelemetrySpan, run: () => T): T;
  /** An event on the active span, if one records. */
  addEvent(name: string, attributes?: TelemetryAttributes): void;
  /** Records one measurement of `metric`. */
  record(metric: TelemetryMetric, value: number, attributes?: TelemetryAttributes): void;
}
