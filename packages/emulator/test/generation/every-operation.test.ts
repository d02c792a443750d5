import type { Emulator, EmulatorAccount, ManualClock } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, send } from '../../../../test/support/http.js';
import { sampleFor } from '../../../../test/support/sample-input.js';
import { GENERATION_OPERATIONS } from '../../src/catalogue/generation-operations.js';
import { generationBodySchema, generationQuerySchema } from '../../src/catalogue/request-schema.js';
import { startRoomyEmulator } from './roomy-emulator.js';

let emulator: Emulator;
let account: EmulatorAccount;

beforeAll(async () => {
  ({ emulator, account } = await startRoomyEmulator());
});
afterAll(() => emulator.close());

const submitting = GENERATION_OPERATIONS.filter(
  (operation) => operation.mode !== 'fetch' && !operation.path.includes('{'),
);

describe('every generation operation', () => {
  it.each(submitting.map((operation) => [operation.operationId, operation] as const))(
    '%s answers a minimal valid request',
    async (_id, operation) => {
      let url = `${emulator.url}${operation.path}`;
      if (operation.method === 'GET') {
        const query = sampleFor(generationQuerySchema(operation) as Record<string, unknown>) as Record<
          string,
          string
        >;
        url += `?${new URLSearchParams(query)}`;
      }
      const body =
        operation.method === 'POST'
          ? sampleFor(generationBodySchema(operation) as Record<string, unknown>)
          : undefined;
      if (body && typeof body === 'object' && 'model' in body)
        (body as Record<string, unknown>).model = 'llama-3.3-70b';
      if (body && typeof body === 'object' && 'init_obj' in body)
        (body as Record<string, unknown>).init_obj = 'data:image/png;base64,iVBORw0KGgo=';
      if (body && typeof body === 'object' && 'init_audio' in body && operation.result === 'upload') {
        (body as Record<string, unknown>).init_audio = 'data:audio/wav;base64,UklGRiQAAABXQVZF';
      }
      const answer = await send(url, { method: operation.method, headers: bearer(account.apiKey), body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const status = (answer.body as Record<string, unknown>).status;
      expect(
        status === undefined || status === 'success' || status === 'processing',
        JSON.stringify(answer.body),
      ).toBe(true);
    },
  );

  it('fetches every asynchronous family to success', async () => {
    const asynchronous = GENERATION_OPERATIONS.filter((operation) => operation.mode === 'async');
    const queued: { fetch: string; body: Record<string, unknown>; method: 'GET' | 'POST' }[] = [];
    for (const operation of asynchronous) {
      const body = sampleFor(generationBodySchema(operation) as Record<string, unknown>) as Record<
        string,
        unknown
      >;
      const answer = await send(`${emulator.url}${operation.path}`, {
        headers: bearer(account.apiKey),
        body,
      });
      if (answer.body.status !== 'processing') continue;
      const fetchOperation = GENERATION_OPERATIONS.find((candidate) => candidate.path === operation.fetch);
      queued.push({
        fetch: answer.body.fetch_result as string,
        body: operation.fetchStyle === 'body' ? { request_id: answer.body.id } : {},
        method: fetchOperation?.method ?? 'POST',
      });
    }
    expect(queued.length).toBeGreaterThan(80);
    (emulator.clock as ManualClock).advance(3600_000);
    for (const job of queued) {
      const answer = await send(job.fetch, {
        method: job.method,
        headers: bearer(account.apiKey),
        ...(job.method === 'POST' ? { body: job.body } : {}),
      });
      expect(answer.body.status, `${job.fetch} ${JSON.stringify(answer.body)}`).toBe('success');
    }
  });
});
