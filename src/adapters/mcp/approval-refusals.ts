import type { ToolFailure } from '../../tools/tool-result.js';
import type { ApprovalSubject } from './approval-subject.js';

const what = (subject: ApprovalSubject) => subject.operation?.id ?? subject.requested ?? subject.tool;

const effectWords = (subject: ApprovalSubject) =>
  subject.effect === 'money'
    ? 'moves money'
    : subject.effect === 'destructive'
      ? 'deletes something'
      : 'is set to need approval';

/** No one can be asked: the client has no elicitation and the server no `approve` callback. */
export function approvalRequired(subject: ApprovalSubject): ToolFailure {
  return {
    ok: false,
    status: 'error',
    code: 'approval_required',
    message: `${what(subject)} ${effectWords(subject)} and needs a person's approval, but no one can be asked: this MCP client does not support elicitation and the server has no approve callback. Nothing was done.`,
    retryable: false,
    hint: 'Tell the user this needs their approval. To allow it, use an MCP client that supports elicitation, pass `approve` to createMcpServer, or change its `approval` option.',
  };
}

/** The person said no (`decline`), or closed the question without answering (`cancel`). */
export function approvalDeclined(subject: ApprovalSubject, action: 'decline' | 'cancel'): ToolFailure {
  return {
    ok: false,
    status: 'error',
    code: 'approval_declined',
    message:
      action === 'decline'
        ? `The user declined ${what(subject)}. Nothing was done.`
        : `The user dismissed the approval of ${what(subject)} without accepting it. Nothing was done.`,
    retryable: false,
    hint: 'Do not call it again unless the user asks you to.',
  };
}

/** Asking failed: the client refused the question, or no answer came in time. */
export function approvalFailed(subject: ApprovalSubject): ToolFailure {
  return {
    ok: false,
    status: 'error',
    code: 'approval_failed',
    message: `The user's approval of ${what(subject)} could not be obtained (the question failed or was not answered in time). Nothing was done.`,
    retryable: true,
    hint: 'Ask the user whether they want this, then call again.',
  };
}
