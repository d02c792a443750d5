/**
 * Operation ids that say nothing about what the operation acts on: a document's bare
 * `restart_server` beside `v1_enterprise_3d_restart_server`. Their tools are named and described
 * with the surface they come from.
 * @module
 */

import type { Operation } from '../discovery/types.js';

/** The words of an id, lower case: `fetch3DResponse` -> `fetch`, `3d`, `response`. */
export function idWords(id: string): string[] {
  return (
    id
      // A digit run that leads an acronym is one word with it: `fetch3DResponse` -> `fetch_3DResponse`.
      .replace(/([a-z])(?=[0-9]+[A-Z]+(?![a-z]))/g, '$1_')
      // An acronym (or a number) before a capitalised word: `3DResponse` -> `3D_Response`, `v7Images` -> `v7_Images`.
      .replace(/([A-Z0-9])([A-Z][a-z])/g, '$1_$2')
      // camelCase: `getWallet` -> `get_Wallet`.
      .replace(/([a-z])([A-Z])/g, '$1_$2')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
  );
}

/**
 * The ids of `operations` that are generic: another operation's id ends with the same words, so
 * the bare id cannot tell a model which of them it is. The same operations always give the same set.
 */
export function genericOperationIds(operations: readonly { readonly id: string }[]): Set<string> {
  const tails = new Set<string>();
  for (const { id } of operations) {
    const words = idWords(id);
    for (let start = 1; start < words.length; start += 1) tails.add(words.slice(start).join('_'));
  }
  return new Set(operations.filter(({ id }) => tails.has(idWords(id).join('_'))).map(({ id }) => id));
}

/** What a generic operation acts on, for its description: its surface and its address. */
export function actsOn(operation: Operation): string {
  return `the ${operation.surface} API (${operation.method} ${operation.path})`;
}
