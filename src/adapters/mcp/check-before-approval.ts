import type { Session } from '../../auth/session.js';
import { InvalidArgumentsError, SchemaUnusableError } from '../../calls/index.js';
import { validateArguments } from '../../schema/index.js';
import { errorResult } from '../../tools/error-result.js';
import type { ToolFailure } from '../../tools/tool-result.js';
import type { ToolSpec } from '../../tools/tool-spec.js';
import type { ApprovalSubject } from './approval-subject.js';

/**
 * Refuses, before anyone is asked, arguments that the call would refuse anyway: a person should
 * not approve a payment only for the model to be told its amount was not a number and ask again.
 * A tool that can check its own arguments (`spec.check`, typed tools) does, exactly as it will when
 * it runs; otherwise they are checked against the input schema the client was shown, and
 * `call_operation`'s inner arguments against the operation's schema, as the call will. Undefined
 * when they fit.
 */
export function checkBeforeApproval(
  spec: ToolSpec,
  args: unknown,
  subject: ApprovalSubject,
  session: Session,
): ToolFailure | undefined {
  if (spec.check) return spec.check(args);
  // The schema layer compiles each schema once, whoever asks.
  const checked = validateArguments(spec.inputSchema, args);
  if (!checked.ok && checked.schemaUnusable)
    return errorResult(new SchemaUnusableError(spec.operationId ?? spec.name, checked.message));
  if (!checked.ok)
    return errorResult(
      new InvalidArgumentsError(spec.operationId ?? spec.name, checked.problems, checked.message),
    );
  if (subject.dynamic && subject.operation) {
    try {
      session.checkInput(subject.operation.id, subject.arguments);
    } catch (error) {
      return errorResult(error);
    }
  }
  return undefined;
}
