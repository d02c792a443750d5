import type { Operation, OperationEffect } from '../discovery/types.js';

/**
 * Which operations the agent may use. Every criterion given must hold (an id list wins over the
 * rest); `exclude` removes operations afterwards.
 */
export interface OperationChoice {
  readonly ids?: readonly string[];
  readonly categories?: readonly string[];
  readonly versions?: readonly string[];
  readonly surfaces?: readonly string[];
  readonly effects?: readonly OperationEffect[];
  /** Only operations that change nothing. */
  readonly readOnly?: boolean;
  readonly where?: (operation: Operation) => boolean;
  readonly exclude?: readonly string[] | ((operation: Operation) => boolean);
}

/** Whether an operation belongs to the control plane: it is called with the scoped token. */
export function isControlPlane(operation: Operation): boolean {
  return operation.credential.kind === 'token' || operation.requiredScope !== null;
}

/**
 * The default choice: every generation operation, and the read-only operations of the control
 * plane. Writes, money and destruction on the account must be asked for.
 */
export const DEFAULT_CHOICE: OperationChoice = {
  where: (operation) => !isControlPlane(operation) || operation.effect === 'read',
};

function matches(operation: Operation, choice: OperationChoice): boolean {
  const within = <T>(values: readonly T[] | undefined, value: T | undefined) =>
    values === undefined || (value !== undefined && values.includes(value));
  return (
    within(choice.categories, operation.category) &&
    within(choice.versions, operation.version) &&
    within(choice.surfaces, operation.surface) &&
    within(choice.effects, operation.effect) &&
    (!choice.readOnly || operation.effect === 'read') &&
    (choice.where?.(operation) ?? true)
  );
}

/** The operations `choice` selects, in the description's order (ids are checked by the caller). */
export function chooseOperations(operations: readonly Operation[], choice: OperationChoice): Operation[] {
  const ids = choice.ids ? new Set(choice.ids) : undefined;
  const excluded = choice.exclude;
  return operations.filter((operation) => {
    if (ids ? !ids.has(operation.id) : !matches(operation, choice)) return false;
    if (excluded === undefined) return true;
    return typeof excluded === 'function' ? !excluded(operation) : !excluded.includes(operation.id);
  });
}
