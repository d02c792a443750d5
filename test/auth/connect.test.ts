import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, MemoryTokenStore, RegistrationError, tokenStoreKey } from '../../src/auth/index.js';
import { OperationNotOfferedError } from '../../src/auth/session.js';
import { InvalidArgumentsError } from '../../src/calls/index.js';
import { discover } from '../../src/discovery/discover.js';
import { ServiceDescription } from '../../src/discovery/service-description.js';
import { UnknownOperationError } from '../../src/discovery/unknown-operation-error.js';
import { AuthenticationError, InsufficientScopeError } from '../../src/http/index.js';

const CANARY_PASSWORD = 'canary-password-7Qx!vZ';
let emulator: Emulator;
let service: ServiceDescription;
const printed: string[] = [];

beforeAll(async () => {
  emulator = await startEmulator({
    rateLimits: { auth: { limit: 1000, windowSeconds: 60 }, control: { limit: 1000, windowSeconds: 60 } },
  });
  service = await discover(emulator.url);
});
afterAll(async () => {
  await emulator.close();
  for (const text of printed) expect(text).not.toContain(CANARY_PASSWORD);
});

const claimFromMailbox = async ({ email }: { email: string }) => {
  const messages = emulator.mailbox(email).filter((message) => message.kind === 'verification');
  const last = messages.at(-1);
  if (!last) throw new Error('no verification e-mail');
  return /\b(\d{6})\b/.exec(last.text)?.[1] ?? '';
};

const liveTokens = (email: string) => emulator.inspect(email)?.tokens.filter((token) => !token.revoked) ?? [];

describe('connect() with registration', () => {
  const email = `register-${Date.now()}@example.test`;
  const operations = {
    ids: ['get_wallet_balance', 'get_wallet_transactions', 'v7_images_text_to_image', 'post_wallet_fund'],
  };

  it('registers through the runbook, claiming from the mailbox, and gets exactly the minimum scopes', async () => {
    const events: string[] = [];
    let code = '';
    const session = await connect({
      service,
      operations,
      auth: {
        register: {
          email,
          password: CANARY_PASSWORD,
          claim: async (request) => {
            code = await claimFromMailbox(request);
            return code;
          },
        },
      },
      http: { onEvent: (event) => events.push(JSON.stringify(event)) },
    });
    printed.push(JSON.stringify(session.notices), JSON.stringify(session.withheld), ...events);
    expect(events.length).toBeGreaterThan(4);
    const secrets = [code, ...(emulator.inspect(email)?.apiKeys.map((key) => key.prefix) ?? [])];
    for (const event of events) for (const secret of secrets) expect(event).not.toContain(secret);
    expect(session.scopes.requested).toEqual(['wallet:read', 'wallet:write']);
    expect(session.scopes.granted).toEqual(['wallet:read', 'wallet:write']);
    const tokens = liveTokens(email);
    expect(tokens).toHaveLength(1);
    expect([...((tokens[0]?.scopes ?? []) as string[])].sort()).toEqual(['wallet:read', 'wallet:write']);
    // The all-scopes claim token was revoked by the registration.
    const claim = emulator.inspect(email)?.tokens.find((token) => token.scopes === '*');
    expect(claim?.revoked).toBe(true);
    expect(session.operations.map((operation) => operation.id).sort()).toEqual([...operations.ids].sort());
    const balance = await session.call('get_wallet_balance');
    expect(balance.status).toBe('success');
    const image = await session.call(
      'v7_images_text_to_image',
      { model_id: 'flux-dev', prompt: 'a fox' },
      { wait: false },
    );
    expect(image.status === 'processing' || image.status === 'success').toBe(true);
    await session.close();
    expect(liveTokens(email)).toHaveLength(0);
  });

  it("keeps the agent's own key in the token store after closing, and the next run logs in and uses it", async () => {
    const keeper = `keeper-${Date.now()}@example.test`;
    const tokenStore = new MemoryTokenStore();
    const first = await connect({
      service,
      operations,
      tokenStore,
      auth: { register: { email: keeper, password: CANARY_PASSWORD, claim: claimFromMailbox } },
    });
    await first.close();
    const kept = await tokenStore.load(tokenStoreKey(service.origin, keeper));
    expect(kept?.apiKey).toMatch(/\S{8,}/);
    expect(kept?.accessToken).toBe('');
    expect(liveTokens(keeper)).toHaveLength(0);

    const second = await connect({
      service,
      operations,
      tokenStore,
      auth: { email: keeper, password: CANARY_PASSWORD },
    });
    const image = await second.call(
      'v7_images_text_to_image',
      { model_id: 'flux-dev', prompt: 'a fox' },
      { wait: false },
    );
    expect(['processing', 'success']).toContain(image.status);
    expect(emulator.inspect(keeper)?.apiKeys.filter((key) => !key.deleted)).toHaveLength(1);
    await second.close();
    expect((await tokenStore.load(tokenStoreKey(service.origin, keeper)))?.apiKey).toBe(kept?.apiKey);
  });

  it('logs in instead when the account already exists', async () => {
    const session = await connect({
      service,
      operations,
      auth: {
        register: {
          email,
          password: CANARY_PASSWORD,
          claim: () => Promise.reject(new Error('must not be asked')),
        },
      },
    });
    expect(session.notices.join(' ')).toMatch(/exists; logged in instead/);
    expect(session.scopes.granted).toEqual(['wallet:read', 'wallet:write']);
    await session.close();
  });
});

