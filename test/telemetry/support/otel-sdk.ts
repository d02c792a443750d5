/**
 * The real OpenTelemetry SDK, registered globally for one test file: spans to an in-memory
 * exporter (as each ends), metrics to an in-memory metric exporter (on `collectMetrics()`), and
 * the AsyncLocalStorage context manager that carries the active span across awaits.
 */
import { context, metrics, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  type MetricData,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface OtelSdk {
  readonly tracerProvider: BasicTracerProvider;
  readonly meterProvider: MeterProvider;
  /** Spans ended so far. */
  spans(): ReadableSpan[];
  /** Every metric recorded so far, by name. */
  collectMetrics(): Promise<Map<string, MetricData>>;
  reset(): void;
  shutdown(): Promise<void>;
}

/** Registers the SDK as the global providers (and context manager); `extra` also receives the spans. */
export function registerOtelSdk(options: { readonly extra?: readonly SpanProcessor[] } = {}): OtelSdk {
  const spanExporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(spanExporter), ...(options.extra ?? [])],
  });
  const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  // An interval no test reaches: metrics are exported by forceFlush only.
  const reader = new PeriodicExportingMetricReader({
    exporter: metricExporter,
    exportIntervalMillis: 3_600_000,
  });
  const meterProvider = new MeterProvider({ readers: [reader] });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(tracerProvider);
  metrics.setGlobalMeterProvider(meterProvider);
  return {
    tracerProvider,
    meterProvider,
    spans: () => spanExporter.getFinishedSpans(),
    async collectMetrics() {
      metricExporter.reset();
      await reader.forceFlush();
      const found = new Map<string, MetricData>();
      for (const resource of metricExporter.getMetrics())
        for (const scope of resource.scopeMetrics)
          for (const metric of scope.metrics) found.set(metric.descriptor.name, metric);
      return found;
    },
    reset: () => spanExporter.reset(),
    async shutdown() {
      await tracerProvider.shutdown();
      await meterProvider.shutdown();
      trace.disable();
      metrics.disable();
      context.disable();
    },
  };
}

/** The spans of `spans` whose parent is `parent`. */
export function childrenOf(spans: readonly ReadableSpan[], parent: ReadableSpan): ReadableSpan[] {
  return spans.filter((span) => span.parentSpanContext?.spanId === parent.spanContext().spanId);
}

/** Every span beneath `root`, at any depth. */
export function descendantsOf(spans: readonly ReadableSpan[], root: ReadableSpan): ReadableSpan[] {
  const found: ReadableSpan[] = [];
  const walk = (parent: ReadableSpan) => {
    for (const child of childrenOf(spans, parent)) {
      found.push(child);
      walk(child);
    }
  };
  walk(root);
  return found;
}

/** The one span named `name` (or matching it). */
export function spanNamed(spans: readonly ReadableSpan[], name: string | RegExp): ReadableSpan {
  const found = spans.filter((span) =>
    typeof name === 'string' ? span.name === name : name.test(span.name),
  );
  if (found.length !== 1)
    throw new Error(`${found.length} spans named ${name}: ${spans.map((s) => s.name).join(', ')}`);
  return found[0] as ReadableSpan;
}

/** Everything an exporter could send of `spans`, as text: names, attributes, events, status, links. */
export function exportedText(spans: readonly ReadableSpan[]): string {
  return JSON.stringify(
    spans.map((span) => ({
      name: span.name,
      attributes: span.attributes,
      events: span.events,
      status: span.status,
      links: span.links,
      resource: span.resource.attributes,
    })),
  );
}

/**
 * For every test of the file: the SDK registered globally, then `start()`'s bed (a session, an MCP
 * server...); the spans forgotten before each test; the bed closed, then the SDK shut down, after
 * the last. Read `sdk` and `bed` inside tests and hooks (they exist after `beforeAll`).
 */
export function useTracedBed<Bed extends { close(): Promise<void> }>(
  start: () => Promise<Bed>,
): { readonly sdk: OtelSdk; readonly bed: Bed } {
  let sdk: OtelSdk | undefined;
  let bed: Bed | undefined;
  beforeAll(async () => {
    sdk = registerOtelSdk();
    bed = await start();
  });
  afterAll(async () => {
    await bed?.close();
    await sdk?.shutdown();
  });
  beforeEach(() => sdk?.reset());
  const existing = <Value>(value: Value | undefined): Value => {
    if (value === undefined)
      throw new Error('the traced bed exists only while the file runs (after beforeAll)');
    return value;
  };
  return {
    get sdk() {
      return existing(sdk);
    },
    get bed() {
      return existing(bed);
    },
  };
}
