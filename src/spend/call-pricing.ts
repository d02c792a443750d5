/**
 * A session's pricing: the model feed (the description's, or read once when discovery skipped
 * it), the account's plan (read once, when the session may), and the token counter, put to the
 * estimator.
 * @module
 */
import { readModelsFeed } from '../discovery/discover.js';
import type { ModelInfo } from '../discovery/documents/models-feed.js';
import type { ServiceDescription } from '../discovery/service-description.js';
import type { Operation } from '../discovery/types.js';
import type { Transport } from '../http/index.js';
import { estimateTokens } from '../tokens/estimate-tokens.js';
import { type CountTokens, loadTokenCounter, tokenCounterIfLoaded } from '../tokens/token-counter.js';
import type { CheaperModel } from './budget-exceeded-error.js';
import { cheaperModel } from './cheaper-model.js';
import type { CostEstimate } from './cost-estimate.js';
import { type EstimateCostInput, estimateCost } from './estimate-cost.js';
import type { PlanCoverage } from './plan-coverage.js';
import { refuseUnlistedModel } from './unlisted-model.js';

export interface CallPricingSources {
  readonly service: ServiceDescription;
  /** Masks the session's secrets in what an estimate quotes of the arguments (a model may type one as a model id). */
  readonly redact: (text: string) => string;
  /** Reads the feed when the description has none (the session's transport, behind its governor). */
  readonly transport: Transport;
  /** Reads the account's plan; called at most once. */
  readonly readPlan: () => Promise<PlanCoverage>;
}

/** The calibrated estimate (no vocabulary to load): enough for inputs that carry no chat. */
const roughCount: CountTokens = estimateTokens;

/** Whether two plain objects have the same own fields with the same values. */
function sameFields(one: object, other: object): boolean {
  const keys = Object.keys(one);
  return (
    keys.length === Object.keys(other).length &&
    keys.every((key) =>
      Object.is((one as Record<string, unknown>)[key], (other as Record<string, unknown>)[key]),
    )
  );
}

export class CallPricing {
  readonly #sources: CallPricingSources;
  #models: Promise<readonly ModelInfo[]> | undefined;
  #modelsKnown: readonly ModelInfo[] | undefined;
  #plan: Promise<PlanCoverage> | undefined;
  #planKnown: PlanCoverage | undefined;
  /** The last estimate made: an estimate like it is handed out as this same object. */
  #lastEstimate: CostEstimate | undefined;

  constructor(sources: CallPricingSources) {
    this.#sources = sources;
  }

  /** The feed: the description's, or read once from the service. */
  models(): Promise<readonly ModelInfo[]> {
    const { service } = this.#sources;
    this.#models ??=
      service.models.length > 0
        ? Promise.resolve(service.models)
        : readModelsFeed(service.baseUrl, { transport: this.#sources.transport })
            .then((feed) => feed.models)
            .catch(() => []);
    return this.#models.then((models) => {
      this.#modelsKnown = models;
      return models;
    });
  }

  /**
   * Refuses, before anything is sent, a generation naming a model the feed at hand does not list
   * (see {@link refuseUnlistedModel}); the feed is trusted only when discovery read it whole.
   */
  refuseUnlistedModel(operation: Operation, input: Readonly<Record<string, unknown>>): void {
    const { service } = this.#sources;
    const models = this.#modelsKnown ?? service.models;
    // A feed read after discovery (skipped there) carries no warnings here: trusted when it has models.
    const complete =
      this.#modelsKnown !== undefined ||
      !service.warnings.some(
        (warning) =>
          warning.code === 'models-feed-limit' ||
          (warning.code === 'document-unavailable' && warning.document.includes('models-feed')),
      );
    refuseUnlistedModel(operation, input, models, complete, this.#sources.redact);
  }

  /** The account's plan, read once; `thorough: false` only uses what was read already. */
  async plan(thorough: boolean): Promise<PlanCoverage> {
    if (this.#planKnown) return this.#planKnown;
    if (!thorough && !this.#plan) return { kind: 'unknown', reason: 'the plan has not been read yet' };
    this.#plan ??= this.#sources.readPlan().catch(
      (error: unknown): PlanCoverage => ({
        kind: 'unknown',
        reason: `the subscriptions could not be read: ${error instanceof Error ? error.message : String(error)}`,
      }),
    );
    this.#planKnown = await this.#plan;
    return this.#planKnown;
  }

  async #input(
    operation: Operation,
    input: Readonly<Record<string, unknown>>,
    thorough: boolean,
  ): Promise<EstimateCostInput> {
    // Without `thorough`, nothing is read for the estimate: a call without a budget sends no
    // request besides its own.
    const [models, plan] = await Promise.all([
      thorough ? this.models() : (this.#modelsKnown ?? this.#sources.service.models),
      this.plan(thorough),
    ]);
    // The exact counter's tables are megabytes: loaded for an estimate that decides (a budget's,
    // session.estimate), not in the middle of every chat call; a result's estimate uses it when
    // it is loaded, else the calibrated estimate.
    const countTokens = !Array.isArray(input.messages)
      ? roughCount
      : thorough
        ? await loadTokenCounter()
        : (tokenCounterIfLoaded() ?? roughCount);
    return { operation, input, models, plan, countTokens };
  }

  /**
   * What the call is expected to cost. `thorough` reads the plan first when it has not been
   * read; otherwise what is known is used (an unread plan makes the coverage unknown).
   */
  async estimate(
    operation: Operation,
    input: Readonly<Record<string, unknown>>,
    thorough = true,
  ): Promise<CostEstimate> {
    const estimate = estimateCost(await this.#input(operation, input, thorough));
    const basis = this.#sources.redact(estimate.basis);
    // A fleet of like calls waits with one estimate, not one object each (they are read, never changed).
    const made: CostEstimate = { ...estimate, basis };
    const last = this.#lastEstimate;
    if (last !== undefined && sameFields(last, made)) return last;
    this.#lastEstimate = made;
    return made;
  }

  /** A model of the family that fits `left`, for a refusal to suggest. */
  async cheaper(
    operation: Operation,
    input: Readonly<Record<string, unknown>>,
    left: number,
  ): Promise<CheaperModel | undefined> {
    return cheaperModel(await this.#input(operation, input, false), left);
  }
}
