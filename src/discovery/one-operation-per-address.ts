/**
 * The operations of every surface as one list: an operation that several documents describe
 * (same method, same URL) appears once, with an input that accepts what each of them declares;
 * two different operations that share an id get distinct names.
 * @module
 */

import { mergeInputs } from './merge-inputs.js';
import type { ApiSurface, AsyncBehaviour, DiscoveryWarning, Operation, OperationInput } from './types.js';

export interface OneOperationPerAddress {
  readonly operations: Operation[];
  readonly warnings: DiscoveryWarning[];
}

const addressOf = (operation: Operation): string => `${operation.method} ${operation.url}`;

/** `modelslab-3d` -> `modelslab_3d`: a surface id as a part of an operation id. */
const idPartOf = (surface: string): string => surface.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');

/**
 * Merges the operations that several surfaces publish at one address, then gives every operation
 * an id no other holds. The first description (in catalogue order) gives the merged operation its
 * id, summary and settings. Of several different operations sharing an id, the first keeps it and
 * each other becomes `<id>_<surface>`: the same documents always give the same ids.
 * References to fetch operations follow the ids they point at.
 */
export function oneOperationPerAddress(
  operations: readonly Operation[],
  surfaces: readonly ApiSurface[],
): OneOperationPerAddress {
  const warnings: DiscoveryWarning[] = [];
  const documentOf = (surface: string) => surfaces.find((item) => item.id === surface)?.specUrl ?? surface;
  // `${surface} ${id}` -> the id that operation is now known by.
  const renamed = new Map<string, string>();

  const byAddress = new Map<string, Operation[]>();
  for (const operation of operations) {
    const group = byAddress.get(addressOf(operation));
    if (group) group.push(operation);
    else byAddress.set(addressOf(operation), [operation]);
  }
  for (const [first, ...others] of byAddress.values() as Iterable<[Operation, ...Operation[]]>)
    for (const other of others) renamed.set(`${other.surface} ${other.id}`, first.id);
  // The fetch operation a description names, by the id it now has.
  const fetchOf = (operation: Operation): AsyncBehaviour | undefined => {
    const async = operation.async;
    const target = async?.fetchOperationId;
    if (async === undefined || target === undefined) return async;
    return { ...async, fetchOperationId: renamed.get(`${operation.surface} ${target}`) ?? target };
  };
  const merged = [...byAddress.values()].map((group) => {
    const [first, ...others] = group as [Operation, ...Operation[]];
    if (others.length === 0) return first;
    const documents = [...new Set(group.map((operation) => documentOf(operation.surface)))];
    const input = mergeInputs(
      group.map((operation) => operation.input) as [OperationInput, ...OperationInput[]],
    );
    const added = Object.keys((input.schema.properties ?? {}) as object).filter(
      (name) => !Object.hasOwn((first.input.schema.properties ?? {}) as object, name),
    );
    warnings.push({
      code: 'operation-described-twice',
      document: documentOf(first.surface),
      message: `${addressOf(first)} is described by ${group.length} documents (${documents.join(', ')}); it is offered once, as ${first.id}, accepting the fields of all of them${added.length > 0 ? ` (${added.join(', ')} from the others)` : ''}.`,
    });
    // What any description promises holds for the one operation: it may answer "processing"
    // (fetched as the first description that says so names it) or take an Idempotency-Key; it is
    // deprecated only when every description says so.
    const async = group.map(fetchOf).find((behaviour) => behaviour !== undefined);
    return {
      ...first,
      input,
      ...(async ? { async } : {}),
      idempotencyKey: group.some((operation) => operation.idempotencyKey),
      deprecated: group.every((operation) => operation.deprecated),
    };
  });

  const holders = new Map<string, number>();
  for (const operation of merged) holders.set(operation.id, (holders.get(operation.id) ?? 0) + 1);
  const taken = new Set(merged.map((operation) => operation.id));
  const seen = new Set<string>();
  const named = merged.map((operation) => {
    if ((holders.get(operation.id) ?? 0) < 2 || !seen.has(operation.id)) {
      seen.add(operation.id);
      return operation;
    }
    const base = `${operation.id}_${idPartOf(operation.surface)}`;
    let id = base;
    for (let suffix = 2; taken.has(id); suffix += 1) id = `${base}_${suffix}`;
    taken.add(id);
    renamed.set(`${operation.surface} ${operation.id}`, id);
    warnings.push({
      code: 'duplicate-operation-id',
      document: documentOf(operation.surface),
      message: `The id ${operation.id} is already used by another operation of another document; ${addressOf(operation)} is called ${id}.`,
    });
    return { ...operation, id };
  });

  return {
    operations: named.map((operation) => {
      const fetchId = operation.async?.fetchOperationId;
      const target = fetchId === undefined ? undefined : renamed.get(`${operation.surface} ${fetchId}`);
      if (target === undefined || target === fetchId) return operation;
      const async: AsyncBehaviour = { ...(operation.async as AsyncBehaviour), fetchOperationId: target };
      return { ...operation, async };
    }),
    warnings,
  };
}
