/**
 * The binding of the toolkit's {@link Telemetry} to `@opentelemetry/api`: the one file of the
 * library that imports it. It is reached only through the `/opentelemetry` entry or the lazy
 * default of `loadDefaultTelemetry`, never by a static import of the core.
 * @module
 */
import {
  type Attributes,
  context,
  createNoopMeter,
  type Histogram,
  isSpanContextValid,
  type MeterProvider,
  metrics,
  ProxyTracerProvider,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  type TracerProvider,
  trace,
} from '@opentelemetry/api';
import { VERSION } from '../../version.js';
import { errorType } from '../error-type.js';
import type { Telemetry, TelemetryAttributes, TelemetryMetric, TelemetrySpan } from '../telemetry.js';

/**
 * Where `openTelemetry()` sends spans and measurements; each defaults to the global provider
 * (`trace.setGlobalTracerProvider`, `metrics.setGlobalMeterProvider`, or the SDK's `register()`),
 * read at each use, so a provider registered after `connect()` still receives them.
 *
 * @example
 * const telemetry = openTelemetry({ tracerProvider, meterProvider });
 */
export interface OpenTelemetryOptions {
  /** @default the global tracer provider */
  readonly tracerProvider?: TracerProvider;
  /** @default the global meter provider */
  readonly meterProvider?: MeterProvider;
}

const SCOPE = 'generation-agent-toolkit';

/** Bucket boundaries (seconds) the HTTP conventions advise for request durations. */
const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
/** Jobs and throttle waits run from under a second to minutes. */
const LONG_DURATION_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];

interface Instrument {
  readonly kind: 'histogram' | 'counter';
  readonly name: string;
  readonly unit: string;
  readonly description: string;
  readonly buckets?: number[];
}

const INSTRUMENTS: Record<TelemetryMetric, Instrument> = {
  'http.client.request.duration': {
    kind: 'histogram',
    name: 'http.client.request.duration',
    unit: 's',
    description: 'Duration of HTTP client requests.',
    buckets: HTTP_DURATION_BUCKETS,
  },
  'gentk.http.refusals': {
    kind: 'counter',
    name: 'gentk.http.refusals',
    unit: '{response}',
    description: 'Answers of the service that refused for load (429, 503).',
  },
  'gentk.throttle.wait.duration': {
    kind: 'histogram',
    name: 'gentk.throttle.wait.duration',
    unit: 's',
    description: 'Time waited for the rate limit before a request.',
    buckets: LONG_DURATION_BUCKETS,
  },
  'gentk.job.duration': {
    kind: 'histogram',
    name: 'gentk.job.duration',
    unit: 's',
    description: 'Time from submitting a generation job to its end.',
    buckets: LONG_DURATION_BUCKETS,
  },
  'gentk.spend': {
    kind: 'counter',
    name: 'gentk.spend',
    unit: '{currency}',
    description: 'Money charged by the service, in the major unit of its currency.',
  },
};

function attributesOf(attributes: TelemetryAttributes | undefined): Attributes | undefined {
  if (!attributes) return undefined;
  const defined: Attributes = {};
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) defined[name] = value;
  return defined;
}

/** The toolkit's view of one OpenTelemetry span. */
class BoundSpan implements TelemetrySpan {
  constructor(
    readonly span: Span,
    readonly recording: boolean,
  ) {}

  setAttributes(attributes: TelemetryAttributes): void {
    if (this.recording) this.span.setAttributes(attributesOf(attributes) ?? {});
  }

  addEvent(name: string, attributes?: TelemetryAttributes): void {
    if (this.recording) this.span.addEvent(name, attributesOf(attributes));
  }

  fail(error: unknown): void {
    if (!this.recording) return;
    const failure = (typeof error === 'object' && error !== null ? error : {}) as {
      message?: string;
      name?: string;
      stack?: string;
    };
    const type = errorType(error);
    this.span.setAttribute('error.type', type);
    this.span.recordException({
      name: failure.name ?? type,
      message: failure.message ?? '',
      ...(failure.stack ? { stack: failure.stack } : {}),
      ...(type !== '_OTHER' ? { code: type } : {}),
    });
    this.span.setStatus({
      code: SpanStatusCode.ERROR,
      ...(failure.message ? { message: failure.message } : {}),
    });
  }

  end(): void {
    this.span.end();
  }
}

