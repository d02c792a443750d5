import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { HistogramMetricData, SumMetricData } from '@opentelemetry/sdk-metrics';
import { describe, expect, it } from 'vitest';
import { connect } from '../../src/auth/index.js';
import { createWebhookReceiver } from '../../src/webhooks/index.js';
import { childrenOf, descendantsOf, exportedText, spanNamed, useTracedBed } from './support/otel-sdk.js';
import { startTelemetryBed } from './support/telemetry-bed.js';

const traced = useTracedBed(() => startTelemetryBed());

describe('a session with a globally registered tracer provider', () => {
  it('traces one asynchronous call: GenAI attributes on the call span, HTTP client spans for the submission and each poll beneath it', async () => {
    const result = await traced.bed.session.call('v7_images_text_to_image', {
      model_id: 'flux-dev',
      prompt: 'a lighthouse at dusk',
    });
    expect(result.status).toBe('success');
    const spans = traced.sdk.spans();
    const call = spanNamed(spans, 'generate_content flux-dev');
    expect(call.parentSpanContext).toBeUndefined();
    expect(call.attributes).toMatchObject({
      'gen_ai.operation.name': 'generate_content',
      'gen_ai.request.model': 'flux-dev',
      'gentk.operation.id': 'v7_images_text_to_image',
      'gentk.call.status': 'success',
      'gentk.job.id': String(result.requestId),
      'server.address': '127.0.0.1',
    });
    expect(call.attributes['gentk.job.polls']).toBeGreaterThan(0);
    expect(call.events.map((event) => event.name)).toContain('gentk.spend');

    // The submission: an HTTP client span right under the call.
    const [submission, ledger, ...others] = childrenOf(spans, call).filter(
      (span) => span.kind === SpanKind.CLIENT,
    );
    expect(others).toEqual([]);
    // After the job, the session reads what it charged from the wallet's ledger (it has a budget).
    expect(ledger?.attributes['gentk.operation.id']).toBe('get_wallet_transactions');
    expect(submission?.name).toBe('POST');
    expect(submission?.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.response.status_code': 200,
      'server.address': '127.0.0.1',
      'server.port': Number(new URL(traced.bed.emulator.url).port),
      'gentk.operation.id': 'v7_images_text_to_image',
    });
    expect(String(submission?.attributes['url.full'])).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/api\/v7\/images\/text-to-image/,
    );

    // Each poll: a span of its own with the job id, an HTTP client span beneath it.
    const polls = childrenOf(spans, call).filter((span) => span.name.startsWith('poll '));
    expect(polls.length).toBe(call.attributes['gentk.job.polls']);
    for (const poll of polls) {
      expect(poll.attributes['gentk.job.id']).toBe(String(result.requestId));
      const [http] = childrenOf(spans, poll);
      expect(http?.kind).toBe(SpanKind.CLIENT);
      expect(http?.attributes['http.response.status_code']).toBe(200);
      expect(http?.spanContext().traceId).toBe(call.spanContext().traceId);
    }
    expect(descendantsOf(spans, call).length).toBe(2 + polls.length * 2);
  });

  it('measures the job duration by operation and the spend by model', async () => {
    const result = await traced.bed.session.call('v7_images_text_to_image', {
      model_id: 'flux-dev',
      prompt: 'a kite',
    });
    expect(result.status).toBe('success');
    const metrics = await traced.sdk.collectMetrics();
    const jobs = metrics.get('gentk.job.duration') as HistogramMetricData;
    const point = jobs.dataPoints.find(
      (candidate) => candidate.attributes['gentk.operation.id'] === 'v7_images_text_to_image',
    );
    expect(point?.attributes['gen_ai.request.model']).toBe('flux-dev');
    // The image job takes 8 s of the emulator's (virtual) time.
    expect(point?.value.min).toBeGreaterThanOrEqual(8);
    const spend = metrics.get('gentk.spend') as SumMetricData;
    const charged = spend.dataPoints.find(
      (candidate) => candidate.attributes['gen_ai.request.model'] === 'flux-dev',
    );
    expect(charged?.value).toBeGreaterThan(0);
    expect(charged?.attributes['gentk.spend.currency']).toEqual(expect.any(String));
    const event = spanNamed(traced.sdk.spans(), 'generate_content flux-dev').events.find(
      (candidate) => candidate.name === 'gentk.spend',
    );
    expect(event?.attributes).toMatchObject({
      'gentk.spend.estimate_kind': expect.any(String),
      'gentk.spend.currency': charged?.attributes['gentk.spend.currency'],
    });
    expect(event?.attributes?.['gentk.spend.charged']).toBeGreaterThan(0);
  });

  it('hands back a pending job and, resumed, joins the story by the job id', async () => {
    const pending = await traced.bed.session.call(
      'v8_video_text_to_video',
      { model_id: 'veo-3', prompt: 'waves' },
      { wait: false },
    );
    expect(pending.status).toBe('processing');
    const finished = await traced.bed.session.resume(JSON.parse(JSON.stringify(pending)));
    expect(finished.status).toBe('success');
    const spans = traced.sdk.spans();
    const submitted = spanNamed(spans, 'generate_content veo-3');
    const resumed = spanNamed(spans, 'call v8_video_text_to_video');
    expect(submitted.attributes['gentk.call.status']).toBe('processing');
    expect(resumed.attributes).toMatchObject({
      'gentk.call.resumed': true,
      'gentk.call.status': 'success',
      'gentk.job.id': submitted.attributes['gentk.job.id'],
    });
  });

  it('records a refused call with its stable code, on the call span and the HTTP span', async () => {
    const error = await traced.bed.session
      .resumeById('v7_images_text_to_image', 'no-such-job')
      .catch((caught) => caught);
    expect(error).toMatchObject({ code: 'not_found' });
    const spans = traced.sdk.spans();
    const call = spanNamed(spans, 'call v7_images_text_to_image');
    expect(call.status.code).toBe(SpanStatusCode.ERROR);
    expect(call.attributes['error.type']).toBe('not_found');
    const exception = call.events.find((event) => event.name === 'exception');
    expect(exception?.attributes).toMatchObject({ 'exception.type': 'not_found' });
    const http = descendantsOf(spans, call).find((span) => span.kind === SpanKind.CLIENT);
    expect(http?.attributes).toMatchObject({ 'http.response.status_code': 404, 'error.type': '404' });
    expect(http?.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('traces discovery: a discover span with what was read, each document an HTTP span beneath it', async () => {
    const session = await connect({
      baseUrl: traced.bed.emulator.url,
      apiKey: traced.bed.account.apiKey,
      operations: { ids: ['v7_images_text_to_image'] },
    });
    await session.close();
    const spans = traced.sdk.spans();
    const discover = spanNamed(spans, 'discover');
    expect(discover.attributes['gentk.discovery.documents']).toBeGreaterThan(1);
    expect(discover.attributes['gentk.discovery.operations']).toBeGreaterThan(1);
    const documents = childrenOf(spans, discover);
    expect(documents.length).toBeGreaterThan(1);
    expect(documents.every((span) => span.kind === SpanKind.CLIENT && span.name === 'GET')).toBe(true);
    for (const secret of traced.bed.secrets()) expect(exportedText(spans)).not.toContain(secret);
  });

  it('sends no key, password, token or capability to the exporter', async () => {
    // The secrets are given where a careless span would pick them up: in the prompt, in an id.
    const [key] = traced.bed.secrets();
    await traced.bed.session.call('v7_images_text_to_image', { model_id: 'flux-dev', prompt: `draw ${key}` });
    await expect(traced.bed.session.resumeById('v7_images_text_to_image', `${key}`)).rejects.toBeDefined();
    await traced.bed.session.call('get_wallet_balance', {});
    const text = exportedText(traced.sdk.spans());
    expect(text.length).toBeGreaterThan(1000);
    for (const secret of traced.bed.secrets()) expect(text).not.toContain(secret);
  });

  it('sends no webhook capability to the exporter either (the last test: the receiver stays attached)', async () => {
    createWebhookReceiver(traced.bed.session, { publicUrl: 'http://127.0.0.1:9/hooks' });
    const before = traced.bed.secrets().length;
    const result = await traced.bed.session.call('v7_images_text_to_image', {
      model_id: 'flux-dev',
      prompt: 'a wren',
    });
    expect(result.status).toBe('success');
    expect(traced.bed.secrets().length).toBe(before + 1);
    const text = exportedText(traced.sdk.spans());
    for (const secret of traced.bed.secrets()) expect(text).not.toContain(secret);
  });
});
