/**
 * What the service's own annotations say an operation does: MCP-style hints
 * (`x-mcp-annotations`, `x-annotations`, or `readOnlyHint` / `destructiveHint` at the operation),
 * and the extensions services use to mark an effect (`x-effect`, `x-money`, `x-destructive`,
 * `x-consequential`, `x-openai-isConsequential`). They can only make an operation stricter: a
 * `readOnlyHint: true` on a wallet top-up is a claim, not evidence.
 * @module
 */

import type { OperationEffect } from '../types.js';
import { isPlainObject } from './plain-object.js';
import { stricterEffect } from './scope-evidence.js';

const EFFECT_NAMES: Readonly<Record<string, OperationEffect>> = {
  money: 'money',
  payment: 'money',
  billing: 'money',
  financial: 'money',
  destructive: 'destructive',
  delete: 'destructive',
  write: 'write',
  mutating: 'write',
  consequential: 'write',
};

const isTrue = (value: unknown) => value === true || value === 'true';

function hintEffect(hints: Record<string, unknown>): OperationEffect | undefined {
  if (isTrue(hints.destructiveHint)) return 'destructive';
  if (hints.readOnlyHint === false || hints.readOnlyHint === 'false') return 'write';
  return undefined;
}

/**
 * The strictest effect the operation's annotations claim, or undefined when they claim none.
 *
 * @example
 * annotationEffect({ 'x-mcp-annotations': { destructiveHint: true } }); // 'destructive'
 * annotationEffect({ 'x-effect': 'money' }); // 'money'
 */
export function annotationEffect(operation: Record<string, unknown>): OperationEffect | undefined {
  let effect: OperationEffect | undefined;
  const raise = (next: OperationEffect | undefined) => {
    if (next !== undefined) effect = effect === undefined ? next : stricterEffect(effect, next);
  };
  raise(hintEffect(operation));
  for (const key of ['x-mcp-annotations', 'x-annotations', 'x-mcp', 'annotations']) {
    const hints = operation[key];
    if (isPlainObject(hints)) raise(hintEffect(hints));
  }
  for (const key of ['x-effect', 'x-operation-effect', 'x-side-effect', 'x-kind']) {
    const named = operation[key];
    if (typeof named !== 'string') continue;
    const lowered = named.trim().toLowerCase();
    if (Object.hasOwn(EFFECT_NAMES, lowered)) raise(EFFECT_NAMES[lowered]);
  }
  if (isTrue(operation['x-money']) || isTrue(operation['x-payment']) || isTrue(operation['x-charges']))
    raise('money');
  if (isTrue(operation['x-destructive'])) raise('destructive');
  if (isTrue(operation['x-openai-isConsequential']) || isTrue(operation['x-consequential'])) raise('write');
  return effect;
}
