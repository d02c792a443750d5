/**
 * A service that talks its way to a wider token (issue 14, findings 3 and 6): a 403 that names
 * `*`, a list, an undeclared scope or another operation's, a step-up grant wider than asked, and
 * documents whose declared scope is `*` or a list. The session must never ask for, nor hold, a
 * scope beyond the computed minimum (unless `allScopes`), and must say why it refused.
 */
import { createServer } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect, MemoryTokenStore, type Session, tokenStoreKey } from '../../../src/auth/index.js';
import { ServiceDescription } from '../../../src/discovery/service-description.js';
import { InsufficientScopeError } from '../../../src/http/index.js';
import { type LoopbackServer, listenOnLoopback, receive } from '../../support/loopback-server.js';
import { CANARY_PASSWORD } from '../support/canaries.js';
import { serviceAt } from '../support/rebased-service.js';
import { createSkippingClock } from '../support/skipping-clock.js';

const EMAIL = 'agent@example.test';
const ME = '/api/agents/v1/me';

/** How the service refuses `GET /me` and grants logins, per test. */
interface Plan {
  /** The scope a token needs for /me; the 403 says so as planned. */
  readonly meNeeds: string;
  /** Where the 403 names a scope: a challenge, the body's details, or nowhere. */
  readonly namedIn: 'header' | 'body' | 'nowhere';
  /** The scope named (defaults to `meNeeds`). */
  readonly named?: string;
  /** Scopes a login grants; defaults to what was asked. */
  readonly grant?: (asked: readonly string[]) => readonly string[];
}

let server: LoopbackServer;
let base: ServiceDescription;
let plan: Plan;
/** Scopes each login asked for, in order. */
let logins: string[][] = [];
/** Tokens revoked. */
let logouts: string[] = [];
const tokens = new Map<string, readonly string[]>();

beforeAll(async () => {
  server = await listenOnLoopback(
    createServer((request, response) => {
      receive(request, (received) => {
        const path = new URL(received.url, 'http://x').pathname;
        const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
          response
            .writeHead(status, { 'content-type': 'application/json', ...headers })
            .end(JSON.stringify(body));
        if (path.endsWith('/auth/login')) {
          const asked = (JSON.parse(received.body) as { scopes?: string[] }).scopes ?? ['*'];
          logins.push(asked);
          const token = `tok-${logins.length}-${'t'.repeat(12)}`;
          const granted = plan.grant?.(asked) ?? asked;
          tokens.set(token, granted);
          return json(200, { data: { access_token: token, scopes: granted, token_expiry: '1_month' } });
        }
        const bearer = String(received.headers.authorization ?? '').replace(/^Bearer /, '');
        if (path.endsWith('/auth/logout')) {
          logouts.push(bearer);
          return json(200, { data: { revoked: true } });
        }
        const held = tokens.get(bearer) ?? [];
        if (path === ME && !held.includes(plan.meNeeds) && !held.includes('*')) {
          const named = plan.named ?? plan.meNeeds;
          return json(
            403,
            {
              error: {
                code: 'insufficient_scope',
                message: 'Missing scope',
                ...(plan.namedIn === 'body' ? { details: { required_scope: named } } : {}),
              },
            },
            plan.namedIn === 'header'
              ? { 'www-authenticate': `Bearer error="insufficient_scope", scope="${named}"` }
              : {},
          );
        }
        return json(200, { data: { email: EMAIL, balance: 1 } });
      });
    }),
  );
  base = await serviceAt(server.url);
});
afterAll(() => server?.close());
beforeEach(() => {
  logins = [];
  logouts = [];
  tokens.clear();
  plan = { meNeeds: 'profile:read', namedIn: 'header' };
});

/** The service with some operations' declared scopes changed (a stale or hostile document). */
function declaring(scopes: Readonly<Record<string, string | null>>): ServiceDescription {
  return ServiceDescription.fromSnapshot({
    ...base.toSnapshot(),
    operations: base.operations.map((operation) =>
      operation.id in scopes ? { ...operation, requiredScope: scopes[operation.id] ?? null } : operation,
    ),
  });
}

const sessions: Session[] = [];
afterAll(() => Promise.all(sessions.map((session) => session.close())));

async function session(service: ServiceDescription, ids: string[], extra: { allScopes?: boolean } = {}) {
  const store = new MemoryTokenStore();
  const made = await connect({
    service,
    operations: { ids },
    auth: { email: EMAIL, password: CANARY_PASSWORD },
    stepUp: true,
    tokenStore: store,
    http: { clock: createSkippingClock(), retry: false },
    ...extra,
  });
  sessions.push(made);
  return { session: made, stored: () => store.load(tokenStoreKey(service.origin, EMAIL)) };
}

async function refusal(work: Promise<unknown>): Promise<InsufficientScopeError> {
  const error = await work.catch((caught: unknown) => caught);
  expect(InsufficientScopeError.isInstance(error), String(error)).toBe(true);
  return error as InsufficientScopeError;
}

