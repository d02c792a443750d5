/**
 * The contract every benchmark module implements. Each module exports
 * `run(): Promise<BenchSection>`; `bench/run.ts` collects the sections into one table and
 * `bench/results.json`.
 * @module
 */

/** One measured figure, expressed against a baseline measured in the same run where there is one. */
export interface BenchFigure {
  /** What was measured, e.g. `typed mode, all operations`. */
  readonly name: string;
  /** The measured value, in `unit`. */
  readonly value: number;
  /** Unit of `value` (and of the baseline's value), e.g. `tokens`, `ms`, `fetches/job`. */
  readonly unit: string;
  /** The same quantity measured for the comparison point in the same run. */
  readonly baseline?: { readonly name: string; readonly value: number };
  /** `value / baseline.value`; absent when there is no baseline or it is zero. */
  readonly ratio?: number;
  /** A short human note: what good looks like, or what the value lists. */
  readonly note?: string;
  /** For a figure that proves a claim (e.g. "the core loads no framework"): whether it held. */
  readonly pass?: boolean;
}

/** A group of figures proving one claim. */
export interface BenchSection {
  /** Short stable identifier used by `--only`, e.g. `tokens`. */
  readonly id: string;
  /** Human title for the table. */
  readonly title: string;
  readonly figures: readonly BenchFigure[];
  /** Wall-clock milliseconds the section took; filled in by the runner. */
  readonly elapsedMs?: number;
  /** When the section ran (ISO 8601); filled in by the runner. */
  readonly ranAt?: string;
  /** Why the section did not run (e.g. `redis-server` is not installed). */
  readonly skipped?: string;
  /** Why the section failed part-way, when it did; filled in by the runner. */
  readonly failed?: string;
}

export interface FigureInput {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  readonly baseline?: { readonly name: string; readonly value: number };
  readonly note?: string;
  readonly pass?: boolean;
}

/**
 * A figure with its ratio computed the one way every section uses (`value / baseline.value`),
 * left out when the baseline is zero so that every ratio in the results is finite.
 */
export function figure(input: FigureInput): BenchFigure {
  const { baseline } = input;
  const ratio = baseline !== undefined && baseline.value !== 0 ? input.value / baseline.value : undefined;
  return {
    ...input,
    ...(ratio !== undefined && Number.isFinite(ratio) ? { ratio } : {}),
  };
}
