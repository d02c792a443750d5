import { OperationNotOfferedError } from '../auth/session.js';
import { InvalidArgumentsError } from '../calls/index.js';
import { UnknownOperationError } from '../discovery/unknown-operation-error.js';
import { GenerationToolkitError } from '../errors/index.js';
import { boundServiceText } from '../http/errors/service-text.js';
import {
  InsufficientScopeError,
  PaymentRequiredError,
  RateLimitedError,
  ServiceError,
  type ServiceErrorCode,
} from '../http/index.js';
import { BudgetExceededError } from '../spend/budget-exceeded-error.js';
import { BudgetStoreError } from '../spend/budget-store-error.js';
import { possibleChargeOf } from '../spend/possible-charge.js';
import type { ToolFailure } from './tool-result.js';

const HINTS: Partial<Record<ServiceErrorCode, string>> = {
  authentication_failed:
    'The credentials were refused or have expired. A person must reconnect the agent; do not retry.',
  insufficient_scope:
    'The agent is not allowed this operation. Tell the user which permission it needs; do not retry.',
  forbidden:
    'The account may not do this (for example its plan lacks the feature). Tell the user; do not retry.',
  payment_required:
    'The account cannot pay for this (no credits, or the payment was declined). Ask the user to fund the wallet or use another card.',
  rate_limited: 'The service is busy for this account. Wait retryAfterMs, then try once more.',
  validation_failed: 'The service refused the arguments. Read the message, fix them, and call again.',
  not_found: 'Nothing has that identifier. Check it, or list what exists first.',
  conflict: 'The resource is not in a state that allows this. Read its current state first.',
  server_error: 'The service failed. Trying again later may work.',
  network_error: 'The service could not be reached. Trying again later may work.',
  timeout: 'The service did not answer in time. Trying again later may work.',
  response_format: 'The service answered something unreadable. Trying again later may work.',
  response_too_large:
    'The answer was too large to read; the same call would get the same answer. Ask for less (a smaller page, fewer items), or tell the user.',
  generation_failed: 'The generation failed. Try different input; the credits of a failed job are refunded.',
  unsafe_answer:
    'The service answered in a way that would show a secret of the session, so the answer was not passed on. Do not retry; tell the user.',
  unexpected_redirect:
    'The service redirected this call instead of answering it, so it has no result and may or may not have taken effect. Do not retry blindly: check first (list jobs, read the balance), or tell the user.',
  untrusted_origin: 'This operation lives on a host the agent does not trust. Tell the user; do not retry.',
  sunset: 'This version of the API has been retired. Use a newer operation for the same task.',
};

/** Turns anything a call threw into a result the model can read; never a stack trace, never a secret. */
export function errorResult(error: unknown): ToolFailure {
  const failure = failureOf(error);
  const charge = possibleChargeOf(error);
  if (!charge) return failure;
  return {
    ...failure,
    possiblyCharged: true,
    hint:
      charge.idempotencyKey !== undefined
        ? 'The request reached the service before it failed, so this call may have been charged (the budget counts it). Calling again with exactly the same arguments reuses the same idempotency key, so the service does not charge twice. Do not change the arguments for a retry.'
        : "The request reached the service before it failed, so this call may have been charged (the budget counts it). This operation takes no idempotency key: calling again may charge again. Check the wallet's transactions or the job list first, or tell the user.",
  };
}