describe('connect() with email and password', () => {
  it('withholds what was not chosen or not granted, and says why', async () => {
    const account = emulator.createAccount({ password: CANARY_PASSWORD });
    const session = await connect({
      service,
      apiKey: account.apiKey,
      auth: { email: account.email, password: account.password },
    });
    // Default choice: every generation operation and the read-only control plane.
    expect(session.operations.some((operation) => operation.id === 'post_wallet_fund')).toBe(false);
    expect(session.operations.some((operation) => operation.id === 'get_wallet_balance')).toBe(true);
    expect(session.operations.filter((operation) => operation.path.startsWith('/api/v')).length).toBe(133);
    expect(() => session.operation('post_wallet_fund')).toThrow(OperationNotOfferedError);
    expect(() => session.operation('get_wallet_balanse')).toThrow(UnknownOperationError);
    const granted = session.scopes.granted as string[];
    expect(granted).not.toContain('wallet:write');
    expect(granted).toContain('wallet:read');
    await session.close();
  });

  it('refuses a wrong password with a clear error that holds no secret', async () => {
    const account = emulator.createAccount();
    const failure = await connect({
      service,
      auth: { email: account.email, password: CANARY_PASSWORD },
    }).catch((error) => error);
    expect(AuthenticationError.isInstance(failure)).toBe(true);
    printed.push(String(failure.message), JSON.stringify(failure));
    expect(failure.message).not.toContain(CANARY_PASSWORD);
  });

  it('refuses invalid input before anything is sent, naming the field', async () => {
    const account = emulator.createAccount();
    const requests: unknown[] = [];
    const session = await connect({
      service,
      apiKey: account.apiKey,
      operations: { ids: ['v7_images_text_to_image'] },
      http: { onEvent: (event) => event.type === 'request' && requests.push(event) },
    });
    const failure = await session
      .call('v7_images_text_to_image', { prompt: 42, width: 'wide' })
      .catch((error) => error);
    expect(InvalidArgumentsError.isInstance(failure)).toBe(true);
    expect(failure.message).toMatch(/model_id is required/);
    expect(failure.message).toMatch(/width must be an integer/);
    expect(requests).toHaveLength(0);
    expect(emulator.inspect(account.email)?.usage).toHaveLength(0);
    await session.close();
  });

  it('refuses unknown operation ids before anything is sent', async () => {
    await expect(connect({ service, operations: { ids: ['v7_images_text_to_imag'] } })).rejects.toThrow(
      UnknownOperationError,
    );
  });

  it('surfaces the missing scope at run time, and steps up only when allowed', async () => {
    const account = emulator.createAccount({ password: CANARY_PASSWORD });
    // A description that believes get_me needs no scope: the service "changed" since.
    const stale = ServiceDescription.fromSnapshot({
      ...service.toSnapshot(),
      operations: service.operations.map((operation) =>
        operation.id === 'get_me' ? { ...operation, requiredScope: null } : operation,
      ),
    });
    const strict = await connect({
      service: stale,
      operations: { ids: ['get_me'] },
      auth: { email: account.email, password: account.password },
    });
    const failure = await strict.call('get_me').catch((error) => error);
    expect(InsufficientScopeError.isInstance(failure)).toBe(true);
    expect(failure.requiredScope).toBe('profile:read');
    await strict.close();

    const stepping = await connect({
      service: stale,
      operations: { ids: ['get_me'] },
      auth: { email: account.email, password: account.password },
      stepUp: true,
    });
    const me = await stepping.call('get_me');
    expect(me.status).toBe('success');
    expect(stepping.scopes.granted).toEqual(['profile:read']);
    const live = liveTokens(account.email);
    expect(live).toHaveLength(1);
    expect(live[0]?.scopes).toEqual(['profile:read']);
    await stepping.close();
  });

  it('switches to a team account without widening its scopes', async () => {
    const account = emulator.createAccount({ password: CANARY_PASSWORD });
    const session = await connect({
      service,
      operations: { ids: ['post_teams', 'get_teams', 'get_wallet_balance', 'post_auth_switch_account'] },
      auth: { email: account.email, password: account.password },
    });
    const team = await session.call('post_teams', { name: 'Agents' });
    const teamId = ((team.status === 'success' ? team.body : {}) as { data: { id: string } }).data.id;
    await session.switchAccount(teamId);
    const scopes = ['teams:read', 'teams:write', 'tokens:write', 'wallet:read'];
    expect([...(session.scopes.granted as string[])].sort()).toEqual(scopes);
    const live = liveTokens(account.email).find((token) => token.contextAccountId === teamId);
    expect([...((live?.scopes ?? []) as string[])].sort()).toEqual(scopes);
    const balance = await session.call('get_wallet_balance');
    expect(balance.status).toBe('success');
    await session.close();
  });

  it('closes by revoking what it created and leaves a given token alone', async () => {
    const account = emulator.createAccount();
    const owned = await connect({
      service,
      operations: { ids: ['get_me'] },
      auth: { email: account.email, password: account.password },
    });
    const given = liveTokens(account.email)[0];
    expect(given).toBeDefined();
    await owned.close();
    expect(liveTokens(account.email)).toHaveLength(0);
  });
});

