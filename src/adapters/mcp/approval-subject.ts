import type { Session } from '../../auth/session.js';
import type { Operation, OperationEffect } from '../../discovery/types.js';
import type { ApprovalOperation } from '../../tools/approval.js';
import type { ToolSpec } from '../../tools/tool-spec.js';

/** What a call that waits for approval would do: the operation that would run, and with what. */
export interface ApprovalSubject {
  readonly tool: string;
  /** The operation that would run; absent when `call_operation` names none the session offers. */
  readonly operation?: Operation;
  /** For `call_operation`: the operation its arguments name, as given. */
  readonly requested?: string;
  /** For `call_operation`: true, the tool runs another operation. */
  readonly dynamic: boolean;
  readonly effect: OperationEffect;
  /** The operation's own arguments (for `call_operation`, those under `arguments`). */
  readonly arguments: unknown;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** Tool names are operation ids in lower case with `[a-z0-9_]` only (tools/tool-names.ts). */
const asName = (id: string) => id.toLowerCase().replace(/[^a-z0-9_]/g, '_');

/**
 * The subject of an approval. A typed tool runs its own operation; `call_operation` runs the one
 * its `operation` argument names (an id, or a tool name with the tools' `prefix`), so that is what
 * the person must be shown. A name matches exactly or not at all: showing the wrong operation to a
 * person deciding about money would be worse than showing none.
 */
export function approvalSubject(
  spec: ToolSpec,
  args: unknown,
  session: Session,
  options: { readonly prefix?: string | undefined; readonly runs?: ApprovalOperation | undefined } = {},
): ApprovalSubject {
  if (spec.kind === 'call') {
    const input = record(args);
    const named = typeof input.operation === 'string' ? input.operation : undefined;
    const prefix = options.prefix ?? '';
    // The verdict's operation is the one the tool resolved and will run (its names, its input
    // profile): the person is shown that one. Read from the arguments only when the verdict has
    // none (an approval rule that failed).
    const operation = options.runs
      ? session.operations.find((candidate) => candidate.id === options.runs?.operationId)
      : named === undefined
        ? undefined
        : (session.operations.find((candidate) => candidate.id === named) ??
          session.operations.find((candidate) => named === `${prefix}${asName(candidate.id)}`));
    return {
      tool: spec.name,
      ...(operation ? { operation } : {}),
      ...(named !== undefined ? { requested: named } : {}),
      effect: operation?.effect ?? spec.effect,
      arguments: input.arguments ?? {},
      dynamic: true,
    };
  }
  const operation = spec.operationId
    ? session.operations.find((candidate) => candidate.id === spec.operationId)
    : undefined;
  return {
    tool: spec.name,
    ...(operation ? { operation } : {}),
    effect: spec.effect,
    arguments: args,
    dynamic: false,
  };
}