function failureOf(error: unknown): ToolFailure {
  if (InvalidArgumentsError.isInstance(error)) {
    return {
      ok: false,
      status: 'error',
      code: 'invalid_arguments',
      message: error.message,
      retryable: false,
      problems: error.problems.map(({ field, message }) => ({ field, message })),
      hint: 'Nothing was sent. Fix the arguments named above and call the tool again.',
    };
  }
  if (BudgetExceededError.isInstance(error)) return budgetRefusal(error);
  if (BudgetStoreError.isInstance(error)) {
    // The session throws it only before sending: after a call is sent, a store failure costs the
    // budget its record of the charge, never the caller its answer.
    return failureFrom(
      error,
      error.code === 'budget_store_reset'
        ? 'Nothing was sent: the spending budget lost its record of what was spent, so no call is allowed until a person sets it again. Do not retry; tell the user.'
        : 'Nothing was sent: the spending budget could not be checked. Try again later, or tell the user.',
    );
  }
  if (OperationNotOfferedError.isInstance(error) || UnknownOperationError.isInstance(error)) {
    return failureFrom(
      error,
      'This operation is not available to the agent. Use another tool or tell the user.',
      false,
    );
  }
  if (ServiceError.isInstance(error)) {
    const failure: ToolFailure = {
      ok: false,
      status: 'error',
      code: error.code,
      ...(error.serviceCode !== undefined ? { serviceCode: error.serviceCode } : {}),
      message: error.message,
      // The service's words go in a field of their own: the hint is only ever the toolkit's.
      ...(error.serviceMessage !== undefined ? { serviceMessage: error.serviceMessage } : {}),
      retryable: error.retryable,
      ...(error.httpStatus !== undefined ? { httpStatus: error.httpStatus } : {}),
      ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
      ...(InsufficientScopeError.isInstance(error) && error.requiredScope
        ? { requiredScope: error.requiredScope }
        : {}),
      hint:
        HINTS[error.code] ??
        (error.retryable ? 'Trying again later may work.' : 'Do not retry; tell the user.'),
    };
    if (PaymentRequiredError.isInstance(error) && error.declineCode) {
      return {
        ...failure,
        declineCode: boundServiceText(error.declineCode, 100),
        hint: `${failure.hint} The card was declined (see declineCode).`,
      };
    }
    if (RateLimitedError.isInstance(error) && error.queueLimit !== undefined) {
      return {
        ...failure,
        hint: `The account already has ${error.queueLimit} jobs queued. Wait for one to finish (retryAfterMs), then try again.`,
      };
    }
    return failure;
  }
  if (GenerationToolkitError.isInstance(error)) {
    // The toolkit's own messages are written for people and hold no secret.
    return failureFrom(
      error,
      error.retryable ? 'Trying again later may work.' : 'Do not retry; tell the user.',
    );
  }
  if (error instanceof Error && error.name === 'AbortError') {
    return failureFrom(
      { code: 'aborted', message: 'The call was cancelled.', retryable: false },
      'The call was cancelled by the application.',
    );
  }
  // Anything else is a fault of ours; its message may hold anything, so it is not passed on.
  return failureFrom(
    { code: 'internal_error', message: 'The tool failed unexpectedly.', retryable: false },
    'Tell the user the tool failed; the application log has the details.',
  );
}

/**
 * A failure in the toolkit's own words: `error`'s code and message (written for people, holding no
 * secret), whether to retry (the error's, unless told), and the `hint` for the model.
 */
function failureFrom(
  error: { readonly code: string; readonly message: string; readonly retryable: boolean },
  hint: string,
  retryable = error.retryable,
): ToolFailure {
  return { ok: false, status: 'error', code: error.code, message: error.message, retryable, hint };
}

/** A refusal for the budget, with what the model can do instead. */
function budgetRefusal(error: BudgetExceededError): ToolFailure {
  const { estimate, cheaper } = error;
  const instead = cheaper
    ? `Use model ${cheaper.model} instead (about ${cheaper.amount} ${error.currency}), or a smaller request.`
    : estimate.kind === 'priced'
      ? 'Ask for less (fewer images, a shorter video), or tell the user the budget is spent.'
      : 'Name a model the feed prices, or tell the user; calls of unknown cost are refused under a budget.';
  return {
    ok: false,
    status: 'error',
    code: 'budget_exceeded',
    message: error.message,
    retryable: false,
    budget: {
      left: error.left,
      currency: error.currency,
      wouldCost: estimate.amount,
      basis: estimate.basis,
      ...(cheaper ? { cheaperModel: { model: cheaper.model, cost: cheaper.amount } } : {}),
    },
    hint: `Nothing was sent. ${instead}`,
  };
}
