import { handlesCredentials } from '../auth/credential-operations.js';
import type { Operation, OperationEffect } from '../discovery/types.js';

/**
 * Which calls wait for a person's approval: by effect, by operation id, or a function of the
 * operation and the arguments. `'never'` turns approval off; `'always'` asks for everything.
 *
 * @example
 * createToolSpecs(session, { approval: 'default' }); // money and destructive operations wait for a person
 * createToolSpecs(session, { approval: { effects: { write: true }, operations: { get_me: false } } });
 * createToolSpecs(session, { approval: (operation, args) => operation.category === 'video' });
 */
export type ApprovalRule =
  | 'default'
  | 'never'
  | 'always'
  | {
      readonly effects?: Partial<Record<OperationEffect, boolean>>;
      readonly operations?: Readonly<Record<string, boolean>>;
    }
  | ((operation: Operation, args: unknown) => boolean | Promise<boolean>);

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

/** Whether `operation` called with `args` needs approval under `rule`. */
export async function needsApproval(
  rule: ApprovalRule | undefined,
  operation: Operation,
  args: unknown,
): Promise<boolean> {
  if (rule === undefined || rule === 'default') return approvalByDefault(operation);
  if (rule === 'never') return false;
  if (rule === 'always') return true;
  if (typeof rule === 'function') return Boolean(await rule(operation, args));
  const byOperation = rule.operations?.[operation.id];
  if (byOperation !== undefined) return byOperation;
  return rule.effects?.[operation.effect] ?? approvalByDefault(operation);
}

/** Whether the rule can ask for approval of `operation` at all (for descriptions). */
export function mayNeedApproval(rule: ApprovalRule | undefined, operation: Operation): boolean {
  if (rule === undefined || rule === 'default') return approvalByDefault(operation);
  if (rule === 'never') return false;
  if (rule === 'always' || typeof rule === 'function') return true;
  return rule.operations?.[operation.id] ?? rule.effects?.[operation.effect] ?? approvalByDefault(operation);
}
