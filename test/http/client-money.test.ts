import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NetworkError } from '../../src/http/index.js';
import { fundWallet, loginWithCard } from './support/control-plane.js';
import { startTestBed, type TestBed } from './support/test-bed.js';

const fundings = (bed: TestBed, email: string) =>
  bed.emulator
    .inspect(email)!
    .transactions.filter((transaction) => transaction.description === 'Wallet funding');

describe('a money operation retried under faults', () => {
  let bed: TestBed;
  beforeAll(async () => {
    bed = await startTestBed();
  });
  afterAll(() => bed.close());

  it.each(['reset', 'unavailable', 'server-error'] as const)(
    'charges exactly once when the answer is lost after the work (%s)',
    async (kind) => {
      const session = await loginWithCard(bed);
      const client = bed.client({ credentials: { controlToken: session.token } });
      bed.emulator.faults.inject({ kind, match: '/api/agents/v1/wallet/fund', times: 2, afterEffect: true });
      const response = await fundWallet(client, 25);
      expect(response.status).toBe(200);
      expect(response.attempts).toBe(3);
      expect(fundings(bed, session.email)).toHaveLength(1);
      expect(bed.emulator.inspect(session.email)!.balance).toBe(35);
    },
  );

  it('proves the fault really repeats the work: a new key on each try pays twice', async () => {
    const session = await loginWithCard(bed);
    const client = bed.client({ credentials: { controlToken: session.token }, retry: false });
    bed.emulator.faults.inject({
      kind: 'reset',
      match: '/api/agents/v1/wallet/fund',
      times: 1,
      afterEffect: true,
    });
    await expect(fundWallet(client, 25)).rejects.toSatisfy(NetworkError.isInstance);
    await fundWallet(client, 25); // what a client that mints a key per attempt would send
    expect(fundings(bed, session.email)).toHaveLength(2);
  });

  it('sends one Idempotency-Key per call, the same on every retry', async () => {
    const session = await loginWithCard(bed);
    const keys: string[] = [];
    const client = bed.client({
      credentials: { controlToken: session.token },
      transport: async (request) => {
        keys.push(request.headers['idempotency-key'] ?? '');
        return bed
          .client()
          .request({ method: 'GET', url: '/_emulator/health', idempotency: 'safe' })
          .then(() => ({
            status: 503,
            headers: new Headers({ 'retry-after': '1' }),
            body: '{}',
          }));
      },
      retry: 2,
    });
    await expect(fundWallet(client, 25)).rejects.toThrow();
    await expect(fundWallet(client, 25)).rejects.toThrow();
    expect(keys).toHaveLength(6);
    expect(new Set(keys.slice(0, 3)).size).toBe(1);
    expect(new Set(keys.slice(3)).size).toBe(1);
    expect(keys[0]).not.toBe(keys[3]);
  });
});
