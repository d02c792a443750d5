import type { Operation } from './types.js';

/** @inline */
export type ScopeSource = 'oauth-metadata' | 'openapi' | 'runbook' | 'mcp';

/** @inline */
export interface ScopeInfo {
  readonly name: string;
  /** What the scope grants, from the runbook or the MCP scope catalogue. */
  readonly description?: string;
  /** Which documents name it. */
  readonly sources: readonly ScopeSource[];
  /** The operations that need it. */
  readonly requiredBy: readonly string[];
}

export interface ScopeListing {
  readonly source: ScopeSource;
  readonly scopes: ReadonlyArray<{ readonly name: string; readonly description?: string }>;
}

/**
 * One scope catalogue from every document that names scopes. A scope some operation needs but the
 * authorization server does not list is kept, with a problem reported: the login may refuse it.
 */
export function reconcileScopes(
  operations: readonly Operation[],
  listings: readonly ScopeListing[],
): { scopes: ScopeInfo[]; problems: string[] } {
  const byName = new Map<string, { description?: string; sources: Set<ScopeSource>; requiredBy: string[] }>();
  const entry = (name: string) => {
    let found = byName.get(name);
    if (!found) {
      found = { sources: new Set(), requiredBy: [] };
      byName.set(name, found);
    }
    return found;
  };
  for (const listing of listings) {
    for (const scope of listing.scopes) {
      const found = entry(scope.name);
      found.sources.add(listing.source);
      if (scope.description && !found.description) found.description = scope.description;
    }
  }
  for (const operation of operations) {
    if (!operation.requiredScope) continue;
    const found = entry(operation.requiredScope);
    found.sources.add('openapi');
    found.requiredBy.push(operation.id);
  }
  const problems: string[] = [];
  const oauth = listings.find((listing) => listing.source === 'oauth-metadata');
  if (oauth && oauth.scopes.length > 0) {
    const supported = new Set(oauth.scopes.map((scope) => scope.name));
    for (const [name, found] of byName) {
      if (found.requiredBy.length > 0 && !supported.has(name)) {
        problems.push(`operations need the scope ${name}, which the authorization server does not list`);
      }
    }
  }
  const scopes = [...byName.entries()]
    .map(([name, found]) => ({
      name,
      ...(found.description ? { description: found.description } : {}),
      sources: [...found.sources].sort(),
      requiredBy: found.requiredBy,
    }))
    .sort((a, b) => (a.name === '*' ? -1 : b.name === '*' ? 1 : a.name.localeCompare(b.name)));
  return { scopes, problems };
}