describe('step-up after a 403', () => {
  it.each([
    ['`*` in WWW-Authenticate', { namedIn: 'header', named: '*' }, /asks for every privilege/],
    ["`*` as the body's required_scope", { namedIn: 'body', named: '*' }, /asks for every privilege/],
    ['a namespace wildcard', { namedIn: 'header', named: 'profile:*' }, /asks for every privilege/],
    ['a list of scopes', { namedIn: 'body', named: 'profile:read wallet:write' }, /is a list/],
    ['an undeclared scope', { namedIn: 'header', named: 'admin' }, /declares "profile:read"/],
    ["another operation's scope", { namedIn: 'body', named: 'wallet:write' }, /declares "profile:read"/],
  ] as const)('is refused when the service names %s', async (_name, refusalPlan, why) => {
    plan = { meNeeds: 'admin', ...refusalPlan };
    const { session: connected, stored } = await session(base, ['get_me']);
    const error = await refusal(connected.call('get_me'));
    expect(error.message).toMatch(why);
    expect(error.message).toMatch(/did not step up/);
    // One login, with the minimum, and no other.
    expect(logins).toEqual([['profile:read']]);
    expect(connected.scopes.granted).toEqual(['profile:read']);
    expect((await stored())?.scopes).toEqual(['profile:read']);
  });

  it('never quotes a secret the service put in the scope it names', async () => {
    plan = { meNeeds: 'admin', namedIn: 'header', named: CANARY_PASSWORD };
    const { session: connected } = await session(base, ['get_me']);
    const error = await refusal(connected.call('get_me'));
    expect(error.requiredScope).toBe('[REDACTED]');
    expect(JSON.stringify({ ...error.toJSON(), message: error.message })).not.toContain(CANARY_PASSWORD);
    expect(logins).toEqual([['profile:read']]);
  });

  it('goes to a published scope once when the documents declare none (the service changed), and not again', async () => {
    const stale = declaring({ get_me: null });
    plan = { meNeeds: 'profile:read', namedIn: 'header' };
    const { session: connected, stored } = await session(stale, ['get_me', 'get_wallet_balance']);
    expect(logins).toEqual([['wallet:read']]);
    expect((await connected.call('get_me')).status).toBe('success');
    expect(logins).toEqual([['wallet:read'], ['wallet:read', 'profile:read']]);
    expect(logouts).toEqual([`tok-1-${'t'.repeat(12)}`]);
    expect((await stored())?.scopes).toEqual(['wallet:read', 'profile:read']);

    // The service moves the goalposts again: no second step-up to the same scope.
    plan = { meNeeds: 'profile:admin', namedIn: 'header', named: 'profile:read' };
    const error = await refusal(connected.call('get_me'));
    expect(error.message).toMatch(/already stepped up to "profile:read" once/);
    expect(logins).toHaveLength(2);
  });

  it('is refused for an undeclared scope when the documents declare none', async () => {
    plan = { meNeeds: 'admin', namedIn: 'body' };
    const { session: connected } = await session(declaring({ get_me: null }), [
      'get_me',
      'get_wallet_balance',
    ]);
    const error = await refusal(connected.call('get_me'));
    expect(error.message).toMatch(/publishes no scope "admin"/);
    expect(logins).toEqual([['wallet:read']]);
  });

  it('refuses and revokes a first login granted wider than asked for, and stores nothing', async () => {
    for (const grant of [() => ['*'], (asked: readonly string[]) => [...asked, 'billing:write']]) {
      plan = { meNeeds: 'profile:read', namedIn: 'header', grant };
      logouts = [];
      const store = new MemoryTokenStore();
      const refused = await connect({
        service: base,
        operations: { ids: ['get_wallet_balance'] },
        auth: { email: EMAIL, password: CANARY_PASSWORD },
        tokenStore: store,
        http: { clock: createSkippingClock(), retry: false },
      }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toMatchObject({ code: 'scope_widened' });
      expect((refused as Error).message).toMatch(/granted more than was asked for .*the token was revoked/);
      expect(logouts).toHaveLength(1);
      expect(await store.load(tokenStoreKey(base.origin, EMAIL))).toBeUndefined();
    }
  });

  it('accepts a wider first login when allScopes says so', async () => {
    plan = { meNeeds: 'profile:read', namedIn: 'header', grant: () => ['*'] };
    const { session: connected } = await session(base, ['get_wallet_balance'], { allScopes: true });
    expect(connected.scopes.granted).toBe('*');
  });

  it('revokes a step-up token wider than asked for and keeps the session as it was', async () => {
    plan = {
      meNeeds: 'profile:read',
      namedIn: 'header',
      grant: (asked) => (asked.includes('profile:read') ? ['*'] : asked),
    };
    const { session: connected, stored } = await session(declaring({ get_me: null }), [
      'get_me',
      'get_wallet_balance',
    ]);
    const error = await refusal(connected.call('get_me'));
    expect(error.message).toMatch(/granted more than/);
    expect(logouts).toEqual([`tok-2-${'t'.repeat(12)}`]);
    expect(connected.scopes.granted).toEqual(['wallet:read']);
    expect((await stored())?.scopes).toEqual(['wallet:read']);
  });
});

describe('documents that declare a scope of `*` or a list', () => {
  const hostile = () =>
    declaring({ get_wallet_balance: '*', get_me: 'profile:read wallet:write', get_teams: 'teams:read' });

  it('withhold those operations with a reason, and the login asks only for the rest', async () => {
    const { session: connected } = await session(hostile(), ['get_wallet_balance', 'get_me', 'get_teams']);
    expect(logins).toEqual([['teams:read']]);
    expect(connected.operations.map((operation) => operation.id)).toEqual(['get_teams']);
    expect(connected.withheld).toEqual([
      expect.objectContaining({
        operationId: 'get_me',
        reason: 'unsafe-scope',
        message: expect.stringMatching(/is a list.*allScopes/),
      }),
      expect.objectContaining({
        operationId: 'get_wallet_balance',
        reason: 'unsafe-scope',
        message: expect.stringMatching(/every privilege.*allScopes/),
      }),
    ]);
  });

  it('are offered when the caller asks for every scope', async () => {
    const { session: connected } = await session(hostile(), ['get_wallet_balance', 'get_me', 'get_teams'], {
      allScopes: true,
    });
    expect(logins).toEqual([['*']]);
    expect(connected.withheld).toEqual([]);
  });
});
