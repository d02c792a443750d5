/**
 * Issue 22: gentk's own confirmation listed the arguments in the order given, cut at 60
 * characters and 8 fields, so a long `payment_method_id` and seven other fields first hid the
 * seats, the price and the plan a person was saying yes to. It now shares the one ordering of
 * every approval question (MCP's too): amounts and counts first, whole, never left out. Against
 * a seat shop of our own, through real gentk processes.
 */
import { describe, expect, it, vi } from 'vitest';
import { approvalArguments, argumentsAmountsFirst } from '../../../src/index.js';
import { runCliProcess } from '../../support/cli.js';
import { canOpenTerminal, runCliInTerminal } from '../../support/cli-in-terminal.js';
import { SHOP_TOKEN, startSeatShop } from './seat-shop-service.js';

// Real gentk processes (through tsx): allow for a loaded two-core machine.
vi.setConfig({ testTimeout: 90_000 });

const LONG_METHOD = `pm_${'x'.repeat(5_000)}`;
/** The input in the shop's documented order: eight fields before the amounts. */
const PURCHASE = {
  payment_method_id: LONG_METHOD,
  customer_reference: `cust_${'r'.repeat(300)}`,
  purchase_order: 'PO-2026-0001',
  billing_contact: 'finance@shop.test',
  division: 'CC-42',
  department: 'Research',
  notes: 'n'.repeat(500),
  coupon_code: 'WELCOME',
  seats: 9999,
  unit_price: '1234.56789',
  currency: 'usd',
  plan: `enterprise-annual-${'e'.repeat(80)}`,
};
const AMOUNTS = [
  'seats: 9999',
  'unit_price: "1234.56789"',
  'currency: "usd"',
  `plan: "enterprise-annual-${'e'.repeat(80)}"`,
];

const shopEnvironment = (url: string) => ({
  GENTK_BASE_URL: url,
  GENTK_API_KEY: 'key-seat-shop-0123456789',
  GENTK_TOKEN: SHOP_TOKEN,
});

describe("gentk's confirmation shows the amounts first and whole", () => {
  it('names every amount in the refusal off a terminal, before any other field, and sends nothing', async () => {
    const shop = await startSeatShop();
    try {
      const env = shopEnvironment(shop.url);
      const [buy, key] = await Promise.all([
        runCliProcess(['call', 'buySeats', '--input', JSON.stringify(PURCHASE)], { env }),
        runCliProcess(['call', 'issueServiceKey', '--input', '{"label":"ci"}'], { env }),
      ]);
      expect(buy.code, buy.stderr).toBe(2);
      const refusal = buy.stderr.trim();
      expect(refusal).toMatch(/^error buySeats moves money with seats: 9999, /);
      // The amounts, whole (the plan's 98 characters too), come before the long payment method.
      const positions = AMOUNTS.map((amount) => refusal.indexOf(amount));
      for (const position of positions) expect(position).toBeGreaterThan(0);
      expect(Math.max(...positions)).toBeLessThan(refusal.indexOf('payment_method_id'));
      // The other fields are cut as before: nothing of the 5,000-character id past 60 characters.
      expect(refusal).not.toContain('x'.repeat(60));
      expect(refusal).toMatch(/and 4 more: pass --yes to confirm\.$/);
      expect(key.stderr).toMatch(/issueServiceKey handles credentials with label: "ci": pass --yes/);
      expect(shop.purchases()).toEqual([]);

      const confirmed = await runCliProcess(
        ['call', 'buySeats', '--input', JSON.stringify(PURCHASE), '--yes', '--json'],
        { env },
      );
      expect(confirmed.code, confirmed.stderr).toBe(0);
      expect(shop.purchases()).toEqual(['POST /v2/seats/purchase']);
    } finally {
      await shop.close();
    }
  });

  it.skipIf(!canOpenTerminal)('asks on a terminal with the amounts first; "no" sends nothing', async () => {
    const shop = await startSeatShop();
    try {
      const result = await runCliInTerminal(['call', 'buySeats', '--input', JSON.stringify(PURCHASE)], {
        env: shopEnvironment(shop.url),
        answer: { when: /G\s*o\s*a\s*h\s*e\s*a\s*d\s*\?/, send: '\r' },
        timeoutMs: 60_000,
      });
      expect(result.code).toBe(2);
      // The terminal wraps the question at its width: compared without the white space.
      const unwrapped = result.stdout.replaceAll(/\s+/g, '');
      const question = unwrapped.slice(unwrapped.indexOf('buySeatsmovesmoney'));
      expect(question.startsWith('buySeatsmovesmoney(Buyseats:POST/v2/seats/purchase)withseats:9999,')).toBe(
        true,
      );
      for (const amount of AMOUNTS) expect(question).toContain(amount.replaceAll(/\s+/g, ''));
      expect(shop.purchases()).toEqual([]);
    } finally {
      await shop.close();
    }
  });

  it('is the ordering MCP’s question uses: one function, amounts first', () => {
    const { amounts, others } = argumentsAmountsFirst(PURCHASE);
    expect(amounts.map(([name]) => name)).toEqual(['seats', 'unit_price', 'currency', 'plan']);
    expect(others[0]?.[0]).toBe('payment_method_id');
    expect(
      approvalArguments(PURCHASE).startsWith(
        '{"seats":9999,"unit_price":"1234.56789","currency":"usd","plan":"enterprise-annual-',
      ),
    ).toBe(true);
  });
});
