import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATION_OPERATIONS } from '../../../src/emulator/catalogue/generation-operations.js';
import { generationBodySchema } from '../../../src/emulator/catalogue/request-schema.js';
import type { Emulator, EmulatorAccount } from '../../../src/emulator/index.js';
import { bearer, send } from '../../support/http.js';
import { sampleFor } from '../../support/sample-input.js';
import { startRoomyEmulator } from './roomy-emulator.js';

let emulator: Emulator;
let account: EmulatorAccount;
beforeAll(async () => {
  ({ emulator, account } = await startRoomyEmulator());
});
afterAll(() => emulator.close());

const takingModelId = GENERATION_OPERATIONS.filter(
  (operation) =>
    operation.method === 'POST' &&
    !operation.path.includes('{') &&
    [...operation.required, ...operation.optional].includes('model_id'),
);

describe('an unknown model_id', () => {
  it('is refused as production refuses it, with suggestions, by the spec’s text2img', async () => {
    const answer = await send(`${emulator.url}/api/v6/images/text2img`, {
      body: { key: account.apiKey, prompt: 'a lighthouse', model_id: 'flux-devv' },
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ status: 'error', code: 'model_not_found', param: 'model_id' });
    expect(answer.body.suggestions).toContain('flux-dev');
    expect(answer.body.message).toMatch(/"flux-devv" was not found\. Did you mean flux-dev/);
  });

  it.each(takingModelId.map((operation) => [operation.operationId, operation] as const))(
    'is refused by %s, which charges nothing',
    async (_id, operation) => {
      const body = sampleFor(generationBodySchema(operation) as Record<string, unknown>) as Record<
        string,
        unknown
      >;
      const before = emulator.inspect(account.email)?.balance;
      const answer = await send(`${emulator.url}${operation.path}`, {
        headers: bearer(account.apiKey),
        body: { ...body, model_id: 'no-such-model' },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(404);
      expect(answer.body.code).toBe('model_not_found');
      expect((answer.body.suggestions as string[]).length).toBeGreaterThan(0);
      expect(emulator.inspect(account.email)?.balance).toBe(before);
    },
  );

  it('is accepted when it is a model of the feed', async () => {
    const answer = await send(`${emulator.url}/api/v6/images/text2img`, {
      body: { key: account.apiKey, prompt: 'a lighthouse', model_id: 'flux-dev' },
    });
    expect(answer.status).toBe(200);
    expect(['success', 'processing']).toContain(answer.body.status);
  });
});
