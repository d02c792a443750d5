/**
 * One process of a fleet sharing a Redis budget (issue 22): connects to the service with a
 * `RedisBudgetStore` that creates or joins the budget, makes `calls` calls, and prints one JSON
 * line: what each call ended in and what the budget says it spent. `set-again` sets the budget
 * again, once its first call is refused, with the amount given (what the ledger says was spent).
 * Run: node --import tsx budget-fleet-process.ts <redis-url> <service-url> <create|join> <calls> [set-again <amount>]
 */
import { createClient } from 'redis';
import { connect } from '../../../src/auth/index.js';
import { BudgetStoreError, RedisBudgetStore, toMicros } from '../../../src/spend.js';

const [redisUrl, serviceUrl, budgets, calls, setAgain, amount] = process.argv.slice(2);
const client = await createClient({ url: redisUrl as string }).connect();
const store = new RedisBudgetStore({
  client,
  prefix: 'gentk-test:fleet:',
  budgets: budgets === 'join' ? 'join' : 'create',
});
const session = await connect({
  baseUrl: serviceUrl as string,
  apiKey: 'fleet-key-123456',
  operations: { ids: ['v7_images_text_to_image'] },
  budget: { amount: 1, store, name: 'nightly-renders' },
});
const outcomes: string[] = [];
let budgetKey: string | undefined;
const describe = (error: unknown) => {
  if (BudgetStoreError.isInstance(error)) budgetKey = error.budget;
  return BudgetStoreError.isInstance(error) ? error.code : String(error);
};
try {
  for (let call = 0; call < Number(calls); call += 1) {
    outcomes.push(
      await session
        .call('v7_images_text_to_image', { model_id: 'flux-dev', prompt: `fox ${call}` })
        .then(() => 'ok', describe),
    );
    // A refused first call names the budget: a person setting it again does so now.
    if (setAgain === 'set-again' && call === 0 && budgetKey !== undefined && outcomes[0] !== 'ok') {
      await store.setAgain(budgetKey, toMicros(Number(amount)));
      outcomes.push(
        await session
          .call('v7_images_text_to_image', { model_id: 'flux-dev', prompt: 'after set again' })
          .then(() => 'ok', describe),
      );
    }
  }
  const spent = await session.spend().then((report) => report?.settled, describe);
  process.stdout.write(`${JSON.stringify({ outcomes, spent })}\n`);
} finally {
  await session.close();
  client.destroy();
}
