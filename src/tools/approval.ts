import { handlesCredentials } from '../auth/credential-operations.js';
import type { Operation, OperationEffect } from '../discovery/types.js';
import { type CostCheck, checkCost, type EstimateCost } from './cost-approval.js';
import type { ToolSpec } from './tool-spec.js';

/**
 * Which calls wait for a person's approval: by effect, by operation id, by expected cost, or a
 * function of the operation and the arguments. `'never'` turns approval off; `'always'` asks for
 * everything.
 *
 * @example
 * ```ts
 * // Money and deletions as by default, plus any call estimated above $1 (or of unknown cost);
 * // the question put to the person gives the estimate and its basis.
 * const tools = createAISDKTools(session, { approval: { costAbove: 1 } });
 * createToolSpecs(session, { approval: 'default' }); // money and destructive operations wait for a person
 * createToolSpecs(session, { approval: { effects: { write: true }, operations: { get_me: false } } });
 * createToolSpecs(session, { approval: (operation, args) => operation.category === 'video' });
 * ```
 */
export type ApprovalRule =
  | 'default'
  | 'never'
  | 'always'
  | {
      /** By effect; an effect left out keeps its default (money and destructive ask). */
      readonly effects?: Partial<Record<OperationEffect, boolean>>;
      /** By operation id; an operation named here is asked about (or not) whatever its cost. */
      readonly operations?: Readonly<Record<string, boolean>>;
      /**
       * Also ask about any call whose estimate (`session.estimate`) is above this amount, in the
       * currency of the service's prices, or whose cost cannot be estimated. The estimate, its
       * basis and the threshold are put in the question. @default no threshold
       */
      readonly costAbove?: number;
    }
  | ((operation: Operation, args: unknown) => boolean | Promise<boolean>);

/**
 * Whether a call waits for a person, and, when the rule prices calls (`costAbove`), what it is
 * expected to cost: for the question, whatever made the call need approval.
 */
export interface ApprovalVerdict {
  readonly needed: boolean;
  readonly cost?: CostCheck;
  /**
   * For a tool that runs the operation its arguments name (`call_operation`): that operation, as
   * the approval words describe it, so they say what it does (moves money, handles credentials)
   * as its typed tool's would.
   */
  readonly runs?: ApprovalOperation;
}

/** The operation a call would run, as approval words describe it. */
export interface ApprovalOperation {
  readonly operationId: string;
  readonly summary?: string;
  readonly effect: OperationEffect;
  readonly handlesCredentials: boolean;
}

/** `operation` as approval words describe it. */
export function approvalOperation(operation: Operation): ApprovalOperation {
  return {
    operationId: operation.id,
    ...(operation.summary ? { summary: operation.summary } : {}),
    effect: operation.effect,
    handlesCredentials: handlesCredentials(operation),
  };
}

/** Money and destruction need a person by default (DESIGN.md, Principles). */
export const DEFAULT_APPROVAL_EFFECTS: Readonly<Record<OperationEffect, boolean>> = {
  read: false,
  write: false,
  money: true,
  destructive: true,
};

/**
 * What approval asks for when the rule says nothing of `operation`: money and destruction (by
 * effect), and every operation that handles credentials, whatever its effect: a login or a token
 * exchange chosen explicitly still needs a person.
 */
function approvalByDefault(operation: Operation): boolean {
  return DEFAULT_APPROVAL_EFFECTS[operation.effect] || handlesCredentials(operation);
}

/**
 * Whether `operation` called with `args` needs approval under `rule`. A rule with `costAbove`
 * estimates the call with `estimateCost` (a rule that prices calls with no estimator to ask treats
 * every cost as unknown, so it asks).
 *
 * @example
 * const operation = service.requireOperation('create_payment');
 * if (await needsApproval('default', operation, input)) await askThePerson(operation, input);
 */
export async function needsApproval(
  rule: ApprovalRule | undefined,
  operation: Operation,
  args: unknown,
  estimateCost?: EstimateCost,
): Promise<boolean> {
  return (await approvalVerdict(rule, operation, args, estimateCost)).needed;
}

/** {@link needsApproval} with the cost check that went into it, for the question. */
export async function approvalVerdict(
  rule: ApprovalRule | undefined,
  operation: Operation,
  args: unknown,
  estimateCost: EstimateCost = unestimated,
): Promise<ApprovalVerdict> {
  if (rule === undefined || rule === 'default') return { needed: approvalByDefault(operation) };
  if (rule === 'never') return { needed: false };
  if (rule === 'always') return { needed: true };
  if (typeof rule === 'function') return { needed: Boolean(await rule(operation, args)) };
  const byOperation = rule.operations?.[operation.id];
  if (byOperation !== undefined) return { needed: byOperation };
  const byEffect = rule.effects?.[operation.effect] ?? approvalByDefault(operation);
  if (rule.costAbove === undefined) return { needed: byEffect };
  const cost = await checkCost(estimateCost, operation.id, args, rule.costAbove);
  return { needed: byEffect || cost.above, cost };
}

const unestimated: EstimateCost = async () => {
  throw new Error('no estimator');
};

/**
 * The threshold above which `rule` asks about `operation` only because of its cost: undefined
 * when the rule has none, or asks about the operation whatever it costs (for descriptions).
 */
export function approvalOnlyAbove(rule: ApprovalRule | undefined, operation: Operation): number | undefined {
  if (typeof rule !== 'object' || rule.costAbove === undefined) return undefined;
  if (rule.operations?.[operation.id] !== undefined) return undefined;
  return (rule.effects?.[operation.effect] ?? approvalByDefault(operation)) ? undefined : rule.costAbove;
}

/** Whether the rule can ask for approval of `operation` at all (for descriptions). */
export function mayNeedApproval(rule: ApprovalRule | undefined, operation: Operation): boolean {
  if (rule === undefined || rule === 'default') return approvalByDefault(operation);
  if (rule === 'never') return false;
  if (rule === 'always' || typeof rule === 'function') return true;
  const byOperation = rule.operations?.[operation.id];
  if (byOperation !== undefined) return byOperation;
  // Any call can be estimated above the threshold (or of unknown cost).
  if (rule.costAbove !== undefined) return true;
  return rule.effects?.[operation.effect] ?? approvalByDefault(operation);
}

/** What a tool's approval rule says of a call, with the cost check when the rule prices calls. */
export async function verdictOf(spec: ToolSpec, args: unknown): Promise<ApprovalVerdict> {
  return spec.approval ? spec.approval(args) : { needed: await spec.needsApproval(args) };
}
