import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANARY_PASSWORD, type ControlPlaneClient, challenge, startTestEmulator } from './support.js';

let api: ControlPlaneClient;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  api = await startTestEmulator();
});

afterAll(async () => {
  api.assertNoLeaks();
  await api.emulator.close();
});

describe('authentication', () => {
  it('answers 401 unauthenticated with a bare Bearer challenge when no token is sent', async () => {
    const answer = await api.call('GET', '/me');
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('unauthenticated');
    expect(challenge(answer.headers.get('www-authenticate'))).toEqual({ realm: 'agents-v1' });
  });

  it('answers 401 invalid_token for an unknown token, with error="invalid_token"', async () => {
    const answer = await api.call('GET', '/me', { token: 'gat_made-up' });
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('invalid_token');
    expect(challenge(answer.headers.get('www-authenticate'))).toMatchObject({
      realm: 'agents-v1',
      error: 'invalid_token',
    });
    expect(answer.text).not.toContain('gat_made-up');
  });

  it('expires a token when its lifetime has passed on the service clock', async () => {
    const account = await api.account();
    const weekly = await api.login(account.email, CANARY_PASSWORD, { token_expiry: '1_week' });
    const forever = await api.login(account.email, CANARY_PASSWORD, { token_expiry: 'never' });
    expect((await api.call('GET', '/me', { token: weekly })).status).toBe(200);
    api.clock.advance(7 * DAY_MS + 1000);
    const expired = await api.call('GET', '/me', { token: weekly });
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('token_expired');
    expect(challenge(expired.headers.get('www-authenticate')).error).toBe('invalid_token');
    expect((await api.call('GET', '/me', { token: forever })).status).toBe(200);
  });
});

