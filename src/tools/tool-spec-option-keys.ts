/**
 * What the options of the tool factories may hold, and the check that refuses the rest.
 * @module
 */
import { checkOperationChoice } from '../auth/operation-choice.js';
import type { Session } from '../auth/session.js';
import type { OperationEffect } from '../discovery/types.js';
import { type OptionKeys, rejectUnknownOptions, UsageError } from '../errors/index.js';
import type { ApprovalRule } from './approval.js';
import type { ToolSpecOptions } from './create-tool-specs.js';

/** The keys of {@link ToolSpecOptions}, which every tool factory takes. */
export const TOOL_SPEC_OPTION_KEYS: OptionKeys<ToolSpecOptions> = {
  mode: true,
  schema: ['schemaProfile', 'profile'],
  prefix: ['namePrefix'],
  include: ['operations', 'select', 'selection', 'only'],
  approval: ['approve', 'requireApproval'],
  waitMs: ['wait', 'timeoutMs', 'maxWaitMs'],
  tokenBudget: ['budget'],
  countTokens: true,
  onProgress: true,
  resumeToolName: true,
  onSecret: true,
  budget: ['spend'],
  maxDataChars: true,
  modelCallbacks: ['allowModelCallbacks'],
};

const APPROVAL_RULE_KEYS: OptionKeys<Extract<ApprovalRule, { readonly effects?: unknown }>> = {
  effects: true,
  operations: ['ids'],
  costAbove: ['maxCost', 'costThreshold', 'cost', 'priceAbove'],
};

const APPROVAL_EFFECT_KEYS: OptionKeys<Record<OperationEffect, boolean>> = {
  read: true,
  write: true,
  money: true,
  destructive: true,
};

/** The tool-spec options among `options` (an adapter's options hold its own besides). */
export function toolSpecOptionsOf(options: ToolSpecOptions): ToolSpecOptions {
  return Object.fromEntries(
    Object.entries(options).filter(([key]) => Object.hasOwn(TOOL_SPEC_OPTION_KEYS, key)),
  ) as ToolSpecOptions;
}

/**
 * Refuses what the options of a tool factory cannot mean: a key that `keys` (the factory's own)
 * does not list, an unknown key of an `approval` object, or an `include` choice that names what
 * the service does not have or the session does not offer. `where` names the factory's options.
 */
export function checkToolOptions<T extends ToolSpecOptions>(
  session: Session,
  options: T,
  keys: OptionKeys<T>,
  where: string,
): void {
  rejectUnknownOptions(options, keys, where);
  const approval = options.approval;
  if (typeof approval === 'object' && approval !== null) {
    rejectUnknownOptions(approval, APPROVAL_RULE_KEYS, `${where}.approval`);
    rejectUnknownOptions(approval.effects, APPROVAL_EFFECT_KEYS, `${where}.approval.effects`);
    const { costAbove } = approval;
    if (
      costAbove !== undefined &&
      !(typeof costAbove === 'number' && Number.isFinite(costAbove) && costAbove >= 0)
    )
      throw new UsageError(
        `${where}.approval.costAbove must be an amount (a number >= 0, in the currency of the service's prices), not ${JSON.stringify(costAbove)}.`,
      );
  }
  checkOperationChoice(options.include, {
    operations: session.service.operations,
    requireOperation: (id) => session.operation(id),
    where: `${where}.include`,
  });
}
