import type { Operation } from '../discovery/types.js';
import { scopeProblem } from './declared-scope.js';
import { isControlPlane } from './operation-choice.js';

/** @inline */
export type WithheldReason =
  | 'scope-not-granted'
  /** Its documents declare `*`, a list or a malformed name as its scope (see `allScopes`). */
  | 'unsafe-scope'
  | 'untrusted-origin'
  | 'no-api-key'
  | 'no-token';

/**
 * An operation the agent asked for but is not offered, and why.
 *
 * @example
 * const session = await connect({ baseUrl, apiKey, operations: { all: true } });
 * for (const withheld of session.withheld)
 *   console.log(withheld.operationId, withheld.reason, withheld.message);
 */
export interface WithheldOperation {
  readonly operationId: string;
  readonly reason: WithheldReason;
  readonly message: string;
}

export interface AccessPlan {
  readonly offered: readonly Operation[];
  readonly withheld: readonly WithheldOperation[];
}

export interface AccessFacts {
  /** Scopes the token carries; `'*'` for all; undefined when there is no token. */
  readonly granted: '*' | readonly string[] | undefined;
  readonly hasApiKey: boolean;
  /** Origins credentials may go to. */
  readonly trustedOrigins: ReadonlySet<string>;
  /** The caller asked for every scope: an operation declaring `*` may be offered. */
  readonly allScopes: boolean;
}

/**
 * Whether the token is asked for `operation`'s declared scope: not when it is `*`, a list or no
 * scope name, unless the caller asked for every scope anyway.
 */
export function asksForScopeOf(operation: Operation, allScopes: boolean): boolean {
  return (
    operation.requiredScope !== null && (allScopes || scopeProblem(operation.requiredScope) === undefined)
  );
}

/**
 * Decides, operation by operation, what the agent is offered: an operation whose scope was not
 * granted, whose credential is missing, or that lives on an untrusted origin is withheld with a
 * reason the session reports.
 */
export function planAccess(chosen: readonly Operation[], facts: AccessFacts): AccessPlan {
  const offered: Operation[] = [];
  const withheld: WithheldOperation[] = [];
  const hold = (operation: Operation, reason: WithheldReason, message: string) =>
    withheld.push({ operationId: operation.id, reason, message });
  for (const operation of chosen) {
    if (!facts.trustedOrigins.has(operation.origin)) {
      hold(
        operation,
        'untrusted-origin',
        `it is served from ${operation.origin}, which is not trusted; pass trustedOrigins to allow it`,
      );
      continue;
    }
    if (isControlPlane(operation) && operation.credential.kind === 'token' && facts.granted === undefined) {
      hold(
        operation,
        'no-token',
        'it needs a control-plane token; connect with auth (token, login or register)',
      );
      continue;
    }
    const scope = operation.requiredScope;
    const problem = scope !== null && !facts.allScopes ? scopeProblem(scope) : undefined;
    if (problem) {
      hold(operation, 'unsafe-scope', `${problem}; pass allScopes: true to allow it`);
      continue;
    }
    if (scope && facts.granted !== undefined && facts.granted !== '*' && !facts.granted.includes(scope)) {
      hold(operation, 'scope-not-granted', `it needs the scope ${scope}, which the token was not granted`);
      continue;
    }
    if (operation.credential.kind === 'api-key' && !facts.hasApiKey) {
      hold(operation, 'no-api-key', 'it needs a generation API key; pass apiKey or set GENTK_API_KEY');
      continue;
    }
    offered.push(operation);
  }
  return { offered, withheld };
}
