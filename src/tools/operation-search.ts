/**
 * The dynamic mode's index of operations: search by what a model wants to do, describe one in
 * full. The search / describe / call tools are built on it.
 * @module
 */

import type { JsonSchema, Operation, OperationEffect } from '../discovery/types.js';
import { createBm25Index, type WeightedTerms } from './bm25-index.js';
import { actsOn, genericOperationIds } from './generic-operation-ids.js';
import { toProfile } from './schema-profiles/to-profile.js';
import type { SchemaProfile } from './schema-profiles/types.js';
import { QUERY_EXPANSIONS, searchTerms } from './search-terms.js';
import { type DescribeToolOptions, describeTool } from './tool-description.js';
import { assignToolNames, type ToolNames } from './tool-names.js';

/** A search result, compact enough to list many in a tool result. */
export interface OperationSearchEntry {
  /** The name to describe or call it by. */
  readonly name: string;
  readonly operationId: string;
  readonly summary: string;
  readonly category?: string;
  readonly effect: OperationEffect;
  /** The call waits for a job (it may take seconds to minutes). */
  readonly async: boolean;
}

export interface OperationSearchFilters {
  readonly category?: string | readonly string[];
  readonly version?: string | readonly string[];
  readonly effect?: OperationEffect | readonly OperationEffect[];
  readonly surface?: string | readonly string[];
  /** Only operations that wait for a job (true) or only those that answer at once (false). */
  readonly async?: boolean;
  /**
   * Include deprecated operations.
   * @default true
   */
  readonly includeDeprecated?: boolean;
}

export interface OperationSearchOptions {
  /**
   * Most results.
   * @default 8
   */
  readonly limit?: number;
  readonly filters?: OperationSearchFilters;
}

/** Everything a model needs to call one operation. */
export interface OperationDescription extends OperationSearchEntry {
  readonly description: string;
  readonly version?: string;
  readonly deprecated: boolean;
  /** The input schema, shaped for the index's profile. */
  readonly inputSchema: JsonSchema;
}

export interface OperationIndex {
  /** How many operations the index holds. */
  readonly size: number;
  /**
   * The operations that best match `query`, best first; ties go to the newer version, then the
   * name. An empty query lists the operations that pass the filters.
   */
  search(query: string, options?: OperationSearchOptions): OperationSearchEntry[];
  /** The operation with this tool name or operation id, described in full; undefined if unknown. */
  describe(nameOrOperationId: string): OperationDescription | undefined;
}

export interface CreateOperationIndexOptions {
  /** The tool names to report; assigned from the operations otherwise. */
  readonly names?: ToolNames;
  /**
   * The family the described input schemas are shaped for. The dynamic mode's call tool takes the
   * arguments as a free object, so the canonical schema, which says the most, is the default.
   * @default 'default'
   */
  readonly profile?: SchemaProfile;
  /** Description options, for every operation or per operation. */
  readonly describe?: DescribeToolOptions | ((operation: Operation) => DescribeToolOptions);
}

// How much a term counts in each field.
const FIELD_WEIGHTS = { id: 2, summary: 3, category: 2, tags: 1, version: 1, description: 1 } as const;
// Expanded query terms count less than the words the model used.
const EXPANSION_WEIGHT = 0.4;
// Words that mean a model is after a queued result rather than new work.
const FETCH_WORDS = new Set(['fetch', 'result', 'statu', 'queued', 'job', 'poll', 'resume']);
const MAX_LIMIT = 50;

