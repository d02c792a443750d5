import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createEmulatorApp } from './app.js';
import type { EmulatorClock } from './clock.js';
import type { EmulatorContext } from './context.js';
import { rejectUnknownEmulatorOptions } from './emulator-option-keys.js';
import { FileStore } from './files/file-store.js';
import { JobStore } from './generation/job-store.js';
import type { WebhookDelivery } from './generation/webhooks.js';
import { FaultController } from './http/faults.js';
import { toDollars } from './money.js';
import { type EmulatorOptions, resolveOptions } from './options.js';
import { SeededRandom } from './random.js';
import { IdempotencyStore } from './state/idempotency.js';
import type { Account, MailMessage } from './state/records.js';
import { EmulatorState } from './state/store.js';

/** A ready-made account for tests and demos. */
export interface EmulatorAccount {
  readonly id: string;
  readonly email: string;
  readonly password: string;
  /** A generation API key of the account. */
  readonly apiKey: string;
}

/** What the emulator knows of an account: the record tests compare a client's behaviour against. */
export interface AccountSnapshot {
  readonly id: string;
  readonly email: string;
  readonly verified: boolean;
  /** Wallet balance in US dollars. */
  readonly balance: number;
  readonly transactions: ReadonlyArray<{
    id: string;
    type: 'credit' | 'debit';
    amount: number;
    description: string;
    reference: string;
  }>;
  readonly payments: ReadonlyArray<{ id: string; amount: number; status: string; purpose: string }>;
  readonly tokens: ReadonlyArray<{
    id: string;
    scopes: '*' | readonly string[];
    deviceName: string;
    expiresAt: string | null;
    revoked: boolean;
    contextAccountId: string;
  }>;
  readonly apiKeys: ReadonlyArray<{ id: string; name: string; prefix: string; deleted: boolean }>;
  readonly usage: ReadonlyArray<{ operationId: string; status: string; credits: number }>;
}

/**
 * A running emulator: its address, its clock, the faults it injects, and what a test can see of
 * its accounts, mail and webhooks.
 *
 * @example
 * const emulator = await startEmulator({ clock: 'manual' });
 * const account = emulator.createAccount({ credits: 100 });
 * const session = await connect({ baseUrl: emulator.url, apiKey: account.apiKey });
 * const pending = session.call('v8_video_text_to_video', { prompt: 'waves' });
 * if (emulator.clock instanceof ManualClock) emulator.clock.advance(60_000); // the job finishes
 * await pending;
 * console.log(emulator.inspect(account.email)?.balance);
 * await session.close();
 * await emulator.close();
 */
