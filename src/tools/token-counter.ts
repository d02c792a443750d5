/**
 * The token counter of the footprint and of token budgets: exact (o200k_base) when the optional
 * peer `gpt-tokenizer` is installed, the calibrated estimate otherwise, so that the library itself
 * carries no vocabulary.
 * @module
 */

import { estimateTokens } from './estimate-tokens.js';

/**
 * Counts the tokens of a text.
 * @inline
 */
export type CountTokens = (text: string) => number;

/**
 * How a {@link TokenCounter} counts: `o200k_base` exactly, with the optional peer `gpt-tokenizer`;
 * `estimate` with an estimate calibrated on tool definitions, when that peer is not installed.
 *
 * @example
 * ```ts
 * const { tokens, countedWith } = await toolSet.footprint();
 * console.log(countedWith === 'o200k_base' ? `${tokens} tokens` : `about ${tokens} tokens`);
 * ```
 */
export type TokenCountMethod = 'o200k_base' | 'estimate';

/**
 * A token counter that says how it counts.
 *
 * @example
 * ```ts
 * const countTokens = await loadTokenCounter();
 * countTokens('hello world'); // 2
 * countTokens.method;         // 'o200k_base' with gpt-tokenizer installed, else 'estimate'
 * ```
 */
export interface TokenCounter extends CountTokens {
  readonly method: TokenCountMethod;
}

/** The exact counter's module, as `gpt-tokenizer/encoding/o200k_base` exports it. */
export interface ExactEncoding {
  countTokens(text: string): number;
}

/** The one module of the peer the exact counter needs (its other encodings are never loaded). */
const EXACT_ENCODING = 'gpt-tokenizer/encoding/o200k_base';

/** The counter of `estimateTokens`. */
export const estimatingCounter: TokenCounter = Object.assign((text: string) => estimateTokens(text), {
  method: 'estimate' as const,
});

/**
 * The exact counter from `importExact`, or the estimating one when the peer is not installed. Any
 * other failure to load it (a broken install) is thrown, not hidden behind the estimate.
 */
export async function tokenCounterFrom(importExact: () => Promise<ExactEncoding>): Promise<TokenCounter> {
  try {
    const encoding = await importExact();
    return Object.assign((text: string) => encoding.countTokens(text), { method: 'o200k_base' as const });
  } catch (error) {
    if (isPeerMissing(error)) return estimatingCounter;
    throw error;
  }
}

/** Whether `error` says that the peer itself, not something it imports, cannot be found. */
function isPeerMissing(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code } = error as { code?: unknown };
  return (
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
    error.message.includes(`'${EXACT_ENCODING.split('/')[0]}`)
  );
}

let counter: Promise<TokenCounter> | undefined;

/**
 * The token counter of tool footprints: o200k_base exactly when the optional peer `gpt-tokenizer`
 * is installed (`npm install gpt-tokenizer`), else an estimate calibrated on tool definitions
 * (within 4 % of o200k_base for a whole set). Loaded on first use, then shared: the exact tables
 * take a few megabytes of memory, which a program that never counts should not load.
 *
 * @example
 * ```ts
 * import { connect, createToolSpecs, loadTokenCounter } from 'generation-agent-toolkit';
 *
 * const session = await connect({ baseUrl, apiKey, operations: { all: true } });
 * const countTokens = await loadTokenCounter();
 * // The auto mode's budget, counted exactly when gpt-tokenizer is installed.
 * const set = createToolSpecs(session, { mode: 'auto', tokenBudget: 6000, countTokens });
 * ```
 */
export function loadTokenCounter(): Promise<TokenCounter> {
  counter ??= tokenCounterFrom(() => import(EXACT_ENCODING) as Promise<ExactEncoding>);
  return counter;
}