/** An index of `operations`. Pure and deterministic: the same operations and query give the same results. */
export function createOperationIndex(
  operations: readonly Operation[],
  options: CreateOperationIndexOptions = {},
): OperationIndex {
  const names = options.names ?? assignToolNames(operations);
  const profile = options.profile ?? 'default';
  const documents = operations.map(documentTerms);
  const generic = genericOperationIds(operations);
  const bm25 = createBm25Index(documents);
  const newest = versionRanks(operations);
  const byKey = new Map<string, Operation>();
  for (const operation of operations) {
    byKey.set(operation.id, operation);
    const name = names.nameOf(operation.id);
    if (name) byKey.set(name, operation);
  }

  const entry = (operation: Operation): OperationSearchEntry => ({
    name: names.nameOf(operation.id) ?? operation.id,
    operationId: operation.id,
    summary: operation.summary,
    ...(operation.category === undefined ? {} : { category: operation.category }),
    effect: operation.effect,
    async: operation.async !== undefined,
  });

  return {
    size: operations.length,
    search(query, searchOptions = {}) {
      const limit = Math.min(Math.max(Math.floor(searchOptions.limit ?? 8), 1), MAX_LIMIT);
      const passes = filterFor(searchOptions.filters ?? {});
      const terms = typeof query === 'string' ? searchTerms(query.slice(0, 500)) : [];
      const wantsFetch = terms.some((term) => FETCH_WORDS.has(term));
      const scores = terms.length > 0 ? bm25.score(queryWeights(terms)) : operations.map(() => 1);
      const ranked = operations
        .map((operation, index) => {
          let score = scores[index] as number;
          // Priors: a fetch is rarely what is wanted unless asked for; deprecated operations and
          // older versions give way to their successors.
          if (operation.isFetch && !wantsFetch) score *= 0.6;
          if (operation.deprecated) score *= 0.8;
          score *= 1 + 0.02 * (newest.get(operation.version ?? '') ?? 0);
          return { operation, score, name: names.nameOf(operation.id) ?? operation.id };
        })
        .filter(({ operation, score }) => score > 0 && passes(operation))
        .sort(
          (left, right) =>
            right.score - left.score || (left.name < right.name ? -1 : left.name > right.name ? 1 : 0),
        );
      return ranked.slice(0, limit).map(({ operation }) => entry(operation));
    },
    describe(nameOrOperationId) {
      const operation = typeof nameOrOperationId === 'string' ? byKey.get(nameOrOperationId) : undefined;
      if (!operation) return undefined;
      const describeOptions = {
        ...(typeof options.describe === 'function' ? options.describe(operation) : options.describe),
        ...(generic.has(operation.id) ? { actsOn: actsOn(operation) } : {}),
      };
      return {
        ...entry(operation),
        description: describeTool(operation, describeOptions),
        ...(operation.version === undefined ? {} : { version: operation.version }),
        deprecated: operation.deprecated,
        inputSchema: toProfile(operation.input.schema, profile).schema,
      };
    },
  };
}

function documentTerms(operation: Operation): WeightedTerms {
  const terms = new Map<string, number>();
  const add = (text: string | undefined, weight: number) => {
    for (const term of searchTerms(text ?? '')) terms.set(term, (terms.get(term) ?? 0) + weight);
  };
  add(operation.id, FIELD_WEIGHTS.id);
  add(operation.summary, FIELD_WEIGHTS.summary);
  add(operation.category, FIELD_WEIGHTS.category);
  add(operation.tags.join(' '), FIELD_WEIGHTS.tags);
  add(operation.version, FIELD_WEIGHTS.version);
  add(operation.description, FIELD_WEIGHTS.description);
  return terms;
}

function queryWeights(terms: readonly string[]): WeightedTerms {
  const weights = new Map<string, number>();
  for (const term of terms) weights.set(term, (weights.get(term) ?? 0) + 1);
  for (const term of terms)
    for (const related of QUERY_EXPANSIONS[term] ?? [])
      if (!weights.has(related)) weights.set(related, EXPANSION_WEIGHT);
  return weights;
}

/** Each version's rank from the oldest (0): `v6` 0, `v7` 1, `v8` 2. */
function versionRanks(operations: readonly Operation[]): Map<string, number> {
  const versions = [...new Set(operations.map((operation) => operation.version ?? ''))]
    .filter(Boolean)
    .sort((left, right) => versionNumber(left) - versionNumber(right));
  return new Map(versions.map((version, index) => [version, index]));
}

function versionNumber(version: string): number {
  const match = /\d+/.exec(version);
  return match ? Number(match[0]) : 0;
}

function filterFor(filters: OperationSearchFilters): (operation: Operation) => boolean {
  const oneOf = <T>(wanted: T | readonly T[] | undefined, value: T | undefined) =>
    wanted === undefined || (Array.isArray(wanted) ? wanted.includes(value as T) : wanted === value);
  return (operation) =>
    oneOf(filters.category, operation.category) &&
    oneOf(filters.version, operation.version) &&
    oneOf(filters.effect, operation.effect) &&
    oneOf(filters.surface, operation.surface) &&
    (filters.async === undefined || filters.async === (operation.async !== undefined)) &&
    (filters.includeDeprecated !== false || !operation.deprecated);
}
