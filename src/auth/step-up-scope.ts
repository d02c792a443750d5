/**
 * Which scope a session may step up to after a 403 `insufficient_scope`, if any. The service
 * names the scope it wants, in `WWW-Authenticate` or in the body, and a hostile service would name
 * `*`, a list, `admin`, or the scope of an operation the agent was never given: the session asks
 * only for the failing operation's own declared scope, once.
 * @module
 */
import type { ServiceDescription } from '../discovery/service-description.js';
import type { Operation } from '../discovery/types.js';
import { quoteScope, scopeProblem } from './declared-scope.js';

export type StepUpDecision =
  | { readonly scope: string }
  /** Why the session will not step up; the call fails with the service's refusal. */
  | { readonly refused: string };

export interface StepUpFacts {
  readonly operation: Operation;
  /** The scope the refusal named, if it named one. */
  readonly named: string | undefined;
  readonly service: ServiceDescription;
  /** Scopes the session has already stepped up to. */
  readonly steppedUp: ReadonlySet<string>;
}

/**
 * The scope to log in again with: the operation's declared scope, which the refusal may name but
 * not change. An operation its documents declare no scope for (the service changed since) may step
 * up to a scope the service publishes in its catalogue.
 */
export function stepUpScope(facts: StepUpFacts): StepUpDecision {
  const { operation, named } = facts;
  const declared = operation.requiredScope ?? undefined;
  const scope = named ?? declared;
  if (scope === undefined) return { refused: 'neither the refusal nor the documents name a scope' };
  const problem = scopeProblem(scope);
  if (problem) return { refused: problem };
  if (declared !== undefined && scope !== declared) {
    return {
      refused: `the service asks for ${quoteScope(scope)}, but ${operation.id} declares ${quoteScope(declared)}`,
    };
  }
  if (declared === undefined && !facts.service.scopes.some((entry) => entry.name === scope)) {
    return { refused: `the service publishes no scope ${quoteScope(scope)}` };
  }
  if (facts.steppedUp.has(scope)) {
    return { refused: `the session already stepped up to ${quoteScope(scope)} once` };
  }
  return { scope };
}