/** What the API hands out when no tracer provider is registered; not exported, so asked for. */
const NO_TRACER_PROVIDER = new ProxyTracerProvider().getDelegate();
/** The class of the API's no-op meter, which a meter provider that records never returns. */
const NO_METER = createNoopMeter().constructor;

/** Whether `provider` is the global proxy with no provider registered behind it. */
const tracesNothing = (provider: TracerProvider) =>
  provider instanceof ProxyTracerProvider && provider.getDelegate() === NO_TRACER_PROVIDER;

/**
 * The toolkit's telemetry on OpenTelemetry: spans on the tracer provider's tracer named
 * `generation-agent-toolkit`, children of the active context (an AI SDK tool-call span, a
 * LangChain run's span), and the toolkit's metrics on its meter. Needs `@opentelemetry/api` ^1;
 * `connect()` uses the global providers without being told, so pass this only to choose providers.
 *
 * @example
 * import { connect } from 'generation-agent-toolkit';
 * import { openTelemetry } from 'generation-agent-toolkit/opentelemetry';
 *
 * const session = await connect({ baseUrl, apiKey, telemetry: openTelemetry({ tracerProvider, meterProvider }) });
 */
export function openTelemetry(options: OpenTelemetryOptions = {}): Telemetry {
  // The global provider is read at each span (cheap), so that one registered later, or again
  // after `trace.disable()`, is the one used.
  let tracerProvider: TracerProvider | undefined;
  let tracer: Tracer | undefined;
  const currentTracer = (): Tracer => {
    const provider = options.tracerProvider ?? trace.getTracerProvider();
    if (provider !== tracerProvider || !tracer) {
      tracerProvider = provider;
      tracer = provider.getTracer(SCOPE, VERSION);
    }
    return tracer;
  };
  // The global meter provider has no proxy: read it at each use, and rebuild when it changes.
  let meterProvider: MeterProvider | undefined;
  let instruments = new Map<
    TelemetryMetric,
    Histogram | { add(value: number, attributes?: Attributes): void }
  >();
  const instrument = (metric: TelemetryMetric) => {
    const provider = options.meterProvider ?? metrics.getMeterProvider();
    if (provider !== meterProvider) {
      meterProvider = provider;
      instruments = new Map();
    }
    let found = instruments.get(metric);
    if (!found) {
      const meter = provider.getMeter(SCOPE, VERSION);
      const { kind, name, unit, description, buckets } = INSTRUMENTS[metric];
      found =
        kind === 'histogram'
          ? meter.createHistogram(name, {
              unit,
              description,
              ...(buckets ? { advice: { explicitBucketBoundaries: buckets } } : {}),
            })
          : meter.createCounter(name, { unit, description });
      instruments.set(metric, found);
    }
    return found;
  };
  // Whether the meter records, by provider: the no-op meter's instruments drop everything.
  let measuring = false;
  let measuredProvider: MeterProvider | undefined;
  const meters = () => {
    const provider = options.meterProvider ?? metrics.getMeterProvider();
    if (provider !== measuredProvider) {
      measuredProvider = provider;
      measuring = !(provider.getMeter(SCOPE, VERSION) instanceof NO_METER);
    }
    return measuring;
  };
  return {
    enabled: () => meters() || !tracesNothing(options.tracerProvider ?? trace.getTracerProvider()),
    startSpan(name, spanOptions = {}) {
      const span = currentTracer().startSpan(
        name,
        {
          kind: spanOptions.kind === 'client' ? SpanKind.CLIENT : SpanKind.INTERNAL,
          ...(spanOptions.attributes ? { attributes: attributesOf(spanOptions.attributes) ?? {} } : {}),
        },
        context.active(),
      );
      // Nothing records it (no provider, or not sampled): the callers are spared the attributes,
      // but its context stays active for what nests beneath, so that a sampled-out trace stays whole.
      return new BoundSpan(span, span.isRecording());
    },
    withSpan(span, run) {
      // A span of no trace (no provider registered) has nothing to hand down.
      if (!(span instanceof BoundSpan) || !isSpanContextValid(span.span.spanContext())) return run();
      return context.with(trace.setSpan(context.active(), span.span), run);
    },
    addEvent(name, attributes) {
      const span = trace.getActiveSpan();
      if (span?.isRecording()) span.addEvent(name, attributesOf(attributes));
    },
    record(metric, value, attributes) {
      if (!meters()) return;
      const found = instrument(metric);
      const defined = attributesOf(attributes);
      if ('record' in found) found.record(value, defined);
      else found.add(value, defined);
    },
  };
}
