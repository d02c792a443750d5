/**
 * The spend bench through real sessions against the emulator (in process, its jobs finishing
 * inside the call, so no clock needs to move): every priced model's estimate against the ledger,
 * and concurrent callers spending a budget, against the same callers keeping their own tally.
 * @module
 */
import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { type BudgetOptions, connect, type Session } from '../../src/index.js';
import { type EstimateError, estimateErrors } from './estimate-errors.js';
import { callForModel, type ModelCall } from './model-calls.js';
import { type SessionSpendersReport, spendThroughSession } from './session-spenders.js';

const GENERATION = ['v7_images_text_to_image', 'v8_video_text_to_video', 'v7_llm_chat_completions'];
/** Enough that no account runs dry: the budget, not the wallet, is what stops the callers. */
const CREDITS = 10_000;

export interface EndToEndOptions {
  /** The budget of the spending run, in dollars. */
  readonly budget: number;
  readonly callers: number;
  /** Real milliseconds the emulator adds to each answer, so that calls overlap. @default 2 */
  readonly latencyMs?: number;
}

/** One spending run: what the callers did, what the session settled, what the ledger debited. */
export interface SpendingRun {
  readonly report: SessionSpendersReport;
  /** `session.spend()` after the run; undefined without a budget. */
  readonly settled?: number;
  readonly reserved?: number;
  /** What the emulator's ledger took from the account, in dollars. */
  readonly charged: number;
}

export interface EndToEndResult {
  readonly estimates: readonly EstimateError[];
  /** The callers under `connect({ budget })`. */
  readonly budgeted: SpendingRun;
  /** The same callers without a budget, each checking a shared tally before calling. */
  readonly tallied: SpendingRun;
}

interface Account {
  readonly email: string;
  readonly session: Session;
}

async function openAccount(emulator: Emulator, budget?: BudgetOptions): Promise<Account> {
  const account = emulator.createAccount({ credits: CREDITS });
  const session = await connect({
    baseUrl: emulator.url,
    apiKey: account.apiKey,
    operations: { ids: GENERATION },
    ...(budget ? { budget } : {}),
  });
  return { email: account.email, session };
}

/** The image and video calls of every model the feed prices above zero. */
async function pricedChoices(session: Session): Promise<ModelCall[]> {
  const choices: ModelCall[] = [];
  for (const model of session.service.models) {
    const call = callForModel(model);
    if (!call || call.operationId === 'v7_llm_chat_completions') continue;
    const estimate = await session.estimate(call.operationId, call.input);
    if (estimate.kind === 'priced' && estimate.amount > 0) choices.push(call);
  }
  return choices;
}

export async function runEndToEnd(options: EndToEndOptions): Promise<EndToEndResult> {
  const emulator = await startEmulator({
    clock: 'manual',
    // Jobs this short finish inside the call: a caller's reservation settles when its call returns.
    jobDurations: { image: 1, video: 1 },
    queueLimit: 100_000,
    rateLimits: { generation: { limit: 1_000_000, windowSeconds: 60 } },
    latencyMs: options.latencyMs ?? 2,
  });
  const accounts: Account[] = [];
  try {
    const charged = (account: Account) =>
      Math.round((CREDITS - (emulator.inspect(account.email)?.balance ?? CREDITS)) * 1e6) / 1e6;

    const pricing = await openAccount(emulator);
    accounts.push(pricing);
    const estimates = await estimateErrors(pricing.session, emulator, pricing.email);
    const choices = await pricedChoices(pricing.session);

    const budgeted = await openAccount(emulator, { amount: options.budget, currency: 'usd' });
    accounts.push(budgeted);
    const budgetedReport = await spendThroughSession({
      session: budgeted.session,
      callers: options.callers,
      choices,
    });
    const spend = await budgeted.session.spend();

    const tallied = await openAccount(emulator);
    accounts.push(tallied);
    const talliedReport = await spendThroughSession({
      session: tallied.session,
      callers: options.callers,
      choices,
      tallyLimit: options.budget,
    });

    return {
      estimates,
      budgeted: {
        report: budgetedReport,
        ...(spend ? { settled: spend.settled, reserved: spend.reserved } : {}),
        charged: charged(budgeted),
      },
      tallied: { report: talliedReport, charged: charged(tallied) },
    };
  } finally {
    for (const account of accounts) await account.session.close();
    await emulator.close();
  }
}
