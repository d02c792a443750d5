import { expect } from 'vitest';
import { CONTROL_PLANE_OPERATIONS } from '../../src/catalogue/control-plane-operations.js';
import { CONTROL_PLANE_SCHEMAS } from '../../src/catalogue/control-plane-schemas.js';
import type { JsonSchema } from '../../src/catalogue/types.js';
import type { ManualClock } from '../../src/clock.js';
import { type Emulator, startEmulator } from '../../src/emulator.js';
import { validate } from '../../src/http/validate.js';

/** A fake password whose appearance in any answer would mean a leak. */
export const CANARY_PASSWORD = 'canary-Pw-9f27c1e4b8';

export const PREFIX = '/api/agents/v1';

const GENEROUS = { limit: 100_000, windowSeconds: 60 };

/**
 * What tests read out of answers. Shapes are checked at run time (expectEnvelope, dataProblems),
 * so the tests index into them freely.
 */
// biome-ignore lint/suspicious/noExplicitAny: answers are checked against the published schemas at run time
export type Json = any;

/** The envelope of every control-plane answer; `error` is null on success (tests read it after checking the status). */
export interface Envelope<T = Json> {
  data: T;
  error: { code: string; message: string; details: Json };
  meta: { request_id: string; idempotency_replay?: boolean; pagination?: Json };
}

export interface Answer<T = Json> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Envelope<T>;
  readonly text: string;
}

export interface CallOptions {
  readonly token?: string;
  readonly body?: unknown;
  /** Sent as is instead of `body`. */
  readonly raw?: string;
  readonly query?: Record<string, string | number>;
  readonly headers?: Record<string, string>;
}

/** A control-plane client over real HTTP that keeps every answer's text for leak checks. */
export class ControlPlaneClient {
  readonly texts: string[] = [];
  #counter = 0;

  constructor(readonly emulator: Emulator) {}

  get clock(): ManualClock {
    return this.emulator.clock as ManualClock;
  }

  async call<T = Json>(method: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
    const url = new URL(`${this.emulator.url}${path.startsWith('/api/') ? path : PREFIX + path}`);
    for (const [name, value] of Object.entries(options.query ?? {}))
      url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { ...options.headers };
    if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.raw;
    if (body === undefined && options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['Content-Type'] ??= 'application/json';
    const response = await fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
    const text = await response.text();
    this.texts.push(text);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
    return { status: response.status, headers: response.headers, body: parsed as Envelope<T>, text };
  }

  /** A fresh unique e-mail address. */
  email(label = 'agent'): string {
    this.#counter += 1;
    return `${label}-${this.#counter}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  }

  /** Logs in and returns the access token. */
  async login(email: string, password: string, extra: Record<string, unknown> = {}): Promise<string> {
    const answer = await this.call('POST', '/auth/login', { body: { email, password, ...extra } });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.data.access_token as string;
  }

  /** A verified account with credits and a token ('*' unless scopes are given). */
  async account(options: { credits?: number; scopes?: string[]; tokenExpiry?: string } = {}) {
    const created = this.emulator.createAccount({
      email: this.email(),
      password: CANARY_PASSWORD,
      credits: options.credits ?? 100,
    });
    const token = await this.login(created.email, CANARY_PASSWORD, {
      ...(options.scopes ? { scopes: options.scopes } : {}),
      ...(options.tokenExpiry ? { token_expiry: options.tokenExpiry } : {}),
    });
    return { ...created, token };
  }

  /** Asserts that no answer so far carried the canary password. */
  assertNoLeaks(): void {
    expect(this.texts.length).toBeGreaterThan(0);
    for (const text of this.texts) expect(text).not.toContain(CANARY_PASSWORD);
  }
}

/** An emulator on a manual clock with rate limits out of the way of the tests. */
export async function startTestEmulator(): Promise<ControlPlaneClient> {
  const emulator = await startEmulator({
    clock: 'manual',
    rateLimits: { auth: GENEROUS, billing: GENEROUS, control: GENEROUS, public: GENEROUS },
  });
  return new ControlPlaneClient(emulator);
}

/** Asserts the shape of an envelope: data or error, never both, and a request id. */
export function expectEnvelope(answer: Answer): void {
  expect(answer.headers.get('content-type') ?? '', answer.text).toContain('application/json');
  expect(typeof answer.body.meta?.request_id, answer.text).toBe('string');
  if (answer.status < 400) {
    expect(answer.body.error, answer.text).toBeNull();
  } else {
    expect(answer.body.data, answer.text).toBeNull();
    expect(typeof answer.body.error?.code, answer.text).toBe('string');
    expect(typeof answer.body.error?.message, answer.text).toBe('string');
  }
}

const dataSchemas = new Map<string, JsonSchema>();

/** Problems of `data` against the operation's published data schema (empty when it matches). */
export function dataProblems(operationId: string, data: unknown): string[] {
  let schema = dataSchemas.get(operationId);
  if (!schema) {
    const operation = CONTROL_PLANE_OPERATIONS.find((candidate) => candidate.operationId === operationId);
    if (!operation) throw new Error(`no operation ${operationId}`);
    // The records are referenced as #/components/schemas/<Name>, as in the published document.
    schema = { ...operation.data, components: { schemas: CONTROL_PLANE_SCHEMAS } } as JsonSchema;
    dataSchemas.set(operationId, schema);
  }
  return validate(schema, data).map((problem) => `${problem.field} ${problem.message}`);
}

/** The bearer challenge parameters of a WWW-Authenticate header, e.g. `{realm, error, scope}`. */
export function challenge(header: string | null): Record<string, string> {
  const parameters: Record<string, string> = {};
  expect(header ?? '').toMatch(/^Bearer /);
  for (const match of (header ?? '').matchAll(/([a-z_]+)="([^"]*)"/g)) parameters[match[1]!] = match[2]!;
  return parameters;
}
