/**
 * Spend control: a budget is never passed and is nearly all used, with 50 concurrent callers on
 * one memory store and with 4 processes sharing a Redis store (against 4 processes each with its
 * own memory store); and what a reservation adds to a call.
 *
 * Driven through the `BudgetStore` contract with estimates of varied sizes (bench/spend/spend-loop.ts),
 * so that it holds whatever the sessions on top of the store do; and end to end, through real
 * sessions against the emulator, whose ledger is the judge (bench/spend/end-to-end.ts).
 *
 * Run: npx tsx bench/spend.ts (the Redis figures need `redis-server` on PATH)
 * @module
 */
import { createClient } from 'redis';
import { fromMicros, MemoryBudgetStore, RedisBudgetStore, toMicros } from '../src/spend/index.js';
import { startRedisServer } from '../test/support/redis-server.js';
import { type BenchFigure, type BenchSection, figure } from './section.js';
import { runEndToEnd } from './spend/end-to-end.js';
import { errorsByUnit } from './spend/estimate-errors.js';
import { httpCallMicros, reserveSettleMicros } from './spend/reservation-overhead.js';
import { ScanningBudgetStore } from './spend/scanning-budget-store.js';
import { runSpendFleet } from './spend/spend-fleet.js';
import { type SpendReport, spendUntilFull } from './spend/spend-loop.js';
import { runDirectly } from './support/run-directly.js';

const BUDGET = 20;
const CALLERS = 50;
const PROCESSES = 4;
/** 52 callers in all, 13 a process: the 50 of the memory figure, rounded up to fill 4 processes. */
const CALLERS_PER_PROCESS = Math.ceil(CALLERS / PROCESSES);
const MANY_HELD = 10_000;

/** The budget figures of one run: overshoot (must be 0) and the share used (at least 95 %). */
function budgetFigures(
  label: string,
  settled: number,
  highestSeen: number,
  baseline?: { name: string; settled: number },
): BenchFigure[] {
  const limit = toMicros(BUDGET);
  const overshoot = (micros: number) => (100 * Math.max(0, micros - limit)) / limit;
  return [
    figure({
      name: `${label}: spent past the budget`,
      value: overshoot(Math.max(settled, highestSeen)),
      unit: '%',
      ...(baseline ? { baseline: { name: baseline.name, value: overshoot(baseline.settled) } } : {}),
      note: `$${fromMicros(settled).toFixed(3)} settled of $${BUDGET}; target 0`,
      pass: settled <= limit && highestSeen <= limit,
    }),
    figure({
      name: `${label}: share of the budget used`,
      value: (100 * settled) / limit,
      unit: '%',
      note: 'target at least 95 %',
      pass: settled >= 0.95 * limit,
    }),
  ];
}

const sum = (reports: readonly SpendReport[], field: 'settled' | 'calls') =>
  reports.reduce((total, report) => total + report[field], 0);

async function memoryFigures(): Promise<BenchFigure[]> {
  const store = new MemoryBudgetStore();
  const report = await spendUntilFull({
    store,
    key: 'bench',
    limit: toMicros(BUDGET),
    callers: CALLERS,
    tag: 'memory',
    seed: 1,
  });
  const totals = await store.read('bench');
  return budgetFigures(
    `${CALLERS} concurrent callers, memory store (${report.calls} calls)`,
    totals.settled,
    report.highestSeen,
  );
}

async function redisFigures(): Promise<BenchFigure[]> {
  const redis = await startRedisServer();
  try {
    const fleet = (store: 'redis' | 'memory') =>
      Array.from({ length: PROCESSES }, (_, index) => ({
        store,
        redisUrl: redis.url,
        key: `fleet-${store}`,
        limit: toMicros(BUDGET),
        callers: CALLERS_PER_PROCESS,
        tag: `${store}-${index}`,
        seed: index,
      }));
    const shared = await runSpendFleet(fleet('redis'));
    const separate = await runSpendFleet(fleet('memory'));
    const client = await createClient({ url: redis.url }).connect();
    const totals = await new RedisBudgetStore({ client, prefix: 'gentk-bench:' }).read('fleet-redis');
    client.destroy();
    return budgetFigures(
      `${PROCESSES} processes × ${CALLERS_PER_PROCESS} callers, one Redis budget (${sum(shared, 'calls')} calls)`,
      totals.settled,
      Math.max(...shared.map((report) => report.highestSeen)),
      { name: `${PROCESSES} processes, each its own memory budget`, settled: sum(separate, 'settled') },
    );
  } finally {
    await redis.stop();
  }
}

