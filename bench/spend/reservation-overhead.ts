/**
 * What a budget adds to a call: reserve before, settle after, in the memory store, timed over
 * many calls with other reservations held; and a real loopback HTTP call with and without them.
 * @module
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { type BudgetStore, MemoryBudgetStore, toMicros } from '../../src/spend/index.js';
import { median } from '../support/stats.js';

const HOUR = 3_600_000;
const LIMIT = toMicros(1_000_000);

/** Holds `count` reservations in `store` under `key`, as calls still in flight would. */
async function holdReservations(store: BudgetStore, key: string, count: number): Promise<void> {
  for (let index = 0; index < count; index += 1)
    await store.reserve(key, `held-${index}`, toMicros(0.01), LIMIT, HOUR);
}

/** Median microseconds of one reserve + settle, over `rounds` rounds of `calls` calls each. */
export async function reserveSettleMicros(
  store: BudgetStore,
  options: { readonly held: number; readonly calls: number; readonly rounds?: number },
): Promise<number> {
  const key = 'bench';
  await holdReservations(store, key, options.held);
  const samples: number[] = [];
  let next = 0;
  for (let round = 0; round < (options.rounds ?? 5); round += 1) {
    const started = performance.now();
    for (let call = 0; call < options.calls; call += 1) {
      const id = `call-${next++}`;
      await store.reserve(key, id, toMicros(0.04), LIMIT, HOUR);
      await store.settle(key, id, toMicros(0.04));
    }
    samples.push(((performance.now() - started) * 1000) / options.calls);
  }
  return median(samples);
}

/**
 * Median microseconds of one loopback HTTP call (undici, keep-alive) without a budget and with a
 * reserve before and a settle after it, interleaved in rounds so that both see the same machine.
 */
export async function httpCallMicros(
  calls: number,
  held: number,
): Promise<{ plain: number; budgeted: number }> {
  const server = createServer((_, response) => response.end('{"ok":true}'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const store = new MemoryBudgetStore();
  await holdReservations(store, 'bench', held);
  const call = async () => {
    const response = await request(url);
    await response.body.text();
  };
  const plain: number[] = [];
  const budgeted: number[] = [];
  let next = 0;
  try {
    for (let warmup = 0; warmup < 200; warmup += 1) await call();
    const runPlain = async () => {
      const started = performance.now();
      for (let index = 0; index < calls; index += 1) await call();
      plain.push(((performance.now() - started) * 1000) / calls);
    };
    const runBudgeted = async () => {
      const started = performance.now();
      for (let index = 0; index < calls; index += 1) {
        const id = `call-${next++}`;
        await store.reserve('bench', id, toMicros(0.04), LIMIT, HOUR);
        await call();
        await store.settle('bench', id, toMicros(0.04));
      }
      budgeted.push(((performance.now() - started) * 1000) / calls);
    };
    // Each goes first in half the rounds, so that neither gains from warming up the other.
    for (let round = 0; round < 8; round += 1) {
      if (round % 2 === 0) {
        await runPlain();
        await runBudgeted();
      } else {
        await runBudgeted();
        await runPlain();
      }
    }
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return { plain: median(plain), budgeted: median(budgeted) };
}
