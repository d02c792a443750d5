/**
 * A session that may read the wallet's ledger settles its budget with what the ledger says a call
 * charged, and its results carry that charge.
 */

import { findModel } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdapterBed, startAdapterBed } from '../support/adapter-bed.js';

let bed: AdapterBed;

beforeAll(async () => {
  bed = await startAdapterBed({
    operations: { ids: ['v7_images_text_to_image', 'get_wallet_transactions'] },
    budget: { amount: 1 },
  });
});
afterAll(async () => {
  await bed.close();
});

describe('the charge read from the ledger', () => {
  it('is carried by the result and settles the budget', async () => {
    const price = findModel('flux-dev')?.price as number;
    const result = await bed.session.call('v7_images_text_to_image', {
      model_id: 'flux-dev',
      prompt: 'a fox',
      samples: 2,
    });
    const debit = bed.emulator
      .inspect(bed.account.email)
      ?.transactions.find((entry) => entry.type === 'debit' && entry.reference === String(result.requestId));
    expect(debit?.amount).toBeCloseTo(2 * price, 6);
    expect(result.cost).toEqual({
      estimated: expect.objectContaining({ kind: 'priced', amount: 2 * price }),
      charged: debit?.amount,
    });
    expect(await bed.session.spend()).toEqual({
      reserved: 0,
      settled: debit?.amount,
      left: 1 - (debit?.amount ?? 0),
      currency: 'usd',
    });
  });
});