async function overheadFigures(): Promise<BenchFigure[]> {
  const few = await reserveSettleMicros(new MemoryBudgetStore(), { held: CALLERS, calls: 20_000 });
  const many = await reserveSettleMicros(new MemoryBudgetStore(), { held: MANY_HELD, calls: 20_000 });
  const scanning = await reserveSettleMicros(new ScanningBudgetStore(), { held: MANY_HELD, calls: 2_000 });
  const http = await httpCallMicros(2_000, CALLERS);
  return [
    figure({
      name: `reserve + settle per call, memory store, ${CALLERS} held`,
      value: few,
      unit: 'µs',
      note: 'target under 1,000 µs',
      pass: few < 1_000,
    }),
    figure({
      name: `reserve + settle per call, memory store, ${MANY_HELD.toLocaleString('en-US')} held`,
      value: many,
      unit: 'µs',
      baseline: { name: 'the store summing every reservation per call', value: scanning },
    }),
    figure({
      name: `reserve + settle per call, against the call itself`,
      value: few,
      unit: 'µs',
      baseline: { name: 'a loopback HTTP call without a budget', value: http.plain },
    }),
    figure({
      name: `loopback HTTP call with reserve + settle, ${CALLERS} held`,
      value: http.budgeted,
      unit: 'µs',
      baseline: { name: 'the same call without a budget', value: http.plain },
      note: 'the difference is within the noise of a network call',
    }),
  ];
}

/**
 * The same claims through real sessions against the emulator: each priced model's estimate
 * against what the ledger charged, per billing unit; and 50 callers spending one
 * `connect({ budget })` (switching to the cheaper model a refusal names, stopping when it names
 * none), against the same callers without a budget checking a shared tally before each call.
 */
async function endToEndFigures(): Promise<BenchFigure[]> {
  const result = await runEndToEnd({ budget: BUDGET, callers: CALLERS });
  const percent = (value: number) => Math.round(value * 1e6) / 1e4;
  const estimates = errorsByUnit(result.estimates).map((unit) =>
    figure({
      name: `estimate against the ledger, per ${unit.unit} (${unit.models} model${unit.models === 1 ? '' : 's'}): largest error`,
      value: percent(unit.max),
      unit: '%',
      note: `mean ${percent(unit.mean)} %; target within 1 %`,
      pass: unit.max <= 0.01,
    }),
  );
  const { budgeted, tallied } = result;
  const settled = budgeted.settled ?? 0;
  const ledgerGap = Math.abs(settled - budgeted.charged) / Math.max(budgeted.charged, Number.EPSILON);
  return [
    ...estimates,
    ...budgetFigures(
      `${CALLERS} callers through one session with connect({ budget }), by the ledger (${budgeted.report.calls} calls; ${budgeted.report.refused} refused, ${budgeted.report.switched} then sent with the cheaper model named)`,
      toMicros(budgeted.charged),
      toMicros(Math.max(settled + (budgeted.reserved ?? 0), budgeted.charged)),
      {
        name: 'the same callers without a budget, checking a shared tally',
        settled: toMicros(tallied.charged),
      },
    ),
    figure({
      name: 'settled by the session against charged by the ledger',
      value: percent(ledgerGap),
      unit: '%',
      note: `$${settled.toFixed(3)} settled, $${budgeted.charged.toFixed(3)} charged; target within 1 %`,
      pass: ledgerGap <= 0.01,
    }),
  ];
}

export async function run(): Promise<BenchSection> {
  const figures = [
    ...(await memoryFigures()),
    ...(await redisFigures()),
    ...(await overheadFigures()),
    ...(await endToEndFigures()),
  ];
  return { id: 'spend', title: `Spend control ($${BUDGET} budget, estimates $0.002 to $0.40)`, figures };
}

await runDirectly(import.meta.url, run);
