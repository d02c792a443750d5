import type { Emulator, EmulatorAccount } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, send } from '../../../../test/support/http.js';
import { sampleFor } from '../../../../test/support/sample-input.js';
import { GENERATION_OPERATIONS } from '../../src/catalogue/generation-operations.js';
import { generationBodySchema } from '../../src/catalogue/request-schema.js';
import { startRoomyEmulator } from './roomy-emulator.js';

let emulator: Emulator;
let account: EmulatorAccount;
beforeAll(async () => {
  ({ emulator, account } = await startRoomyEmulator());
});
afterAll(() => emulator.close());

/** Each operation that names a model of the feed, with the field that names it. */
const takingModel = GENERATION_OPERATIONS.flatMap((operation) =>
  operation.method === 'POST' && !operation.path.includes('{')
    ? (['model_id', 'base_model'] as const)
        .filter((field) => [...operation.required, ...operation.optional].includes(field))
        .map((field) => [operation.operationId, field, operation] as const)
    : [],
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

  it.each(takingModel)('is refused by %s in %s, which charges nothing', async (_id, field, operation) => {
    const body = sampleFor(generationBodySchema(operation) as Record<string, unknown>) as Record<
      string,
      unknown
    >;
    const before = emulator.inspect(account.email)?.balance;
    const answer = await send(`${emulator.url}${operation.path}`, {
      headers: bearer(account.apiKey),
      body: { ...body, [field]: 'no-such-model' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(404);
    expect(answer.body).toMatchObject({ code: 'model_not_found', param: field });
    expect((answer.body.suggestions as string[]).length).toBeGreaterThan(0);
    expect(emulator.inspect(account.email)?.balance).toBe(before);
  });

  it('of a chat is refused with the closest language models', async () => {
    const answer = await send(`${emulator.url}/api/v6/llm/chat`, {
      headers: bearer(account.apiKey),
      body: { model: 'llama-3.3-70', messages: [{ role: 'user', content: 'Hi' }] },
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'model_not_found', param: 'model' });
    expect(answer.body.suggestions).toContain('llama-3.3-70b');
  });

  it('is accepted when it is a model of the feed', async () => {
    const answer = await send(`${emulator.url}/api/v6/images/text2img`, {
      body: { key: account.apiKey, prompt: 'a lighthouse', model_id: 'flux-dev' },
    });
    expect(answer.status).toBe(200);
    expect(['success', 'processing']).toContain(answer.body.status);
  });
});
