import { metrics, trace } from '@opentelemetry/api';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it } from 'vitest';
import { openTelemetry } from '../../src/adapters/opentelemetry.js';

afterEach(() => {
  trace.disable();
  metrics.disable();
});

describe('openTelemetry() on the global providers', () => {
  it('is off while no provider is registered, and on from the moment one is, told nothing', () => {
    const telemetry = openTelemetry();
    expect(telemetry.enabled()).toBe(false);
    trace.setGlobalTracerProvider(new BasicTracerProvider());
    expect(telemetry.enabled()).toBe(true);
    expect(telemetry.startSpan('a span').recording).toBe(true);
    trace.disable();
    expect(telemetry.enabled()).toBe(false);
    metrics.setGlobalMeterProvider(new MeterProvider());
    expect(telemetry.enabled()).toBe(true);
  });

  it('is on with providers given as options, whatever is registered', () => {
    expect(openTelemetry({ tracerProvider: new BasicTracerProvider() }).enabled()).toBe(true);
    expect(openTelemetry({ meterProvider: new MeterProvider() }).enabled()).toBe(true);
  });
});
