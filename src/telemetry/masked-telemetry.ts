import type { Telemetry, TelemetryAttributes, TelemetrySpan } from './telemetry.js';

/** Masks a text: the session's redaction of every secret it knows and every credential pattern. */
export type MaskText = (text: string) => string;

function maskAttributes(attributes: TelemetryAttributes | undefined, mask: MaskText) {
  if (!attributes) return undefined;
  const masked: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined) continue;
    masked[name] = typeof value === 'string' ? mask(value) : value;
  }
  return masked;
}

/**
 * The failure as a span may carry it: its stable code, name, and its message and stack masked.
 * The error itself never reaches the binding, so no field of it can carry a secret out.
 */
function maskError(error: unknown, mask: MaskText) {
  const fields = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === 'string' ? mask(value) : undefined);
  return {
    code: typeof fields.code === 'string' ? fields.code : undefined,
    name: typeof fields.name === 'string' ? fields.name : typeof error,
    message: text(fields.message) ?? (typeof error === 'string' ? mask(error) : ''),
    stack: text(fields.stack),
  };
}

/** A span whose strings are masked before they reach the one it wraps. */
class MaskedSpan implements TelemetrySpan {
  constructor(
    readonly inner: TelemetrySpan,
    readonly mask: MaskText,
  ) {}

  get recording(): boolean {
    return this.inner.recording;
  }

  // A span nobody records is handed nothing, so masks nothing.
  setAttributes(attributes: TelemetryAttributes): void {
    if (this.inner.recording) this.inner.setAttributes(maskAttributes(attributes, this.mask) ?? {});
  }

  addEvent(name: string, attributes?: TelemetryAttributes): void {
    if (this.inner.recording) this.inner.addEvent(name, maskAttributes(attributes, this.mask));
  }

  fail(error: unknown): void {
    if (this.inner.recording) this.inner.fail(maskError(error, this.mask));
  }

  end(): void {
    this.inner.end();
  }
}

/**
 * `telemetry` with every string it is handed (attribute, event attribute, error message and
 * stack) passed through `mask` first: nothing the session masks reaches an exporter.
 */
export function maskedTelemetry(telemetry: Telemetry, mask: MaskText): Telemetry {
  return {
    enabled: () => telemetry.enabled(),
    startSpan: (name, options = {}) =>
      new MaskedSpan(
        telemetry.startSpan(mask(name), {
          ...options,
          ...(options.attributes ? { attributes: maskAttributes(options.attributes, mask) ?? {} } : {}),
        }),
        mask,
      ),
    withSpan: (span, run) => telemetry.withSpan(span instanceof MaskedSpan ? span.inner : span, run),
    addEvent: (name, attributes) => telemetry.addEvent(name, maskAttributes(attributes, mask)),
    record: (metric, value, attributes) => telemetry.record(metric, value, maskAttributes(attributes, mask)),
  };
}
