/**
 * The emulator follows the specification first: every row of the spec's table of request fields
 * and of its table of endpoints (copied in test/fixtures/spec-tables.json) is checked against the
 * document the emulator publishes and against its answers.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { type Emulator, type EmulatorAccount, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixtureJson } from '../../../test/support/fixtures.js';
import { bearer, send } from '../../../test/support/http.js';

interface FieldRow {
  readonly field: string;
  readonly type: string;
  readonly usedBy: string;
  readonly notes: string;
}
interface EndpointRow {
  readonly method: string;
  readonly path: string;
  readonly request: string;
  readonly response: string;
  readonly requestForms: readonly (readonly string[])[];
}
const tables = readFixtureJson<{ requestFields: FieldRow[]; endpoints: EndpointRow[] }>('spec-tables.json');

type Json = Record<string, unknown>;
let emulator: Emulator;
let account: EmulatorAccount;
let published: { path: string; properties: Record<string, Json> }[];

beforeAll(async () => {
  emulator = await startEmulator({
    clock: 'manual',
    queueLimit: 100,
    rateLimits: { auth: { limit: 100, windowSeconds: 60 } },
  });
  account = emulator.createAccount({ credits: 100, password: 'spec-Tables-1' });
  const document = (await (await fetch(`${emulator.url}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Json }> } }>>;
  };
  published = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.values(item).flatMap((operation) => {
      const schema = operation.requestBody?.content['application/json']?.schema;
      return schema ? [{ path, properties: (schema.properties ?? {}) as Record<string, Json> }] : [];
    }),
  );
});
afterAll(() => emulator.close());

const ajv = new Ajv2020({ strict: false });

/** A value of each type the spec's field table names. */
const VALUES_OF_TYPE: Record<string, readonly unknown[]> = {
  string: ['a lighthouse at dusk'],
  'string or null': ['a lighthouse at dusk', null],
  integer: [2],
  number: [7.5],
  'array of {role, content}': [[{ role: 'user', content: 'Hello' }]],
};

/** `width, height` -> `width`, `height`. */
const fieldRows = tables.requestFields.flatMap((row) =>
  row.field.split(',').map((field) => ({ ...row, field: field.trim() })),
);

describe('the spec’s table of generation request fields', () => {
  it.each(fieldRows.map((row) => [row.field, row.type, row] as const))(
    '%s (%s) is published with the spec’s type by every operation that takes it',
    (field, type, row) => {
      const takers = published.filter((operation) => operation.properties[field] !== undefined);
      expect(takers.length, `no operation publishes ${field} (${row.usedBy})`).toBeGreaterThan(0);
      const values = VALUES_OF_TYPE[type];
      expect(values, `no sample values for the spec type "${type}"`).toBeDefined();
      for (const { path, properties } of takers) {
        // The type alone: bounds and formats are the emulator's to choose where the spec is silent.
        const { minLength: _min, maxLength: _max, format: _format, ...typeOnly } = properties[field] as Json;
        const accepts = ajv.compile({ ...typeOnly, minimum: undefined, maximum: undefined, enum: undefined });
        for (const value of values ?? [])
          expect(accepts(value), `${path} ${field} refuses ${JSON.stringify(value)}`).toBe(true);
      }
    },
  );
});

/** A value for each field of a shown request form: the spec's shown values where it gives them. */
function requestValue(field: string): unknown {
  const shown: Record<string, unknown> = {
    key: account.apiKey,
    model_id: 'flux-dev',
    model: 'llama-3.3-70b',
    prompt: 'a lighthouse at dusk',
    negative_prompt: 'blur',
    width: 512,
    height: 512,
    samples: 1,
    num_inference_steps: 20,
    guidance_scale: 7.5,
    enhance_prompt: 'yes',
    num_frames: 16,
    language: 'english',
    voice_id: 1,
    speaker: 'madison',
    init_audio: null,
    output_format: 'mp3',
    speed: 1.0,
    webhook: null,
    track_id: 'order-42',
    messages: [
      { role: 'system', content: 'Answer briefly.' },
      { role: 'user', content: 'Hello' },
    ],
    max_tokens: 50,
    scopes: ['profile:read'],
    // Replaced by the id of a queued request before the call.
    request_id: '',
  };
  if (!(field in shown)) throw new Error(`no value for ${field}`);
  return shown[field];
}

/** A queued voice request's id, for the fetch row. */
async function queuedVoiceId(): Promise<string> {
  const answer = await send(`${emulator.url}/api/v6/voice/text_to_audio`, {
    body: { key: account.apiKey, prompt: 'Hello there' },
  });
  return String(answer.body.id);
}

describe('the spec’s table of endpoints', () => {
  it.each(tables.endpoints.map((row) => [row.method, row.path, row] as const))(
    '%s %s answers every request form the spec shows',
    async (method, path, row) => {
      const url = `${emulator.url}${path}`;
      if (row.requestForms.length === 0) {
        // The spec shows no payload: the endpoint exists and says what it lacks.
        const answer = await send(url, { method, body: { key: account.apiKey } });
        expect(answer.status, JSON.stringify(answer.body)).not.toBe(404);
        return;
      }
      for (const form of row.requestForms) {
        const body: Json = Object.fromEntries(form.map((field) => [field, requestValue(field)]));
        if (form.includes('request_id')) body.request_id = await queuedVoiceId();
        if (path.endsWith('/auth/login'))
          Object.assign(body, { email: account.email, password: account.password });
        const answer = await send(url, { method, headers: bearer(account.apiKey), body });
        expect(answer.status, `${JSON.stringify(body)} -> ${JSON.stringify(answer.body)}`).toBe(200);
        expect(answerMatches(path, answer.body), JSON.stringify(answer.body)).toBe(true);
      }
    },
  );
});

/** Whether an answer holds what the spec's Response column says. */
function answerMatches(path: string, body: Json): boolean {
  const status = body.status;
  const urls = (value: unknown) =>
    Array.isArray(value) && value.every((item) => typeof item === 'string' && URL.canParse(item));
  if (path.endsWith('/llm/chat')) {
    const choices = body.choices as { message?: { content?: unknown } }[] | undefined;
    return typeof choices?.[0]?.message?.content === 'string';
  }
  if (path.endsWith('/auth/login')) {
    const data = body.data as Json | undefined;
    return typeof data?.access_token === 'string';
  }
  if (path.endsWith('/images/text2img'))
    return (
      (status === 'success' && urls(body.images)) ||
      (status === 'processing' && body.request_id !== undefined)
    );
  if (path.endsWith('/voice/text_to_audio'))
    return (
      typeof body.audio_url === 'string' ||
      (status === 'success' && urls(body.output)) ||
      (status === 'processing' && body.id !== undefined)
    );
  if (path.endsWith('/voice/fetch'))
    return (status === 'success' || status === 'processing') && Array.isArray(body.output);
  return status === 'success' || status === 'processing';
}
