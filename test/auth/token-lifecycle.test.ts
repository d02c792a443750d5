import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type Emulator, type ManualClock, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, FileTokenStore } from '../../src/auth/index.js';
import { discover } from '../../src/discovery/discover.js';
import type { ServiceDescription } from '../../src/discovery/service-description.js';
import { temporaryFolderForTest } from '../support/temporary-folders.js';
import { virtualHttp } from '../support/virtual-http.js';

const DAY = 86_400_000;
let emulator: Emulator;
let service: ServiceDescription;

beforeAll(async () => {
  emulator = await startEmulator({
    clock: 'manual',
    rateLimits: { auth: { limit: 1000, windowSeconds: 60 }, billing: { limit: 1000, windowSeconds: 60 } },
  });
  service = await discover(emulator.url);
});
afterAll(() => emulator.close());

const tokensOf = (email: string) => emulator.inspect(email)?.tokens ?? [];

/** A new account, and a session reading its wallet with a token that lasts one week. */
async function weekTokenSession() {
  const account = emulator.createAccount();
  const session = await connect({
    service,
    operations: { ids: ['get_wallet_balance'] },
    auth: { email: account.email, password: account.password },
    tokenExpiry: '1_week',
    http: virtualHttp(emulator),
  });
  return { account, clock: emulator.clock as ManualClock, session };
}

describe('the token life', () => {
  it('refreshes once before expiry while twenty calls wait for it, and rotates the old token out', async () => {
    const { account, clock, session } = await weekTokenSession();
    clock.advance(7 * DAY - 120_000);
    const results = await Promise.all(Array.from({ length: 20 }, () => session.call('get_wallet_balance')));
    expect(results.every((result) => result.status === 'success')).toBe(true);
    const tokens = tokensOf(account.email);
    expect(tokens).toHaveLength(2);
    expect(tokens.filter((token) => token.revoked)).toHaveLength(1);
    expect(tokens.find((token) => !token.revoked)?.scopes).toEqual(['wallet:read']);
    await session.close();
  });

  it('logs in again (same scopes) when the token expired and the password is at hand', async () => {
    const { account, clock, session } = await weekTokenSession();
    clock.advance(8 * DAY);
    expect((await session.call('get_wallet_balance')).status).toBe('success');
    const live = tokensOf(account.email).filter(
      (token) => !token.revoked && Date.parse(token.expiresAt ?? '') > clock.now(),
    );
    expect(live).toHaveLength(1);
    expect(live[0]?.scopes).toEqual(['wallet:read']);
    await session.close();
  });

  it('keeps tokens in a 0600 file, reuses one with exactly the scopes needed, and never writes the password', async () => {
    const directory = await temporaryFolderForTest('gentk-store-');
    const store = new FileTokenStore(join(directory, 'tokens.json'));
    const account = emulator.createAccount();
    const first = await connect({
      service,
      operations: { ids: ['get_wallet_balance'] },
      auth: { email: account.email, password: account.password },
      tokenStore: store,
    });
    const file = join(directory, 'tokens.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(account.password);
    const second = await connect({
      service,
      operations: { ids: ['get_wallet_balance'] },
      auth: { email: account.email, password: account.password },
      tokenStore: store,
    });
    expect(second.notices.join(' ')).toMatch(/Reused the stored token/);
    expect(tokensOf(account.email).filter((token) => !token.revoked)).toHaveLength(1);
    // Asking for more than the stored token carries logs in afresh, with exactly the new set.
    const wider = await connect({
      service,
      operations: { ids: ['get_wallet_balance', 'get_me'] },
      auth: { email: account.email, password: account.password },
      tokenStore: store,
    });
    expect([...(wider.scopes.granted as string[])].sort()).toEqual(['profile:read', 'wallet:read']);
    await wider.close();
    await first.client.close();
    await second.client.close();
    expect(tokensOf(account.email).filter((token) => !token.revoked)).toHaveLength(0);
  });
});
