/**
 * Each priced model's estimate against what the emulator's ledger charged for the same call,
 * through a real session: the end-to-end half of the spend bench's estimate figures.
 * @module
 */
import type { Emulator } from 'generation-agent-toolkit-emulator';
import type { Session } from '../../src/index.js';
import { callForModel } from './model-calls.js';

/** One model's call: its estimate, its debit in the ledger, and the relative error between them. */
export interface EstimateError {
  readonly model: string;
  /** The feed's billing unit, e.g. `image`, `second of video`, `1K tokens`. */
  readonly unit: string;
  readonly estimated: number;
  readonly charged: number;
  /** |estimated − charged| / charged. */
  readonly error: number;
}

/** The largest and mean relative error of the models billed in one unit. */
export interface UnitError {
  readonly unit: string;
  readonly models: number;
  readonly max: number;
  readonly mean: number;
}

/**
 * Calls every priced model an operation can name once (`wait: false`: the emulator debits at
 * submission) and reads the debit each call left in the account's ledger. Throws when a call
 * leaves other than one debit, or its result carries another estimate than `session.estimate`.
 */
export async function estimateErrors(
  session: Session,
  emulator: Emulator,
  email: string,
): Promise<EstimateError[]> {
  const debits = () =>
    emulator.inspect(email)?.transactions.filter((transaction) => transaction.type === 'debit') ?? [];
  const errors: EstimateError[] = [];
  for (const model of session.service.models) {
    const call = callForModel(model);
    if (!call) continue;
    const estimate = await session.estimate(call.operationId, call.input);
    if (estimate.kind !== 'priced' || estimate.amount === 0) continue;
    const before = debits().length;
    const result = await session.call(call.operationId, call.input, { wait: false });
    const added = debits().slice(before);
    if (added.length !== 1)
      throw new Error(`${model.id}: expected one debit in the ledger, found ${added.length}`);
    if (JSON.stringify(result.cost.estimated) !== JSON.stringify(estimate))
      throw new Error(`${model.id}: the result carries another estimate than session.estimate gave`);
    const charged = (added[0] as { amount: number }).amount;
    errors.push({
      model: model.id,
      unit: model.billingUnit ?? '',
      estimated: estimate.amount,
      charged,
      error: Math.abs(estimate.amount - charged) / charged,
    });
  }
  return errors;
}

/** The errors grouped by billing unit, in the order the units first appear. */
export function errorsByUnit(errors: readonly EstimateError[]): UnitError[] {
  const units = new Map<string, number[]>();
  for (const entry of errors) units.set(entry.unit, [...(units.get(entry.unit) ?? []), entry.error]);
  return [...units].map(([unit, values]) => ({
    unit,
    models: values.length,
    max: Math.max(...values),
    mean: values.reduce((total, value) => total + value, 0) / values.length,
  }));
}
