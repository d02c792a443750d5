/**
 * Which tools of a tool set can ever stop for a person, so that the human-in-the-loop
 * configuration names those and no others.
 * @module
 */

import type { Session } from '../../auth/session.js';
import { type ApprovalRule, mayNeedApproval, type ToolSet, type ToolSpec } from '../../tools/index.js';

/**
 * Whether some call of `spec` can need approval under `rule`: a typed tool when its operation can,
 * the dynamic `call` tool when one of the operations it reaches can; the search, describe and
 * resume tools never (they change nothing and spend nothing).
 */
export function specMayNeedApproval(
  spec: ToolSpec,
  context: { readonly session: Session; readonly set: ToolSet; readonly rule: ApprovalRule | undefined },
): boolean {
  const { session, set, rule } = context;
  const may = (operationId: string) => {
    const operation = session.operations.find((candidate) => candidate.id === operationId);
    return operation !== undefined && mayNeedApproval(rule, operation);
  };
  if (spec.kind === 'operation') return spec.operationId !== undefined && may(spec.operationId);
  if (spec.kind === 'call') return set.dynamicOperationIds.some(may);
  return false;
}
