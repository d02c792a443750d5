import { join } from 'node:path';
import type { EmulatorAccount } from 'generation-agent-toolkit-emulator';
import { describe, expect, it, vi } from 'vitest';
import { runCliProcess } from '../../../test/support/cli.js';
import { useEmulatorForCli } from '../../../test/support/cli-emulator.js';
import { canOpenTerminal, runCliInTerminal } from '../../../test/support/cli-in-terminal.js';
import { useTemporaryFolder } from '../../../test/support/temporary-folders.js';

// Each test starts real gentk processes (through tsx): allow for a loaded two-core machine.
vi.setConfig({ testTimeout: 90_000 });

const emulator = useEmulatorForCli();
const folder = useTemporaryFolder('gentk-confirm-test-');

const FUND = ['call', 'post_wallet_fund', '--input', '{"amount":20,"payment_method_id":"pm_card_visa"}'];

/** A fresh account with its credentials as gentk reads them. */
function account(): { account: EmulatorAccount; env: Record<string, string> } {
  const created = emulator().createAccount({ credits: 10 });
  return {
    account: created,
    env: {
      GENTK_BASE_URL: emulator().url,
      GENTK_EMAIL: created.email,
      GENTK_PASSWORD: created.password,
      GENTK_API_KEY: created.apiKey,
      GENTK_TOKEN_STORE: join(folder.path, `${created.email}.json`),
    },
  };
}

const balanceOf = (who: EmulatorAccount) => emulator().inspect(who.email)?.balance;

describe('gentk call of an operation that moves money or deletes', () => {
  it('refuses without a terminal unless --yes, and sends nothing', async () => {
    const refused = account();
    const confirmed = account();
    const [money, destructive, yes] = await Promise.all([
      runCliProcess(FUND, { env: refused.env }),
      runCliProcess(['call', 'delete_teams_by_id', '--input', '{"id":"team_1"}'], {
        env: refused.env,
      }),
      runCliProcess([...FUND, '--yes', '--json'], { env: confirmed.env }),
    ]);
    expect(money.code).toBe(2);
    expect(money.stderr.trim()).toBe(
      'error post_wallet_fund moves money with amount: 20, payment_method_id: "pm_card_visa": pass --yes to confirm.',
    );
    expect(destructive.code).toBe(2);
    expect(destructive.stderr.trim()).toBe(
      'error delete_teams_by_id deletes or revokes something with id: "team_1": pass --yes to confirm.',
    );
    expect(balanceOf(refused.account)).toBe(10);
    expect(yes.code, yes.stderr).toBe(0);
    expect(balanceOf(confirmed.account)).toBe(30);
  });

  it('refuses a call that handles credentials without --yes, and never prints the password', async () => {
    const { account: who, env } = account();
    const login = await runCliProcess(
      ['call', 'post_auth_login', '--input', JSON.stringify({ email: who.email, password: who.password })],
      { env },
    );
    expect(login.code).toBe(2);
    expect(login.stderr.trim()).toBe(
      `error post_auth_login handles credentials with email: "${who.email}", password: [REDACTED]: pass --yes to confirm.`,
    );
    expect(login.stdout + login.stderr).not.toContain(who.password);
  });

  it('checks the input before asking: a bad amount is refused as invalid input, not confirmed', async () => {
    const { env } = account();
    const result = await runCliProcess(['call', 'post_wallet_fund', '--input', '{"amount":"lots"}'], { env });
    expect(result.code).toBe(9);
  });

  it.skipIf(!canOpenTerminal)('asks on a terminal, saying what the call will do; "y" sends it', async () => {
    const { account: who, env } = account();
    const result = await runCliInTerminal(FUND, { env, answer: { when: /Go ahead\?/, send: 'y\r' } });
    expect(result.code, result.stdout).toBe(0);
    // The terminal wraps the question at its width: compared without the white space.
    const unwrapped = (text: string) => text.replaceAll(/\s+/g, '');
    expect(unwrapped(result.stdout)).toContain(
      unwrapped(
        'post_wallet_fund moves money (Fund the wallet: POST /api/agents/v1/wallet/fund) with amount: 20, payment_method_id: "pm_card_visa". The account or a card may be charged. Go ahead?',
      ),
    );
    expect(balanceOf(who)).toBe(30);
  });

  it.skipIf(!canOpenTerminal)('on a terminal, "no" (the default) sends nothing and exits 2', async () => {
    const { account: who, env } = account();
    const result = await runCliInTerminal(FUND, { env, answer: { when: /Go ahead\?/, send: '\r' } });
    expect(result.code).toBe(2);
    expect(result.stdout).toContain('post_wallet_fund was not called: not confirmed.');
    expect(balanceOf(who)).toBe(10);
  });
});
