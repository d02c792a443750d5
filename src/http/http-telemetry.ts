/**
 * What the HTTP core tells the toolkit's telemetry: a client span and a duration per attempt (the
 * HTTP client conventions), and the retries and rate-limit waits as events of the span they
 * happen under. Built on the client's event stream and a wrapper of its transport, so the core's
 * request path is left as it is.
 * @module
 */
import { errorType } from '../telemetry/error-type.js';
import type { Telemetry, TelemetryAttributes } from '../telemetry/telemetry.js';
import type { Clock } from './clock.js';
import type { HttpEvent } from './events.js';
import type { Transport, TransportRequest } from './transport.js';

/** The attempt `sendExchange` announced with its `request` event, just before calling the transport. */
interface AnnouncedAttempt {
  readonly attempt: number;
  readonly operationId: string | undefined;
}

/** The event handler and transport wrapper that report one client's HTTP to `telemetry`. */
export interface HttpTelemetry {
  readonly onEvent: (event: HttpEvent) => void;
  readonly transport: (transport: Transport) => Transport;
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'http:': 80, 'https:': 443 };

/** The URL as `url.full` may show it: no user or password (the conventions' rule). */
function fullUrl(url: URL): string {
  if (url.username === '' && url.password === '') return url.href;
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}

function serverOf(url: URL): TelemetryAttributes {
  return {
    'server.address': url.hostname,
    'server.port': url.port === '' ? DEFAULT_PORTS[url.protocol] : Number(url.port),
  };
}

/** Reports the HTTP of one client to `telemetry`; durations on `clock`. */
export function httpTelemetry(telemetry: Telemetry, clock: Clock): HttpTelemetry {
  // The `request` event is emitted synchronously right before the transport is called, so the
  // next transport call is the attempt it announced; a request with none (a discovery document)
  // is a first attempt.
  let announced: AnnouncedAttempt | undefined;
  const onEvent = (event: HttpEvent) => {
    if (event.type !== 'request' && !telemetry.enabled()) return;
    switch (event.type) {
      case 'request':
        announced = { attempt: event.attempt, operationId: event.operationId };
        return;
      case 'retry':
        telemetry.addEvent('gentk.retry', {
          'error.type': event.code,
          'http.response.status_code': event.status,
          'gentk.retry.delay_ms': event.delayMs,
          'gentk.retry.attempt': event.attempt,
        });
        return;
      case 'throttle-wait':
        telemetry.addEvent('gentk.throttle.wait', {
          'gentk.throttle.bucket': event.bucket,
          'gentk.throttle.wait_ms': event.waitMs,
          'gentk.throttle.reason': event.reason,
        });
        telemetry.record('gentk.throttle.wait.duration', event.waitMs / 1000, {
          'gentk.throttle.bucket': event.bucket,
        });
        return;
      case 'warning':
        telemetry.addEvent('gentk.warning', {
          'gentk.warning.kind': event.warning.kind,
          'gentk.warning.message': event.warning.message,
        });
        return;
      default:
        return;
    }
  };
  const transport =
    (inner: Transport): Transport =>
    async (request: TransportRequest) => {
      const { attempt, operationId } = announced ?? { attempt: 1, operationId: undefined };
      announced = undefined;
      if (!telemetry.enabled()) return inner(request);
      const server = serverOf(request.url);
      const method = request.method.toUpperCase();
      const span = telemetry.startSpan(method, {
        kind: 'client',
        attributes: {
          'http.request.method': method,
          'url.full': fullUrl(request.url),
          ...server,
          ...(attempt > 1 ? { 'http.request.resend_count': attempt - 1 } : {}),
          'gentk.operation.id': operationId,
        },
      });
      const startedAt = clock.now();
      const measured = (attributes: TelemetryAttributes) =>
        telemetry.record('http.client.request.duration', (clock.now() - startedAt) / 1000, {
          'http.request.method': method,
          ...server,
          ...attributes,
        });
      try {
        const response = await telemetry.withSpan(span, () => inner(request));
        const failed = response.status >= 400 ? String(response.status) : undefined;
        const answered = { 'http.response.status_code': response.status, 'error.type': failed };
        span.setAttributes(answered);
        if (failed) span.fail({ code: failed, name: 'HttpError', message: `HTTP ${response.status}` });
        measured(answered);
        if (response.status === 429 || response.status === 503)
          telemetry.record('gentk.http.refusals', 1, {
            'http.response.status_code': response.status,
            ...server,
          });
        return response;
      } catch (error) {
        span.fail(error);
        measured({ 'error.type': errorType(error) });
        throw error;
      } finally {
        span.end();
      }
    };
  return { onEvent, transport };
}
