import { context, SpanStatusCode } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  AggregationTemporality,
  DataPointType,
  type HistogramMetricData,
  InMemoryMetricExporter,
  MeterProvider,
  type MetricData,
  PeriodicExportingMetricReader,
  type SumMetricData,
} from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTelemetry } from '../../src/adapters/opentelemetry.js';
import { chatRequest } from '../http/support/requests.js';
import { startTestBed, type TestBed } from '../http/support/test-bed.js';

// Providers of the caller's own, given through the option: nothing is registered globally but the
// context manager, which carries the active span across awaits.
const spanExporter = new InMemorySpanExporter();
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spanExporter)] });
const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
const reader = new PeriodicExportingMetricReader({
  exporter: metricExporter,
  exportIntervalMillis: 3_600_000,
});
const meterProvider = new MeterProvider({ readers: [reader] });
const telemetry = openTelemetry({ tracerProvider, meterProvider });

let bed: TestBed;
beforeAll(async () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  bed = await startTestBed({ rateLimits: { generation: { limit: 3, windowSeconds: 60 } } });
});
afterAll(async () => {
  await bed.close();
  await tracerProvider.shutdown();
  await meterProvider.shutdown();
  context.disable();
});

async function collect(): Promise<Map<string, MetricData>> {
  metricExporter.reset();
  await reader.forceFlush();
  const found = new Map<string, MetricData>();
  for (const resource of metricExporter.getMetrics())
    for (const scope of resource.scopeMetrics)
      for (const metric of scope.metrics) found.set(metric.descriptor.name, metric);
  return found;
}

describe('metrics of the HTTP core, on providers given as options', () => {
  it('counts requests by status, refusals, retries and rate-limit waits', async () => {
    const account = bed.emulator.createAccount();
    const client = bed.client({
      credentials: { generationKey: account.apiKey },
      telemetry,
      totalTimeoutMs: 600_000,
    });
    await client.request(chatRequest()); // learns the quota of 3 a minute
    bed.emulator.faults.inject({ kind: 'rate-limited', match: 'v7_llm_chat_completions', times: 1 });
    await client.request(chatRequest()); // refused once, retried
    await Promise.all([
      client.request(chatRequest()),
      client.request(chatRequest()),
      client.request(chatRequest()),
    ]);

    const metrics = await collect();
    const duration = metrics.get('http.client.request.duration') as HistogramMetricData;
    expect(duration.descriptor.unit).toBe('s');
    expect(duration.dataPointType).toBe(DataPointType.HISTOGRAM);
    const byStatus = new Map<unknown, number>();
    for (const point of duration.dataPoints)
      byStatus.set(
        point.attributes['http.response.status_code'],
        (byStatus.get(point.attributes['http.response.status_code']) ?? 0) + point.value.count,
      );
    expect(byStatus.get(200)).toBe(5);
    expect(byStatus.get(429)).toBe(1);
    expect(duration.dataPoints.every((point) => point.attributes['http.request.method'] === 'POST')).toBe(
      true,
    );
    expect(
      duration.dataPoints.find((point) => point.attributes['http.response.status_code'] === 429)?.attributes,
    ).toMatchObject({ 'error.type': '429', 'server.address': '127.0.0.1' });

    const refusals = metrics.get('gentk.http.refusals') as SumMetricData;
    expect(
      refusals.dataPoints.map((point) => [point.attributes['http.response.status_code'], point.value]),
    ).toEqual([[429, 1]]);
    const waits = metrics.get('gentk.throttle.wait.duration') as HistogramMetricData;
    expect(waits.descriptor.unit).toBe('s');
    expect(waits.dataPoints.reduce((total, point) => total + point.value.count, 0)).toBeGreaterThan(0);
    expect(waits.dataPoints[0]?.attributes['gentk.throttle.bucket']).toEqual(expect.any(String));

    // The retried attempt says so, as the HTTP conventions ask; the refused one failed.
    const spans = spanExporter.getFinishedSpans();
    const refused = spans.find((span) => span.attributes['http.response.status_code'] === 429);
    expect(refused?.status.code).toBe(SpanStatusCode.ERROR);
    const resent = spans.filter((span) => span.attributes['http.request.resend_count'] === 1);
    expect(resent).toHaveLength(1);
    expect(resent[0]?.attributes['http.response.status_code']).toBe(200);
  });
});
