/**
 * A budget store in Redis, so that every process of a fleet spends from one budget. Reserving is
 * one Lua script that checks the limit and counts the reservation in a single atomic step;
 * settling and releasing are another, safe to repeat.
 *
 * Like the Redis rate-limit store, it takes a client the application already created and
 * connected: the toolkit does not import a Redis library, and the connection (TLS, auth,
 * reconnection) stays the caller's.
 * @module
 */

import type { RedisCommandClient } from '../http/rate-limit/redis-script.js';
import { redisDeadline } from '../runtime/redis-deadline.js';
import {
  type BudgetStore,
  type BudgetTotals,
  DEFAULT_KEEP_LAPSED_MS,
  type ReserveOutcome,
} from './budget-store.js';
import { BudgetStoreError, type BudgetStoreOperation } from './budget-store-error.js';
import type { Micros } from './cost-estimate.js';
import { END, READ, RESERVE, SET_AGAIN } from './redis-budget-scripts.js';
import { checkCharge, checkReservation } from './reservation-arguments.js';

/**
 * The Redis connection a {@link RedisBudgetStore} uses, the prefix of its keys, and how long it
 * remembers lapsed reservations.
 *
 * @example
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const store = new RedisBudgetStore({ client: redis, prefix: 'my-fleet:budget:' });
 */
export interface RedisBudgetStoreOptions {
  /**
   * A connected client. node-redis (`createClient()` from `redis`) fits as is; for ioredis pass
   * `{ sendCommand: (args) => redis.call(args[0]!, ...args.slice(1)) }`. The store never
   * connects or closes it.
   */
  readonly client: RedisCommandClient;
  /**
   * Prepended to every budget's keys. Give each fleet (account, environment) its own when they
   * share a Redis.
   * @default 'gentk:budget:'
   */
  readonly prefix?: string;
  /**
   * How long a reservation whose TTL ran out is remembered, so that a call which outlived its
   * reservation and settles late still has its charge counted.
   * @default 86_400_000 (a day)
   */
  readonly keepLapsedMs?: number;
  /**
   * How long the store waits for Redis to answer before it fails with a `BudgetStoreError`
   * (`backendCode: 'TimeoutError'`). A client that queues commands while it reconnects (node-redis
   * and ioredis do by default) would otherwise hold every call until Redis comes back; this way a
   * call is refused at once, and a call already sent keeps its answer. A command that answers
   * late may still reserve: that reservation lapses with its TTL.
   * @default 2_000
   */
  readonly timeoutMs?: number;
  /**
   * Whether this process may make a budget that is not in Redis (`'create'`), or only joins one
   * that is (`'join'`). A process that creates cannot tell a budget never used from one whose
   * state Redis lost before it started (a restart without persistence, an eviction, a deletion):
   * it starts from zero spent. A joining process refuses a missing budget with
   * `budget_store_reset` until it is made (by a creating process, or `setAgain`), so a fleet
   * whose workers join, and whose one setup step creates, cannot be fooled by a loss at any time.
   * @default 'create'
   */
  readonly budgets?: 'create' | 'join';
}

/**
 * Budgets in Redis: pass one store to every process of a fleet to spend from one budget. No two
 * processes can together reserve past the limit, whatever their number; a process that dies
 * mid-call holds its reservation only until the reservation's TTL runs out. Times are the Redis
 * server's own, so the processes' clocks need not agree. What was settled is kept until the keys
 * are deleted: name a budget per period (`budget:acct:2026-11`) for one that renews.
 *
 * A budget's keys share a hash tag (`{…}`), so a Redis Cluster keeps them on one node.
 *
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * import { connect, RedisBudgetStore } from 'generation-agent-toolkit';
 *
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const store = new RedisBudgetStore({ client: redis, prefix: 'gentk:prod:' });
 * const session = await connect({ baseUrl, apiKey, budget: { amount: 5, currency: 'usd', store } });
 * // ... every process of the fleet does the same, and together they spend at most $5.
 * await session.close();
 * await redis.close();
 * ```
 */
export class RedisBudgetStore implements BudgetStore {
  readonly #client: RedisCommandClient;
  readonly #prefix: string;
  readonly #keepLapsedMs: string;
  readonly #timeoutMs: number;
  /** The epoch of each budget this store has used: a budget whose epoch is gone lost its state. */
  readonly #epochs = new Map<string, string>();
  readonly #budgets: 'create' | 'join';