describe('switching accounts', () => {
  it('needs the switch operation to be chosen, so that the token carries its scope', async () => {
    const account = emulator.createAccount();
    const session = await connect({
      service,
      operations: { ids: ['get_teams'] },
      auth: { email: account.email, password: account.password },
    });
    await expect(session.switchAccount('team_x')).rejects.toThrow(OperationNotOfferedError);
    await session.close();
  });
});

describe('registration that cannot go on', () => {
  it('reports a runbook missing a step before doing anything', async () => {
    const snapshot = service.toSnapshot();
    const broken = ServiceDescription.fromSnapshot({
      ...snapshot,
      runbook: {
        ...snapshot.runbook,
        steps: snapshot.runbook?.steps.filter((step) => step.kind !== 'verify'),
      },
    });
    const email = `no-verify-${Date.now()}@example.test`;
    const failure = await connect({
      service: broken,
      auth: { register: { email, password: CANARY_PASSWORD, claim: claimFromMailbox } },
    }).catch((error) => error);
    expect(RegistrationError.isInstance(failure)).toBe(true);
    expect(failure.message).toMatch(/no verify step/);
    expect(emulator.inspect(email)).toBeUndefined();
  });

  it('reports a claim callback that throws or never answers, and leaves no claim token alive', async () => {
    const email = `claim-throws-${Date.now()}@example.test`;
    const thrown = await connect({
      service,
      auth: {
        register: {
          email,
          password: CANARY_PASSWORD,
          claim: () => Promise.reject(new Error('inbox offline')),
        },
      },
    }).catch((error) => error);
    expect(thrown).toMatchObject({ step: 'claim' });
    expect(thrown.message).toMatch(/inbox offline/);
    const slow = `claim-slow-${Date.now()}@example.test`;
    const timedOut = await connect({
      service,
      auth: {
        register: {
          email: slow,
          password: CANARY_PASSWORD,
          claim: () => new Promise(() => {}),
          claimTimeoutMs: 50,
        },
      },
    }).catch((error) => error);
    expect(timedOut).toMatchObject({ step: 'claim' });
    expect(timedOut.message).toMatch(/within 50 ms/);
    expect(liveTokens(slow)).toHaveLength(0);
    // A later run with a working claim finishes the registration of the half-made account.
    const finished = await connect({
      service,
      auth: { register: { email: slow, password: CANARY_PASSWORD, claim: claimFromMailbox } },
    });
    expect(emulator.inspect(slow)?.verified).toBe(true);
    await finished.close();
    printed.push(thrown.message, timedOut.message);
  });

  it('maps a wrong code to the runbook error table', async () => {
    const email = `wrong-code-${Date.now()}@example.test`;
    const failure = await connect({
      service,
      auth: { register: { email, password: CANARY_PASSWORD, claim: () => '000000' } },
    }).catch((error) => error);
    expect(failure).toMatchObject({ step: 'verify' });
    expect(failure.message).toMatch(/invalid_code|code_expired/);
  });
});
