import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type Emulator, type EmulatorAccount, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, connectMcp, textOf } from './mcp-client.js';

/** Small enough that a test exhausts it, so the quota shows whose key reached the service. */
const GENERATION_QUOTA = 3;

let emulator: Emulator;
const clients: Client[] = [];

/** A key of a new account: each test draws on its own generation quota. */
const freshKey = () => emulator.createAccount().apiKey;

async function v7(credential?: string): Promise<Client> {
  const client = await connectMcp(`${emulator.url}/mcp/generation-v7`, credential);
  clients.push(client);
  return client;
}

beforeAll(async () => {
  emulator = await startEmulator({
    rateLimits: { generation: { limit: GENERATION_QUOTA, windowSeconds: 3600 } },
  });
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await emulator.close();
});

describe('a generation tool call', () => {
  it("reaches the app with the MCP request's key and brings the answer back as content", async () => {
    // The generation quota is counted per account, and only a key that arrives tells the account:
    // exhausting the first account's quota must leave the second account's untouched.
    const client = await v7(freshKey());
    const args = { model_id: 'flux-dev', prompt: 'a lighthouse at dusk' };
    for (let call = 0; call < GENERATION_QUOTA; call += 1) {
      const result = await callTool(client, 'text-to-image', args);
      expect(result._meta?.httpStatus).not.toBe(429);
      expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
    }
    const limited = await callTool(client, 'text-to-image', args);
    expect(limited.isError).toBe(true);
    expect(limited._meta).toMatchObject({ httpStatus: 429, retryAfter: expect.any(String) });
    expect(limited.structuredContent).toMatchObject({ status: 'error', code: 'rate_limited' });

    const other = await callTool(await v7(freshKey()), 'text-to-image', args);
    expect(other._meta?.httpStatus).not.toBe(429);
  });

  it('sets isError when the service answers an HTTP error, with its body as content', async () => {
    emulator.faults.inject({ kind: 'server-error', match: 'v7_images_fetch_id', times: 1 });
    const result = await callTool(await v7(freshKey()), 'fetch-image', { id: 'any' });
    expect(result.isError).toBe(true);
    expect(result._meta?.httpStatus).toBe(500);
    expect(result.structuredContent).toMatchObject({ status: 'error', message: expect.any(String) });
  });

  it('sets isError when the body reports status "error", whatever the HTTP status', async () => {
    const result = await callTool(await v7(freshKey()), 'fetch-image', { id: 'no-such-request' });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ status: 'error' });
  });

  it('substitutes and encodes path parameters', async () => {
    emulator.faults.inject({ kind: 'server-error', match: '/api/v7/video-fusion/fetch/a%2Fb', times: 1 });
    const result = await callTool(await v7(freshKey()), 'fetch-video', { id: 'a/b' });
    expect(result._meta?.httpStatus).toBe(500);
  });

  it('refuses a call without its path parameter before calling the service', async () => {
    const result = await callTool(await v7(freshKey()), 'fetch-image', {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/Missing `id`/);
    expect(result._meta).toBeUndefined();
  });

  it('never shows the key to the model', async () => {
    const key = freshKey();
    const client = await v7(key);
    for (const [name, args] of [
      ['text-to-image', { model_id: 'flux-dev', prompt: 'a red kite' }],
      ['fetch-image', { id: 'unknown' }],
      ['models', {}],
    ] as const) {
      const result = await callTool(client, name, args);
      expect(JSON.stringify(result)).not.toContain(key);
    }
  });

  it('answers an unknown tool with a protocol error', async () => {
    await expect(callTool(await v7(freshKey()), 'no-such-tool', {})).rejects.toThrow(/Unknown tool/);
  });
});

describe('a generation tool call, once the generation handlers serve it', () => {
  it('queues or finishes text-to-image on v7 with the key of the MCP connection', async () => {
    const result = await callTool(await v7(freshKey()), 'text-to-image', {
      model_id: 'flux-dev',
      prompt: 'a paper boat on a pond',
    });
    expect(result.isError).toBe(false);
    expect(['processing', 'success']).toContain(result.structuredContent?.status);
  });

  it('answers 401 as an error to a connection without a key', async () => {
    const result = await callTool(await v7(), 'text-to-image', { model_id: 'flux-dev', prompt: 'a kite' });
    expect(result.isError).toBe(true);
    expect(result._meta?.httpStatus).toBe(401);
  });
});

describe('a control-plane tool call', () => {
  const connect = async (token?: string) => {
    const client = await connectMcp(`${emulator.url}/mcp/control-plane`, token);
    clients.push(client);
    return client;
  };

  it('reaches the app at the path of the action', async () => {
    emulator.faults.inject({ kind: 'unavailable', match: 'get_changelog', times: 1 });
    const result = await callTool(await connect(), 'agent-changelog', { action: 'get_changelog' });
    expect(result.isError).toBe(true);
    expect(result._meta).toMatchObject({ httpStatus: 503, retryAfter: expect.any(String) });
  });

  it('refuses an action the resource does not have, naming the ones it has', async () => {
    const result = await callTool(await connect(), 'agent-wallet', { action: 'get_api_keys' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('get_wallet_balance');
  });

  it('asks for fields to be put under params', async () => {
    const result = await callTool(await connect(), 'agent-wallet', { action: 'post_wallet_fund', amount: 5 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('inside `params`');
  });
});

describe('a control-plane tool call, once the control-plane handlers serve it', () => {
  const connect = async (token?: string) => {
    const client = await connectMcp(`${emulator.url}/mcp/control-plane`, token);
    clients.push(client);
    return client;
  };
  const login = async (account: EmulatorAccount, scopes?: string[]) => {
    const result = await callTool(await connect(), 'agent-auth', {
      action: 'post_auth_login',
      params: { email: account.email, password: account.password, ...(scopes ? { scopes } : {}) },
    });
    expect(result.isError, JSON.stringify(result)).toBe(false);
    return (result.structuredContent as { data: { access_token: string } }).data.access_token;
  };

  it('logs in without a token, then acts with the token it got', async () => {
    const account = emulator.createAccount({ credits: 3 });
    const client = await connect(await login(account));
    const balance = await callTool(client, 'agent-wallet', { action: 'get_wallet_balance' });
    expect(balance.isError).toBe(false);
    expect(balance.structuredContent).toMatchObject({ data: expect.any(Object), error: null });
  });

  it("answers 403 insufficient_scope outside the token's scopes", async () => {
    const account = emulator.createAccount();
    const client = await connect(await login(account, ['wallet:read']));
    const result = await callTool(client, 'agent-api-keys', { action: 'get_api_keys' });
    expect(result.isError).toBe(true);
    expect(result._meta?.httpStatus).toBe(403);
    expect(result.structuredContent).toMatchObject({ error: { code: 'insufficient_scope' } });
  });

  it('sends idempotency_key of a money action as the Idempotency-Key header', async () => {
    const account = emulator.createAccount({ credits: 0 });
    const client = await connect(await login(account));
    const fund = {
      action: 'post_wallet_fund',
      params: { amount: 5, payment_method_id: 'pm_card_visa', idempotency_key: 'fund-once-1' },
    };
    const firstAnswer = await callTool(client, 'agent-wallet', fund);
    const replay = await callTool(client, 'agent-wallet', fund);
    expect(firstAnswer.isError, JSON.stringify(firstAnswer)).toBe(false);
    expect(replay.structuredContent).toMatchObject({ meta: { idempotency_replay: true } });
    expect(emulator.inspect(account.email)?.balance).toBe(5);
  });
});
