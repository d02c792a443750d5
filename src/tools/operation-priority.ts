/**
 * Orders of preference between operations, for choosing which get typed tools when not all fit.
 * @module
 */

import type { Operation, OperationEffect } from '../discovery/types.js';

/** Negative when `left` should come first, positive when `right` should, 0 when it does not say. */
export type OperationComparator = (left: Operation, right: Operation) => number;

const EFFECT_ORDER: Readonly<Record<OperationEffect, number>> = {
  read: 0,
  write: 1,
  money: 2,
  destructive: 3,
};

/** Generation operations (called with the API key) before the control plane (tokens, billing). */
export const generationFirst: OperationComparator = (left, right) =>
  Number(left.credential.kind !== 'api-key') - Number(right.credential.kind !== 'api-key');

/**
 * Fetch operations after the rest: a typed tool already waits for its job, and the resume tool
 * picks up the ones that outlive the wait, so a typed fetch adds little.
 */
export const fetchOperationsLast: OperationComparator = (left, right) =>
  Number(left.isFetch) - Number(right.isFetch);

/** Read before write, write before money, money before destructive. */
export const readFirst: OperationComparator = (left, right) =>
  EFFECT_ORDER[left.effect] - EFFECT_ORDER[right.effect];

/** The newer API version first (`v8` before `v7`); operations without a version last. */
export const newerVersionFirst: OperationComparator = (left, right) => versionOf(right) - versionOf(left);

export const nonDeprecatedFirst: OperationComparator = (left, right) =>
  Number(left.deprecated) - Number(right.deprecated);

/**
 * The default preference: generation before the control plane, fetches last, read before write,
 * newer version first, non-deprecated first; ties by id.
 */
export const DEFAULT_OPERATION_PRIORITY: readonly OperationComparator[] = [
  generationFirst,
  fetchOperationsLast,
  readFirst,
  newerVersionFirst,
  nonDeprecatedFirst,
];

/** `operations` sorted by `priority` (a copy), ties broken by id so the order is always the same. */
export function sortByPriority(
  operations: readonly Operation[],
  priority: readonly OperationComparator[] = DEFAULT_OPERATION_PRIORITY,
): Operation[] {
  return [...operations].sort((left, right) => {
    for (const compare of priority) {
      const order = compare(left, right);
      if (order !== 0) return order;
    }
    return left.id < right.id ? -1 : left.id > right.id ? 1 : 0;
  });
}

function versionOf(operation: Operation): number {
  const match = /\d+/.exec(operation.version ?? '');
  return match ? Number(match[0]) : -1;
}
