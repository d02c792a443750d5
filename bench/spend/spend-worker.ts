/**
 * One process of the spend benchmark's fleet: connects to Redis (or keeps its own memory store,
 * the baseline), says `ready`, waits for `go` on stdin, spends until the budget is full, and
 * prints its {@link SpendReport} as one JSON line.
 *
 * argv[2]: JSON of {@link SpendWorkerConfig}.
 * @module
 */
import { createInterface } from 'node:readline';
import { createClient } from 'redis';
import { type BudgetStore, MemoryBudgetStore, RedisBudgetStore } from '../../src/spend/index.js';
import { spendUntilFull } from './spend-loop.js';

export interface SpendWorkerConfig {
  readonly store: 'redis' | 'memory';
  readonly redisUrl: string;
  readonly key: string;
  readonly limit: number;
  readonly callers: number;
  readonly tag: string;
  readonly seed: number;
}

const config = JSON.parse(process.argv[2] as string) as SpendWorkerConfig;
const redis = config.store === 'redis' ? await createClient({ url: config.redisUrl }).connect() : undefined;
const store: BudgetStore = redis
  ? new RedisBudgetStore({ client: redis, prefix: 'gentk-bench:' })
  : new MemoryBudgetStore();

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
console.log(JSON.stringify({ type: 'ready' }));
for (let line = await lines.next(); !line.done && line.value !== 'go'; line = await lines.next());
const report = await spendUntilFull({ ...config, store });
console.log(JSON.stringify({ type: 'report', ...report }));
redis?.destroy();
process.exit(0);