export interface Emulator {
  /** Where the emulator listens, e.g. `http://127.0.0.1:52341`. */
  readonly url: string;
  readonly port: number;
  /** The service's clock; a `ManualClock` when the emulator was started with `clock: 'manual'`. */
  readonly clock: EmulatorClock;
  /** Fault injection at run time: `faults.inject({ kind: 'unavailable', match: 'v7_images_text_to_image', times: 2 })`. */
  readonly faults: FaultController;
  /** The messages the service sent to `email`, oldest first. */
  mailbox(email: string): MailMessage[];
  /** Creates a verified account with credits and a generation key, without the registration ceremony. */
  createAccount(input?: {
    email?: string;
    password?: string;
    name?: string;
    credits?: number;
  }): EmulatorAccount;
  /** The emulator's record of an account, or undefined. */
  inspect(email: string): AccountSnapshot | undefined;
  /** Every webhook call the emulator made, in order. */
  webhooks(): readonly WebhookDelivery[];
  /** Handles a request in process, without a socket. */
  fetch(request: Request): Promise<Response>;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

/** Builds the emulator's shared context from options. */
export function createEmulatorContext(
  options: EmulatorOptions = {},
  log?: (line: string) => void,
): EmulatorContext {
  const resolved = resolveOptions(options);
  const serviceMs = (seconds: number) => seconds * 1000 * resolved.timeScale;
  const random = new SeededRandom(resolved.seed);
  return {
    options: resolved,
    clock: resolved.clock,
    state: new EmulatorState(resolved.clock, serviceMs, resolved.initialCredits),
    random,
    idempotency: new IdempotencyStore(resolved.clock, serviceMs(24 * 3600)),
    faults: new FaultController(resolved.faults, random),
    jobs: new JobStore(resolved.clock),
    files: new FileStore(resolved.clock),
    serviceMs,
    publishedSeconds: (ms: number) => Math.max(0, Math.ceil(ms / 1000)),
    ...(log ? { log } : {}),
  };
}

let accountCounter = 0;

function snapshot(ctx: EmulatorContext, account: Account): AccountSnapshot {
  return {
    id: account.id,
    email: account.email,
    verified: account.verified,
    balance: toDollars(account.balance),
    transactions: account.transactions.map((t) => ({
      id: t.id,
      type: t.type,
      amount: toDollars(t.amount),
      description: t.description,
      reference: t.reference,
    })),
    payments: account.payments.map((p) => ({
      id: p.id,
      amount: toDollars(p.amount),
      status: p.status,
      purpose: p.purpose,
    })),
    tokens: [...ctx.state.tokens.values()]
      .filter((token) => token.userId === account.id)
      .map((token) => ({
        id: token.id,
        scopes: token.scopes,
        deviceName: token.deviceName,
        expiresAt: token.expiresAt === null ? null : new Date(token.expiresAt).toISOString(),
        revoked: token.revokedAt !== null,
        contextAccountId: token.contextAccountId,
      })),
    apiKeys: [...ctx.state.apiKeys.values()]
      .filter((key) => key.accountId === account.id)
      .map((key) => ({ id: key.id, name: key.name, prefix: key.prefix, deleted: key.deletedAt !== null })),
    usage: account.usage.map((u) => ({
      operationId: u.operationId,
      status: u.status,
      credits: toDollars(u.credits),
    })),
  };
}

/**
 * Starts the whole service on loopback: every published document, both API surfaces, the MCP
 * servers, jobs that take (scaled or manual) time, scopes, rate limits and fault injection.
 *
 * @example
 * const emulator = await startEmulator({ timeScale: 0.01 });
 * const account = emulator.createAccount();
 * // ... point a client at emulator.url with account.apiKey ...
 * await emulator.close();
 */
export async function startEmulator(
  options: EmulatorOptions & { log?: (line: string) => void } = {},
): Promise<Emulator> {
  rejectUnknownEmulatorOptions(options);
  const ctx = createEmulatorContext(options, options.log);
  const app = createEmulatorApp(ctx);
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, port: ctx.options.port, hostname: ctx.options.host }, () =>
      resolve(started),
    );
    started.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const host = ctx.options.host.includes(':') ? `[${ctx.options.host}]` : ctx.options.host;
  return {
    url: `http://${host}:${port}`,
    port,
    clock: ctx.clock,
    faults: ctx.faults,
    mailbox: (email) => ctx.state.mailbox.read(email),
    createAccount(input = {}) {
      accountCounter += 1;
      const email = input.email ?? `agent-${process.pid}-${accountCounter}@example.test`;
      const password = input.password ?? `emulator-password-${accountCounter}`;
      const account = ctx.state.createAccount({
        email,
        password,
        name: input.name ?? 'Test Agent',
        verified: true,
      });
      if (input.credits !== undefined) {
        account.balance = Math.round(input.credits * 1_000_000) as Account['balance'];
      }
      const { secret } = ctx.state.createApiKey(account, 'default');
      return { id: account.id, email: account.email, password, apiKey: secret };
    },
    inspect(email) {
      const account = ctx.state.findAccountByEmail(email);
      return account ? snapshot(ctx, account) : undefined;
    },
    webhooks: () => [...ctx.jobs.deliveries],
    fetch: async (request) => app.fetch(request, {}),
    close: () =>
      new Promise<void>((resolve) => {
        const closable = server as unknown as { closeAllConnections?: () => void };
        server.close(() => resolve());
        closable.closeAllConnections?.();
      }),
  };
}
