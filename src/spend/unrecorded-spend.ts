/**
 * The warning of a call whose end the budget's store could not record: the call was sent (and
 * its answer returned, since it is paid for), but its reservation holds until its TTL runs out
 * and what it charged is not counted.
 * @module
 */
import type { ServiceWarning } from '../http/index.js';
import type { BudgetStoreError } from './budget-store-error.js';

/** The `budget-unrecorded` warning of `operationId`, for the session's warning channel. */
export function unrecordedSpendWarning(operationId: string, failure: BudgetStoreError): ServiceWarning {
  return {
    kind: 'budget-unrecorded',
    subject: `operation ${operationId}`,
    message: `${operationId} was sent, but the budget could not record its end: ${failure.message}. Its reservation holds until it lapses; what it charged is not counted in the budget.`,
    links: [],
  };
}
