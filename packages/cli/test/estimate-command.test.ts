/**
 * gentk estimate prints what a call would cost without sending it; gentk call shows the estimate
 * first, and with --confirm-above refuses a dearer call off a terminal unless --yes.
 */

import { findModel } from 'generation-agent-toolkit-emulator';
import { describe, expect, it } from 'vitest';
import { runCliProcess } from '../../../test/support/cli.js';
import { useEmulatorForCli } from '../../../test/support/cli-emulator.js';

const emulator = useEmulatorForCli();

describe('gentk estimate', () => {
  it('prints the estimate and its basis, and sends no call', async () => {
    const price = findModel('flux-dev')?.price as number;
    const result = await runCliProcess([
      'estimate',
      'v7_images_text_to_image',
      emulator().url,
      '--input',
      '{"model_id":"flux-dev","prompt":"a fox","samples":3}',
      '--json',
    ]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      kind: 'priced',
      amount: Number((3 * price).toFixed(6)),
      currency: 'usd',
      basis: `3 images × $${price} per image (flux-dev); the ${findModel('flux-dev')?.plans.join(', ')} plans would cover it (the account's plan is unknown)`,
      covered: false,
    });
  });

  it('says when the cost is unknown, and why', async () => {
    const result = await runCliProcess([
      'estimate',
      'v7_images_text_to_image',
      emulator().url,
      '--input',
      '{"model_id":"sdxl-lightning","prompt":"a fox"}',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'v7_images_text_to_image: cost unknown: the model feed lists no price for sdxl-lightning',
    );
  });
});

describe('gentk call and the estimate', () => {
  it('shows the estimate, and refuses a call above --confirm-above off a terminal unless --yes', async () => {
    const account = emulator().createAccount({ credits: 10 });
    const env = { GENTK_API_KEY: account.apiKey };
    const args = [
      'call',
      'v7_images_text_to_image',
      emulator().url,
      '--input',
      '{"model_id":"flux-dev","prompt":"a fox","samples":4}',
      '--confirm-above',
      '0.001',
    ];
    const refused = await runCliProcess(args, { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/estimate: \$0\.008 \(4 images/);
    expect(refused.stderr).toMatch(
      /v7_images_text_to_image is estimated above 0\.001 usd: .*Pass --yes to confirm\./,
    );
    expect(emulator().inspect(account.email)?.balance).toBe(10);
    const confirmed = await runCliProcess([...args, '--yes'], { env });
    expect(confirmed.code).toBe(0);
    expect(emulator().inspect(account.email)?.balance).toBeCloseTo(10 - 0.008, 6);
  });
});
