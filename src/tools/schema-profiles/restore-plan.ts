/**
 * How to map a model's arguments, shaped by a profile, back to the canonical shape. A plan
 * mirrors the profiled schema: each node says what the profile changed there.
 * @module
 */

import type { JsonSchema } from '../../discovery/types.js';
import { isRecord, type JsonType, jsonTypeOf, setOwn, typeAccepts } from '../../schema/schema-node.js';

export type RestorePlan =
  /** Nothing changed here or below. */
  | { readonly kind: 'keep' }
  | {
      readonly kind: 'object';
      /** By the property's profiled name. */
      readonly properties: Readonly<Record<string, PropertyRestore>>;
    }
  | { readonly kind: 'array'; readonly items: RestorePlan }
  /** A union the profile kept as alternatives: the plan of the first branch whose type fits. */
  | { readonly kind: 'union'; readonly branches: readonly UnionBranchRestore[] }
  /** Enum values the profile turned into strings (Gemini): each string back to its value. */
  | { readonly kind: 'enum-text'; readonly values: ReadonlyMap<string, unknown> }
  /** A value the profile asked for as JSON text, because the family cannot describe it. */
  | { readonly kind: 'json-text' };

export interface PropertyRestore {
  /** The property's canonical name, when the profile renamed it. */
  readonly canonicalName: string;
  readonly plan: RestorePlan;
  /** The profile made this optional property nullable (OpenAI strict): null means "left out". */
  readonly nullMeansAbsent: boolean;
}

export interface UnionBranchRestore {
  readonly types: readonly JsonType[];
  readonly plan: RestorePlan;
}

/** A schema shaped by a profile, with the plan that takes arguments written against it back. */
export interface Profiled {
  readonly schema: JsonSchema;
  readonly plan: RestorePlan;
}

export const KEEP: RestorePlan = { kind: 'keep' };

/** An object plan, or `keep` when none of its properties changes anything. */
export function objectPlan(properties: Record<string, PropertyRestore>): RestorePlan {
  const changes = Object.entries(properties).some(
    ([name, entry]) => entry.canonicalName !== name || entry.nullMeansAbsent || entry.plan.kind !== 'keep',
  );
  return changes ? { kind: 'object', properties } : KEEP;
}

export function arrayPlan(items: RestorePlan): RestorePlan {
  return items.kind === 'keep' ? KEEP : { kind: 'array', items };
}

export function unionPlan(branches: UnionBranchRestore[]): RestorePlan {
  return branches.every((branch) => branch.plan.kind === 'keep') ? KEEP : { kind: 'union', branches };
}

// A model's arguments are small; deeper input is hostile or broken, and is left to the validator.
const MAX_RESTORE_DEPTH = 64;

/**
 * `value` mapped back by `plan`. Never throws and never changes `value`: what does not fit the
 * plan is passed on as it is, for the validator to explain.
 */
export function restoreWith(plan: RestorePlan, value: unknown, depth = 0): unknown {
  if (plan.kind === 'keep' || depth > MAX_RESTORE_DEPTH) return value;
  switch (plan.kind) {
    case 'object': {
      if (!isRecord(value)) return value;
      const restored: Record<string, unknown> = {};
      for (const [name, entry] of Object.entries(value)) {
        const property = Object.hasOwn(plan.properties, name) ? plan.properties[name] : undefined;
        if (!property) {
          setOwn(restored, name, entry);
          continue;
        }
        if (entry === null && property.nullMeansAbsent) continue;
        setOwn(restored, property.canonicalName, restoreWith(property.plan, entry, depth + 1));
      }
      return restored;
    }
    case 'array':
      return Array.isArray(value) ? value.map((item) => restoreWith(plan.items, item, depth + 1)) : value;
    case 'union': {
      const type = jsonTypeOf(value);
      const branch = plan.branches.find((candidate) =>
        candidate.types.some((wanted) => typeAccepts(wanted, type)),
      );
      return branch ? restoreWith(branch.plan, value, depth + 1) : value;
    }
    case 'enum-text':
      return typeof value === 'string' && plan.values.has(value) ? plan.values.get(value) : value;
    case 'json-text':
      return parseJsonText(value);
  }
}

function parseJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    // Not JSON: a plain string the model meant literally; the validator decides.
    return value;
  }
}
