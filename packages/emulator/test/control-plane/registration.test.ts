import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CANARY_PASSWORD,
  type ControlPlaneClient,
  challenge,
  dataProblems,
  startTestEmulator,
} from './support.js';

let api: ControlPlaneClient;

beforeAll(async () => {
  api = await startTestEmulator();
});

afterAll(async () => {
  api.assertNoLeaks();
  await api.emulator.close();
});

describe('agent registration', () => {
  it('signs up, claims with the e-mailed code, logs in with scopes and is held to them', async () => {
    const email = api.email('register');
    const signup = await api.call('POST', '/auth/signup', {
      body: { email, password: CANARY_PASSWORD, name: 'Registering Agent' },
    });
    expect(signup.status).toBe(201);
    expect(signup.body.data.user).toMatchObject({ email, verified: false });
    expect(dataProblems('post_auth_signup', signup.body.data)).toEqual([]);

    // The code is in the in-process mailbox and behind the test route, for out-of-process agents.
    const [mail] = api.emulator.mailbox(email);
    expect(mail).toMatchObject({ kind: 'verification' });
    expect(mail?.code).toMatch(/^\d{6}$/);
    expect(mail?.text).toContain(mail?.code);
    const viaHttp = (await (
      await fetch(`${api.emulator.url}/_emulator/mailbox?email=${encodeURIComponent(email)}`)
    ).json()) as { messages: Array<{ code: string }> };
    expect(viaHttp.messages[0]?.code).toBe(mail?.code);

    const early = await api.call('POST', '/auth/login', { body: { email, password: CANARY_PASSWORD } });
    expect(early.status).toBe(403);
    expect(early.body.error.code).toBe('email_not_verified');

    const claim = await api.call('POST', '/auth/verify-email', { body: { verification_code: mail?.code } });
    expect(claim.status).toBe(200);
    expect(claim.body.data.scopes).toEqual(['*']);
    expect(claim.body.data.api_key).toMatch(/^gk_/);
    expect(dataProblems('post_auth_verify_email', claim.body.data)).toEqual([]);
    expect(api.emulator.inspect(email)?.verified).toBe(true);
    expect(api.emulator.inspect(email)?.apiKeys).toMatchObject([{ name: 'default', deleted: false }]);

    const login = await api.call('POST', '/auth/login', {
      body: { email, password: CANARY_PASSWORD, scopes: ['wallet:read', 'profile:read'], device_name: 'ci' },
    });
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({
      token_type: 'Bearer',
      token_expiry: '1_month',
      scopes: ['wallet:read', 'profile:read'],
      api_key: null,
    });
    expect(dataProblems('post_auth_login', login.body.data)).toEqual([]);
    const token = login.body.data.access_token as string;
    const record = api.emulator.inspect(email)?.tokens.find((candidate) => candidate.deviceName === 'ci');
    expect(record?.scopes).toEqual(['wallet:read', 'profile:read']);

    expect((await api.call('GET', '/wallet/balance', { token })).status).toBe(200);
    const outside = await api.call('POST', '/wallet/fund', { token, body: { amount: 10 } });
    expect(outside.status).toBe(403);
    expect(outside.body.error.code).toBe('insufficient_scope');
    expect(outside.body.error.details).toEqual({
      required_scope: 'wallet:write',
      granted_scopes: ['wallet:read', 'profile:read'],
    });
    expect(challenge(outside.headers.get('www-authenticate'))).toMatchObject({
      realm: 'agents-v1',
      error: 'insufficient_scope',
      scope: 'wallet:write',
    });

    // A token with no scopes at all can still revoke itself.
    const bare = await api.login(email, CANARY_PASSWORD, { scopes: [] });
    expect((await api.call('GET', '/me', { token: bare })).status).toBe(403);
    const logout = await api.call('POST', '/auth/logout', { token: bare });
    expect(logout.status).toBe(200);
    expect((await api.call('GET', '/me', { token: bare })).body.error.code).toBe('token_revoked');
  });

  it('gives a token of every scope when scopes are omitted or *', async () => {
    const account = api.emulator.createAccount({ email: api.email(), password: CANARY_PASSWORD });
    for (const extra of [{}, { scopes: ['*'] }]) {
      const answer = await api.call('POST', '/auth/login', {
        body: { email: account.email, password: CANARY_PASSWORD, ...extra },
      });
      expect(answer.body.data.scopes).toEqual(['*']);
    }
  });

  it('refuses a taken e-mail, saying whether it was claimed', async () => {
    const email = api.email();
    await api.call('POST', '/auth/signup', { body: { email, password: CANARY_PASSWORD, name: 'A' } });
    const again = await api.call('POST', '/auth/signup', {
      body: { email: email.toUpperCase(), password: CANARY_PASSWORD, name: 'A' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'email_taken', details: { verified: false } });
  });

  it('kills the old code on resend and answers the same whether or not the address exists', async () => {
    const email = api.email();
    await api.call('POST', '/auth/signup', { body: { email, password: CANARY_PASSWORD, name: 'A' } });
    const first = api.emulator.mailbox(email)[0]?.code;
    const known = await api.call('POST', '/auth/resend-verification', { body: { email } });
    const unknown = await api.call('POST', '/auth/resend-verification', {
      body: { email: api.email('ghost') },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual(known.body.data);
    const second = api.emulator.mailbox(email)[1]?.code;
    expect(second).toMatch(/^\d{6}$/);

    const stale = await api.call('POST', '/auth/verify-email', { body: { verification_code: first } });
    expect(stale.status).toBe(400);
    expect(stale.body.error.code).toBe('invalid_code');
    expect(stale.text).not.toContain(first);
    expect(
      (await api.call('POST', '/auth/verify-email', { body: { verification_code: second } })).status,
    ).toBe(200);
  });

  it('lets a code expire after 15 minutes of service time', async () => {
    const email = api.email();
    await api.call('POST', '/auth/signup', { body: { email, password: CANARY_PASSWORD, name: 'A' } });
    api.clock.advance(16 * 60 * 1000);
    const answer = await api.call('POST', '/auth/verify-email', {
      body: { verification_code: api.emulator.mailbox(email)[0]?.code },
    });
    expect(answer.status).toBe(410);
    expect(answer.body.error.code).toBe('code_expired');
  });

  it('answers invalid_credentials alike for a wrong password and an unknown address', async () => {
    const account = api.emulator.createAccount({ email: api.email(), password: CANARY_PASSWORD });
    const wrong = await api.call('POST', '/auth/login', {
      body: { email: account.email, password: 'not-it-123' },
    });
    const unknown = await api.call('POST', '/auth/login', {
      body: { email: api.email('ghost'), password: CANARY_PASSWORD },
    });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe('invalid_credentials');
      expect(challenge(answer.headers.get('www-authenticate'))).toEqual({ realm: 'agents-v1' });
    }
    expect(wrong.body.error.message).toBe(unknown.body.error.message);
  });

  it('resets a forgotten password with the e-mailed token and revokes every token', async () => {
    const account = api.emulator.createAccount({ email: api.email(), password: CANARY_PASSWORD });
    const token = await api.login(account.email, CANARY_PASSWORD);
    const asked = await api.call('POST', '/auth/forgot-password', { body: { email: account.email } });
    expect(asked.status).toBe(200);
    const mail = api.emulator.mailbox(account.email).find((message) => message.kind === 'password-reset');
    expect(mail?.code).toBeTruthy();
    const newPassword = `${CANARY_PASSWORD}-renewed`;
    const reset = await api.call('POST', '/auth/reset-password', {
      body: { token: mail?.code, password: newPassword },
    });
    expect(reset.status).toBe(200);
    expect((await api.call('GET', '/me', { token })).body.error.code).toBe('token_revoked');
    expect(
      (await api.call('POST', '/auth/login', { body: { email: account.email, password: CANARY_PASSWORD } }))
        .status,
    ).toBe(401);
    await api.login(account.email, newPassword);
    const reused = await api.call('POST', '/auth/reset-password', {
      body: { token: mail?.code, password: newPassword },
    });
    expect(reused.body.error.code).toBe('invalid_code');
  });
});
