/**
 * The answer `HttpClient.request` returns. `headers` is built only when read: most callers never
 * look at it, and building a `Headers` costs more than the rest of the response handling.
 * @module
 */
import type { HttpResponse } from './client-options.js';
import type { JobSlot } from './rate-limit/job-slots.js';
import { type ResponseHeaders, toWebHeaders } from './transport.js';

export class ServiceResponse<T> implements HttpResponse<T> {
  readonly status: number;
  readonly body: T;
  readonly url: string;
  readonly attempts: number;
  readonly requestId?: string;
  readonly jobSlot?: JobSlot;
  readonly #rawHeaders: ResponseHeaders;
  #headers: Headers | undefined;

  constructor(fields: {
    status: number;
    headers: ResponseHeaders;
    body: T;
    url: string;
    attempts: number;
    requestId: string | undefined;
    jobSlot: JobSlot | undefined;
  }) {
    this.status = fields.status;
    this.body = fields.body;
    this.url = fields.url;
    this.attempts = fields.attempts;
    if (fields.requestId !== undefined) this.requestId = fields.requestId;
    if (fields.jobSlot !== undefined) this.jobSlot = fields.jobSlot;
    this.#rawHeaders = fields.headers;
  }

  get headers(): Headers {
    this.#headers ??= toWebHeaders(this.#rawHeaders);
    return this.#headers;
  }
}
