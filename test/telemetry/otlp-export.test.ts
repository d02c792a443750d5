/**
 * End to end through the OTLP/HTTP exporter: the spans of one asynchronous call leave the process
 * as OTLP JSON to a collector of our own on loopback, which decodes them and finds the call with
 * its GenAI attributes, the submission and polls beneath it, and no secret in any byte received.
 */
import { createServer } from 'node:http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LoopbackServer,
  listenOnLoopback,
  type ReceivedRequest,
  receive,
} from '../support/loopback-server.js';
import { type OtelSdk, registerOtelSdk } from './support/otel-sdk.js';
import { startTelemetryBed, type TelemetryBed } from './support/telemetry-bed.js';

/** An OTLP attribute value, as the JSON encoding writes it. */
interface OtlpValue {
  readonly stringValue?: string;
  readonly intValue?: string | number;
  readonly boolValue?: boolean;
  readonly doubleValue?: number;
}

interface OtlpSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly name: string;
  readonly kind: number;
  readonly attributes: ReadonlyArray<{ readonly key: string; readonly value: OtlpValue }>;
}

interface OtlpExport {
  readonly resourceSpans: ReadonlyArray<{
    readonly scopeSpans: ReadonlyArray<{
      readonly scope: { readonly name: string };
      readonly spans: OtlpSpan[];
    }>;
  }>;
}

const plainValue = (value: OtlpValue) =>
  value.stringValue ??
  (value.intValue !== undefined ? Number(value.intValue) : (value.boolValue ?? value.doubleValue));

const attributesOf = (span: OtlpSpan) =>
  Object.fromEntries(span.attributes.map(({ key, value }) => [key, plainValue(value)]));

const received: ReceivedRequest[] = [];
let collector: LoopbackServer;
let sdk: OtelSdk;
let bed: TelemetryBed;

beforeAll(async () => {
  collector = await listenOnLoopback(
    createServer((request, response) =>
      receive(request, (body) => {
        received.push(body);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      }),
    ),
  );
  const exporter = new OTLPTraceExporter({ url: `${collector.url}/v1/traces` });
  sdk = registerOtelSdk({ extra: [new SimpleSpanProcessor(exporter)] });
  bed = await startTelemetryBed();
});
afterAll(async () => {
  await bed?.close();
  await sdk?.shutdown();
  await collector?.close();
});

describe('the OTLP/HTTP exporter to a loopback collector', () => {
  it('delivers the span tree of an asynchronous call with no secret in it', async () => {
    received.length = 0;
    const result = await bed.session.call('v7_images_text_to_image', {
      model_id: 'flux-dev',
      prompt: 'a heron',
    });
    expect(result.status).toBe('success');
    await sdk.tracerProvider.forceFlush();

    expect(received.length).toBeGreaterThan(0);
    expect(received.every((request) => request.url === '/v1/traces' && request.method === 'POST')).toBe(true);
    expect(received[0]?.headers['content-type']).toMatch(/application\/json/);
    const spans = received.flatMap((request) =>
      (JSON.parse(request.body) as OtlpExport).resourceSpans.flatMap((resource) =>
        resource.scopeSpans.flatMap((scope) => scope.spans),
      ),
    );
    const call = spans.find((span) => span.name === 'generate_content flux-dev');
    expect(call && attributesOf(call)).toMatchObject({
      'gen_ai.operation.name': 'generate_content',
      'gen_ai.request.model': 'flux-dev',
      'gentk.job.id': String(result.requestId),
    });
    const beneath = (parent: OtlpSpan) => spans.filter((span) => span.parentSpanId === parent.spanId);
    const children = beneath(call as OtlpSpan);
    // SpanKind.CLIENT is 3 in OTLP.
    const submission = children.find((span) => span.kind === 3 && span.name === 'POST');
    expect(submission && attributesOf(submission)).toMatchObject({
      'http.request.method': 'POST',
      'http.response.status_code': 200,
      'gentk.operation.id': 'v7_images_text_to_image',
    });
    const polls = children.filter((span) => span.name.startsWith('poll '));
    expect(polls.length).toBeGreaterThan(0);
    for (const poll of polls) expect(beneath(poll).map((span) => span.kind)).toEqual([3]);
    for (const span of [submission, ...polls]) expect(span?.traceId).toBe(call?.traceId);

    const everything = received.map((request) => request.body).join('\n');
    for (const secret of bed.secrets()) expect(everything).not.toContain(secret);
  });
});
