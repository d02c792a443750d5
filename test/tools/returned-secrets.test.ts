import { type Emulator, type EmulatorAccount, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Session } from '../../src/auth/index.js';
import type { HttpEvent } from '../../src/http/index.js';
import { createToolSpecs, type ReturnedSecret } from '../../src/tools/index.js';

let emulator: Emulator;
let account: EmulatorAccount;
let session: Session;
const events: HttpEvent[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ timeScale: 0.01 });
  account = emulator.createAccount({ credits: 20 });
  session = await connect({
    baseUrl: emulator.url,
    apiKey: account.apiKey,
    auth: { email: account.email, password: account.password },
    operations: { ids: ['post_api_keys', 'get_api_keys', 'delete_api_keys_by_id', 'get_wallet_balance'] },
    http: { onEvent: (event) => events.push(event) },
  });
});
afterAll(async () => {
  await session.close();
  await emulator.close();
});

describe('secrets in answers', () => {
  it('keeps a created API key from the model, gives it to the application, and masks it in later logs', async () => {
    const given: ReturnedSecret[] = [];
    const tools = createToolSpecs(session, {
      mode: 'typed',
      approval: 'never',
      onSecret: (secret) => given.push(secret),
    });
    const create = tools.tools.find((tool) => tool.operationId === 'post_api_keys');
    const result = await create!.execute({ name: 'worker' });
    expect(result.ok).toBe(true);

    expect(given).toHaveLength(1);
    const [secret] = given;
    expect(secret).toMatchObject({ operationId: 'post_api_keys', field: 'key' });
    expect(secret!.value).toMatch(/^gk_/);
    expect(JSON.stringify(result)).not.toContain(secret!.value);
    expect(result.ok && result.data).toMatchObject({
      key: '[withheld from the model: given to the application]',
    });

    // What the model still needs to act on the key is there: its id and prefix.
    const created = emulator.inspect(account.email)?.apiKeys.find((key) => key.name === 'worker');
    expect(result.ok && result.data).toMatchObject({ id: created!.id, prefix: created!.prefix });

    // The key the application received is the one the service made.
    expect(secret!.value.startsWith(created!.prefix)).toBe(true);

    // And the session masks it from now on, wherever it would be written.
    expect(session.client.redactor.redact(`a key: ${secret!.value}`)).not.toContain(secret!.value);
    expect(JSON.stringify(events)).not.toContain(secret!.value);
  });

  it('says the value was withheld when no one asked for it', async () => {
    const tools = createToolSpecs(session, { mode: 'typed', approval: 'never' });
    const create = tools.tools.find((tool) => tool.operationId === 'post_api_keys');
    const result = await create!.execute({ name: 'unclaimed' });
    expect(result.ok && result.data).toMatchObject({ key: '[withheld from the model]' });
    expect(JSON.stringify(result)).not.toMatch(/gk_[A-Za-z0-9_-]{16,}/);
  });
});