  constructor(options: RedisBudgetStoreOptions) {
    this.#budgets = options.budgets === 'join' ? 'join' : 'create';
    this.#client = options.client;
    this.#prefix = options.prefix ?? 'gentk:budget:';
    this.#keepLapsedMs = String(Math.max(0, Math.ceil(options.keepLapsedMs ?? DEFAULT_KEEP_LAPSED_MS)));
    this.#timeoutMs = Math.max(1, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  }

  async reserve(
    key: string,
    reservationId: string,
    amount: Micros,
    limit: Micros,
    ttlMs: number,
  ): Promise<ReserveOutcome> {
    checkReservation(amount, limit, ttlMs);
    const reply = await this.#run('reserve', key, () =>
      RESERVE.run(this.#client, this.#keys(key), [
        this.#keepLapsedMs,
        reservationId,
        String(amount),
        String(limit),
        String(Math.max(1, Math.ceil(ttlMs))),
        ...this.#epochArguments(key),
      ]),
    );
    const [granted, ...held] = this.#reply(reply, 3, 'reserve', key);
    return { granted: granted === 1, totals: totals(held) };
  }

  async settle(key: string, reservationId: string, charged: Micros): Promise<BudgetTotals> {
    checkCharge(charged);
    return this.#end('settle', key, reservationId, charged);
  }

  async release(key: string, reservationId: string): Promise<BudgetTotals> {
    return this.#end('release', key, reservationId, 0);
  }

  async read(key: string): Promise<BudgetTotals> {
    const reply = await this.#run('read', key, () =>
      READ.run(this.#client, this.#keys(key), [this.#keepLapsedMs, ...this.#epochArguments(key)]),
    );
    return totals(this.#reply(reply, 2, 'read', key));
  }

  async #end(
    operation: 'settle' | 'release',
    key: string,
    reservationId: string,
    charged: Micros,
  ): Promise<BudgetTotals> {
    const reply = await this.#run(operation, key, () =>
      END.run(this.#client, this.#keys(key), [
        this.#keepLapsedMs,
        reservationId,
        String(charged),
        ...this.#epochArguments(key),
      ]),
    );
    return totals(this.#reply(reply, 2, operation, key));
  }

  /**
   * Sets budget `key` again after its state was lost (the store refuses it with
   * `budget_store_reset` until then): `settled` is what was already spent, in micros, as the
   * wallet's ledger says; no reservation is held. Every process sharing the store adopts it.
   *
   * @example
   * // After Redis restarted empty: the ledger says $1.20 was spent this period.
   * await store.setAgain('budget:acct-fingerprint:default', toMicros(1.2));
   */
  async setAgain(key: string, settled: Micros): Promise<void> {
    checkCharge(settled);
    const epoch = `set:${globalThis.crypto.randomUUID()}`;
    await this.#run('reserve', key, () =>
      SET_AGAIN.run(this.#client, this.#keys(key), [String(settled), epoch]),
    );
    this.#epochs.set(key, epoch);
  }

  /**
   * Whether this store creates or joins, the epoch it knows for `key` ('' when none yet) and a
   * fresh one, for a first use.
   */
  #epochArguments(key: string): [string, string, string] {
    return [this.#budgets, this.#epochs.get(key) ?? '', `new:${globalThis.crypto.randomUUID()}`];
  }

  /** The script's `count` integers, after checking (and learning) the budget's epoch. */
  #reply(reply: unknown, count: number, operation: BudgetStoreOperation, key: string): number[] {
    if (Array.isArray(reply) && reply.length === 1 && ['reset', 'missing'].includes(String(reply[0])))
      throw new BudgetStoreError({
        store: 'redis',
        operation,
        budget: key,
        failure: new BudgetStateLost(String(reply[0]) === 'missing' ? 'missing' : 'reset'),
      });
    const epoch = Array.isArray(reply) ? reply[count] : undefined;
    const values = integers(Array.isArray(reply) ? reply.slice(0, count) : reply, count, operation, key);
    if (typeof epoch === 'string' && epoch !== '') this.#epochs.set(key, epoch);
    return values;
  }

  /** The budget's three keys, in one hash slot. */
  #keys(key: string): string[] {
    const base = `${this.#prefix}{${key}}`;
    return [`${base}:totals`, `${base}:held`, `${base}:lapsed`];
  }

  async #run(operation: BudgetStoreOperation, key: string, send: () => Promise<unknown>): Promise<unknown> {
    try {
      return await redisDeadline(send(), this.#timeoutMs);
    } catch (error) {
      throw new BudgetStoreError({ store: 'redis', operation, budget: key, failure: error });
    }
  }
}

const DEFAULT_TIMEOUT_MS = 2_000;

/** The budget's state is gone from Redis although this process used it: see `setAgain`. */
export class BudgetStateLost extends Error {
  override readonly name = 'BudgetStateLost';
  readonly code = 'budget_store_reset';
  /** `reset`: a budget this process used is gone; `missing`: a budget this process joins is not there. */
  constructor(readonly why: 'reset' | 'missing' = 'reset') {
    super(
      why === 'missing'
        ? "the budget this process joins is not in Redis: its state was lost (a restart without persistence, an eviction, a deletion) or it was never made; calls are refused until a process with budgets: 'create' makes it or it is set again with RedisBudgetStore.setAgain()"
        : 'the budget was reset: its state is gone from Redis (a restart without persistence, an eviction, a deletion); calls are refused until the budget is set again with RedisBudgetStore.setAgain()',
    );
  }
}

/** The script's reserved and settled totals. */
function totals([reserved, settled]: readonly number[]): BudgetTotals {
  return { reserved: reserved as number, settled: settled as number };
}

/** The script's array of integers, or a store error: anything else is not our script's answer. */
function integers(reply: unknown, count: number, operation: BudgetStoreOperation, key: string): number[] {
  const values = Array.isArray(reply) ? reply.map(toInteger) : [];
  if (values.length !== count || values.some((value) => value === undefined))
    throw new BudgetStoreError({
      store: 'redis',
      operation,
      budget: key,
      failure: new Error(`unexpected reply ${JSON.stringify(reply)?.slice(0, 80)}`),
    });
  return values as number[];
}

function toInteger(value: unknown): number | undefined {
  const number = typeof value === 'bigint' || typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) ? number : undefined;
}
