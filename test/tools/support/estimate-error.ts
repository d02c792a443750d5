/**
 * How far the token estimate is from o200k_base on the project's own tool definitions: the
 * emulator's operations and those of the real production documents, typed, dynamic and as a naive
 * converter sends them, in every schema profile's wire format. Shared by the estimator's test and
 * the tokens benchmark, so that the figure the README states is the one both measure.
 */
import {
  type CountTokens,
  dynamicToolDefinitions,
  estimateTokens,
  SCHEMA_PROFILES,
  serialiseToolDefinition,
  type ToolDefinition,
  typedToolDefinitions,
  WIRE_FORMAT_OF_PROFILE,
} from '../../../src/tools/index.js';
import type { OperationSet } from './tool-operations.js';

/** One group of definitions sent together, and its count both ways. */
export interface EstimatedSet {
  /** e.g. `emulator, gemini, typed`. */
  readonly label: string;
  readonly exact: number;
  readonly estimated: number;
}

export interface EstimateError {
  readonly sets: readonly EstimatedSet[];
  /** Largest |estimate / exact - 1| over the sets' totals. */
  readonly worstSet: number;
  /** Median, 95th percentile and largest |estimate / exact - 1| over single definitions. */
  readonly perDefinition: { readonly median: number; readonly p95: number; readonly worst: number };
  readonly definitions: number;
}

function definitionsOf(set: OperationSet, profile: (typeof SCHEMA_PROFILES)[number]) {
  const naive: ToolDefinition[] = set.operations.map((operation) => ({
    name: operation.id,
    description: [operation.summary, operation.description].filter(Boolean).join('\n\n'),
    inputSchema: set.rawInputSchemas.get(operation.id) ?? operation.input.schema,
  }));
  return {
    typed: typedToolDefinitions(set.operations, { profile }),
    dynamic: dynamicToolDefinitions({ operations: set.operations }),
    naive,
  };
}

/** The estimate's error against `exact` (o200k_base) on `operationSets`. */
export function measureEstimateError(
  operationSets: readonly OperationSet[],
  exact: CountTokens,
): EstimateError {
  const sets: EstimatedSet[] = [];
  const relative: number[] = [];
  for (const operationSet of operationSets)
    for (const profile of SCHEMA_PROFILES) {
      const wire = WIRE_FORMAT_OF_PROFILE[profile];
      for (const [kind, definitions] of Object.entries(definitionsOf(operationSet, profile))) {
        let exactTotal = 0;
        let estimatedTotal = 0;
        for (const definition of definitions) {
          const text = serialiseToolDefinition(definition, wire);
          const counted = exact(text);
          const estimated = estimateTokens(text);
          exactTotal += counted;
          estimatedTotal += estimated;
          relative.push(Math.abs(estimated / counted - 1));
        }
        sets.push({
          label: `${operationSet.label}, ${profile}, ${kind}`,
          exact: exactTotal,
          estimated: estimatedTotal,
        });
      }
    }
  relative.sort((a, b) => a - b);
  const at = (share: number) =>
    relative[Math.min(relative.length - 1, Math.floor(relative.length * share))] ?? 0;
  return {
    sets,
    worstSet: Math.max(...sets.map((set) => Math.abs(set.estimated / set.exact - 1))),
    perDefinition: { median: at(0.5), p95: at(0.95), worst: relative.at(-1) ?? 0 },
    definitions: relative.length,
  };
}