describe('token lifecycle', () => {
  it('rotates on refresh: same scopes, and the old token is revoked', async () => {
    const account = await api.account({ scopes: ['profile:read'] });
    const refreshed = await api.call('POST', '/auth/refresh', { token: account.token });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data.scopes).toEqual(['profile:read']);
    const fresh = refreshed.body.data.access_token as string;
    expect(fresh).not.toBe(account.token);
    const old = await api.call('GET', '/me', { token: account.token });
    expect(old.status).toBe(401);
    expect(old.body.error.code).toBe('token_revoked');
    expect((await api.call('GET', '/me', { token: fresh })).status).toBe(200);
  });

  it('lists tokens masked, marks the current one, and revokes one, the others, or all', async () => {
    const account = await api.account();
    const second = await api.login(account.email, CANARY_PASSWORD, { device_name: 'second' });
    await api.login(account.email, CANARY_PASSWORD, { device_name: 'third' });
    const list = await api.call('GET', '/auth/tokens', { token: account.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(3);
    expect(list.body.data.filter((token: { current: boolean }) => token.current)).toHaveLength(1);
    expect(list.text).not.toContain(second);

    const secondId = list.body.data.find((token: { name: string }) => token.name === 'second').id;
    expect((await api.call('DELETE', `/auth/tokens/${secondId}`, { token: account.token })).status).toBe(200);
    expect((await api.call('GET', '/me', { token: second })).body.error.code).toBe('token_revoked');

    const others = await api.call('POST', '/auth/tokens/revoke-others', { token: account.token });
    expect(others.body.data).toEqual({ revoked: 1 });
    const all = await api.call('POST', '/auth/logout-all', { token: account.token });
    expect(all.body.data).toEqual({ revoked: 1 });
    expect((await api.call('GET', '/me', { token: account.token })).status).toBe(401);
  });

  it("cannot revoke another user's token", async () => {
    const mine = await api.account();
    const theirs = await api.account();
    const list = await api.call('GET', '/auth/tokens', { token: theirs.token });
    const id = list.body.data[0].id;
    const answer = await api.call('DELETE', `/auth/tokens/${id}`, { token: mine.token });
    expect(answer.status).toBe(404);
    expect((await api.call('GET', '/me', { token: theirs.token })).status).toBe(200);
  });

  it('does not repeat a token pasted where an id belongs', async () => {
    const account = await api.account();
    const answer = await api.call('DELETE', `/auth/tokens/${account.token}`, { token: account.token });
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain(account.token);
    const key = await api.call('GET', `/api-keys/${account.apiKey}`, { token: account.token });
    expect(key.status).toBe(404);
    expect(key.text).not.toContain(account.apiKey);
  });

  it('changes the password only with the current one', async () => {
    const account = await api.account();
    const wrong = await api.call('PATCH', '/me/password', {
      token: account.token,
      body: { current_password: 'not-the-password', new_password: `${CANARY_PASSWORD}-2` },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('invalid_credentials');
    const right = await api.call('PATCH', '/me/password', {
      token: account.token,
      body: { current_password: CANARY_PASSWORD, new_password: `${CANARY_PASSWORD}-2` },
    });
    expect(right.status).toBe(200);
    await api.login(account.email, `${CANARY_PASSWORD}-2`);
  });
});

describe('switch-account', () => {
  async function teamOf(token: string): Promise<string> {
    const created = await api.call('POST', '/teams', { token, body: { name: 'Render farm' } });
    expect(created.status).toBe(201);
    return created.body.data.id as string;
  }

  it('never widens: asked scopes are cut to the caller’s and the dropped ones are named', async () => {
    const owner = await api.account();
    const teamId = await teamOf(owner.token);
    const narrow = await api.login(owner.email, CANARY_PASSWORD, { scopes: ['tokens:write', 'wallet:read'] });
    const answer = await api.call('POST', '/auth/switch-account', {
      token: narrow,
      body: { account_id: teamId, scopes: ['wallet:read', 'wallet:write', 'billing:write'] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.scopes).toEqual(['wallet:read']);
    expect(answer.body.data.dropped_scopes).toEqual(['wallet:write', 'billing:write']);
    const switched = answer.body.data.access_token as string;
    expect((await api.call('POST', '/wallet/fund', { token: switched, body: { amount: 5 } })).status).toBe(
      403,
    );

    const star = await api.call('POST', '/auth/switch-account', {
      token: narrow,
      body: { account_id: teamId, scopes: ['*'] },
    });
    expect(star.body.data.scopes).toEqual(['tokens:write', 'wallet:read']);
    expect(star.body.data.dropped_scopes).toEqual(['*']);

    const inherited = await api.call('POST', '/auth/switch-account', {
      token: narrow,
      body: { account_id: teamId },
    });
    expect(inherited.body.data.scopes).toEqual(['tokens:write', 'wallet:read']);
    expect(inherited.body.data).not.toHaveProperty('dropped_scopes');

    const tokens = api.emulator.inspect(owner.email)?.tokens ?? [];
    expect(tokens.filter((token) => token.contextAccountId === teamId)).toHaveLength(3);
  });

  it('needs tokens:write, and a team the user is an active member of', async () => {
    const owner = await api.account();
    const stranger = await api.account();
    const teamId = await teamOf(owner.token);
    const denied = await api.call('POST', '/auth/switch-account', {
      token: stranger.token,
      body: { account_id: teamId },
    });
    expect(denied.status).toBe(404);
    const readOnly = await api.login(owner.email, CANARY_PASSWORD, { scopes: ['wallet:read'] });
    const unscoped = await api.call('POST', '/auth/switch-account', {
      token: readOnly,
      body: { account_id: teamId },
    });
    expect(unscoped.status).toBe(403);
    expect(unscoped.body.error.details.required_scope).toBe('tokens:write');
    const back = await api.call('POST', '/auth/switch-account', {
      token: owner.token,
      body: { account_id: owner.id },
    });
    expect(back.status).toBe(200);
  });

  it('does not outlive the token that switched', async () => {
    const owner = await api.account();
    const teamId = await teamOf(owner.token);
    const weekly = await api.login(owner.email, CANARY_PASSWORD, { token_expiry: '1_week' });
    const switched = await api.call('POST', '/auth/switch-account', {
      token: weekly,
      body: { account_id: teamId },
    });
    const login = await api.call('GET', '/auth/tokens', { token: weekly });
    const caller = login.body.data.find((token: { current: boolean }) => token.current);
    expect(switched.body.data.expires_at).toBe(caller.expires_at);
  });
});
