import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Emulator, EmulatorAccount, ManualClock } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, send } from '../../../../test/support/http.js';
import { sampleFor } from '../../../../test/support/sample-input.js';
import { GENERATION_OPERATIONS } from '../../src/catalogue/generation-operations.js';
import { generationBodySchema, generationQuerySchema } from '../../src/catalogue/request-schema.js';
import { startRoomyEmulator } from './roomy-emulator.js';

let emulator: Emulator;
let account: EmulatorAccount;
let ajv: Ajv2020;

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

beforeAll(async () => {
  ({ emulator, account } = await startRoomyEmulator());
  const document = (await send(`${emulator.url}/openapi.json`)).body;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  ajv.addSchema({ ...document, $id: 'openapi' });
});
afterAll(() => emulator.close());

function check(operationId: string, method: string, path: string, body: unknown) {
  const validate = ajv.compile({
    $ref: `openapi#/${pointer('paths', path, method.toLowerCase(), 'responses', '200', 'content', 'application/json', 'schema')}`,
  });
  const valid = validate(body);
  expect(
    valid,
    `${operationId}: ${JSON.stringify(validate.errors?.slice(0, 3))}\n${JSON.stringify(body).slice(0, 400)}`,
  ).toBe(true);
}

describe('the answers of the generation API', () => {
  it('match the response schemas /openapi.json publishes, for submissions and for fetches', {
    timeout: 90_000,
  }, async () => {
    const fetches: { operationId: string; method: string; path: string; url: string; body?: unknown }[] = [];
    for (const operation of GENERATION_OPERATIONS) {
      if (operation.mode === 'fetch' || operation.path.includes('{')) continue;
      let url = `${emulator.url}${operation.path}`;
      if (operation.method === 'GET') {
        url += `?${new URLSearchParams(sampleFor(generationQuerySchema(operation) as Record<string, unknown>) as Record<string, string>)}`;
      }
      const body =
        operation.method === 'POST'
          ? (sampleFor(generationBodySchema(operation) as Record<string, unknown>) as Record<string, unknown>)
          : undefined;
      if (body && 'model' in body) body.model = 'llama-3.3-70b';
      if (body && operation.result === 'upload') {
        for (const field of Object.keys(body))
          if (field !== 'key') body[field] = 'data:image/png;base64,iVBORw0KGgo=';
      }
      const answer = await send(url, {
        method: operation.method,
        headers: bearer(account.apiKey),
        ...(body ? { body } : {}),
      });
      check(operation.operationId, operation.method, operation.path, answer.body);
      if (answer.body.status === 'processing' && operation.fetch) {
        const fetchOperation = GENERATION_OPERATIONS.find((candidate) => candidate.path === operation.fetch);
        if (!fetchOperation) continue;
        fetches.push({
          operationId: fetchOperation.operationId,
          method: fetchOperation.method,
          path: fetchOperation.path,
          url: answer.body.fetch_result as string,
          ...(operation.fetchStyle === 'body'
            ? { body: { request_id: answer.body.id } }
            : fetchOperation.method === 'POST'
              ? { body: {} }
              : {}),
        });
      }
    }
    expect(fetches.length).toBeGreaterThan(80);
    for (const job of fetches.slice(0, 20)) {
      const processing = await send(job.url, {
        method: job.method,
        headers: bearer(account.apiKey),
        ...(job.body ? { body: job.body } : {}),
      });
      check(job.operationId, job.method, job.path, processing.body);
    }
    (emulator.clock as ManualClock).advance(3_600_000);
    for (const job of fetches) {
      const done = await send(job.url, {
        method: job.method,
        headers: bearer(account.apiKey),
        ...(job.body ? { body: job.body } : {}),
      });
      check(job.operationId, job.method, job.path, done.body);
    }
  });
});
