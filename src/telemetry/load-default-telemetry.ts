import type { Telemetry, TelemetrySpan } from './telemetry.js';

let loading: Promise<Telemetry | undefined> | undefined;

/**
 * Where `@opentelemetry/api` 1.x keeps what is registered globally (`trace`, `metrics`, `context`,
 * ...), on `globalThis` under a registered symbol, so that copies of the API share it. Reading it
 * tells whether a provider is registered without loading the API (some 50 CommonJS files: most of
 * a function's cold `connect()` when it is installed and nothing uses it).
 */
const OPEN_TELEMETRY_GLOBAL = Symbol.for('opentelemetry.js.api.1');

/** Whether a tracer or meter provider is registered with `@opentelemetry/api`, read without loading it. */
export function providerRegistered(): boolean {
  const registry = (globalThis as Record<symbol, unknown>)[OPEN_TELEMETRY_GLOBAL] as
    | { readonly trace?: unknown; readonly metrics?: unknown }
    | undefined;
  return registry?.trace !== undefined || registry?.metrics !== undefined;
}

const disabledByEnvironment = () => globalThis.process?.env?.OTEL_SDK_DISABLED === 'true';

/**
 * The telemetry a session uses when told nothing: `@opentelemetry/api`'s global providers, when
 * that package is installed. It is imported here lazily, once per process, and its absence is no
 * error: without it nothing is loaded and every instrumented path is skipped. `OTEL_SDK_DISABLED`
 * turns it off as it does the SDK.
 */
export function loadDefaultTelemetry(): Promise<Telemetry | undefined> {
  if (disabledByEnvironment()) return Promise.resolve(undefined);
  loading ??= import('./opentelemetry/open-telemetry.js').then(
    (binding) => binding.openTelemetry(),
    () => undefined,
  );
  return loading;
}

const IDLE_SPAN: TelemetrySpan = {
  recording: false,
  setAttributes: () => undefined,
  addEvent: () => undefined,
  fail: () => undefined,
  end: () => undefined,
};

/**
 * The default telemetry until a provider is registered: records nothing and loads nothing, and
 * checks at each use (a property read) whether a provider has been registered since; from then it
 * loads the binding and, once loaded, forwards to it. What runs while it loads (a few milliseconds)
 * is not traced.
 */
function telemetryOnceRegistered(): Telemetry {
  let bound: Telemetry | undefined;
  let requested = false;
  const current = (): Telemetry | undefined => {
    if (bound || !providerRegistered()) return bound;
    if (!requested) {
      requested = true;
      void loadDefaultTelemetry().then((telemetry) => {
        bound = telemetry;
      });
    }
    return undefined;
  };
  return {
    enabled: () => current()?.enabled() ?? false,
    startSpan: (name, options) => current()?.startSpan(name, options) ?? IDLE_SPAN,
    withSpan: (span, run) => (span === IDLE_SPAN || !bound ? run() : bound.withSpan(span, run)),
    addEvent: (name, attributes) => current()?.addEvent(name, attributes),
    record: (metric, value, attributes) => current()?.record(metric, value, attributes),
  };
}

/**
 * What `connect()` uses when given no telemetry: with a provider already registered (the SDK
 * starts before the application, as its documentation asks), the binding, loaded now so that the
 * first call is traced; with none, a stand-in that loads nothing until one is registered, so that
 * a function's cold start does not pay for an API that records nothing (issue 25).
 */
export async function defaultTelemetry(): Promise<Telemetry | undefined> {
  if (disabledByEnvironment()) return undefined;
  if (providerRegistered()) return loadDefaultTelemetry();
  return telemetryOnceRegistered();
}
