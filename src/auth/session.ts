import { startCall, startResume } from '../calls/call-operation.js';
import {
  type CallOptions,
  type CallResult,
  type CallWebhooks,
  callOperation,
  InvalidArgumentsError,
  idempotencyOf,
  type KeyPlacement,
  type PendingCall,
  pendingFromId,
  SchemaUnusableError,
  type SendableInput,
  sendableInput,
} from '../calls/index.js';
import type { ModelInfo } from '../discovery/documents/models-feed.js';
import type { ServiceDescription } from '../discovery/service-description.js';
import type { Operation } from '../discovery/types.js';
import { closeMatches, UnknownOperationError } from '../discovery/unknown-operation-error.js';
import type { MediaLoader } from '../display/media-loader.js';
import { notebookKernel } from '../display/notebook-kernel.js';
import { type KernelProgress, kernelProgress } from '../display/progress-line.js';
import { prepareDisplay, showsItself } from '../display/shows-itself.js';
import { GenerationToolkitError, hasMarker, markError, UsageError } from '../errors/index.js';
import { AuthenticationError, type HttpClient, InsufficientScopeError, sameCallAs } from '../http/index.js';
import { canonicalJson } from '../schema/canonical-json.js';
import { type ArgumentValidator, createArgumentValidator } from '../schema/index.js';
import { AmbiguousCharges } from '../spend/ambiguous-charges.js';
import type { BudgetStoreError } from '../spend/budget-store-error.js';
import type { CallCost } from '../spend/call-cost.js';
import { CallPricing } from '../spend/call-pricing.js';
import type { CostEstimate } from '../spend/cost-estimate.js';
import { FEED_CURRENCY } from '../spend/estimate-cost.js';
import { ledgerCharge, ledgerChargeByKey } from '../spend/ledger-charge.js';
import { type PlanCoverage, planFromSubscriptions } from '../spend/plan-coverage.js';
import { failedWithoutCharge, markPossiblyCharged, RetryKeys } from '../spend/possible-charge.js';
import { reportedCharge } from '../spend/reported-charge.js';
import {
  endAfterSending,
  endResumedFailure,
  HeldReservations,
  type SpentOutcome,
} from '../spend/spend-around-call.js';
import type { Reservation, SpendBudget, SpendReport } from '../spend/spend-budget.js';
import { unrecordedSpendWarning } from '../spend/unrecorded-spend.js';
import type { WithheldOperation } from './access-plan.js';
import { authEndpoint } from './auth-endpoints.js';
import { type CallEnds, CallInFlight, type SettleCall } from './call-in-flight.js';
import { endCallSpan, failCallSpan, modelOf, startCallSpan, type TracedCall } from './call-telemetry.js';
import { controlPlane } from './control-plane-calls.js';
import { isControlPlane } from './operation-choice.js';
import { estimateView, resultView, spendView } from './result-view.js';
import { stepUpScope } from './step-up-scope.js';
import type { TokenManager } from './token-manager.js';
import type { StoredToken } from './token-store.js';

// The marker's name predates the family's naming; kept so that older copies still recognise it.
const NOT_OFFERED = Symbol.for('generation-agent-toolkit.operation-not-offered');

/** An operation the service publishes but this session does not offer, with the reason. */
export class OperationNotOfferedError extends GenerationToolkitError {
  declare readonly code: 'operation_not_offered';

  /** @internal Made by the toolkit; callers read its fields. */
  constructor(
    readonly operationId: string,
    readonly reason: string,
  ) {
    super({
      code: 'operation_not_offered',
      message: `The session does not offer "${operationId}": ${reason}.`,
    });
    markError(this, NOT_OFFERED);
  }

  static override isInstance(error: unknown): error is OperationNotOfferedError {
    return hasMarker(error, NOT_OFFERED);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), operationId: this.operationId, reason: this.reason };
  }
}

/**
 * The scopes a session asked for and was granted; `'unknown'` for a token given without its scopes.
 * @inline
 */
export interface SessionScopes {
  readonly requested: readonly string[] | undefined;
  readonly granted: '*' | 'unknown' | readonly string[] | undefined;
}

export interface SessionInit {
  readonly service: ServiceDescription;
  readonly client: HttpClient;
  readonly offered: readonly Operation[];
  readonly withheld: readonly WithheldOperation[];
  readonly requestedScopes: readonly string[] | undefined;
  readonly grantedScopes: SessionScopes['granted'];
  readonly tokens?: TokenManager;
  readonly keyPlacement?: KeyPlacement;
  /** A fresh login adding `scope`, when the caller allowed step-up; undefined otherwise. */
  readonly stepUp?: (scope: string, current: StoredToken) => Promise<StoredToken>;
  /** Notes for the caller: what was granted beyond the request, what was repaired. */
  readonly notices: readonly string[];
  /** The budget every call of the session spends from. */
  readonly budget?: SpendBudget;
  /** The operations the caller named by id at `connect()` (`operations.ids`). */
  readonly namedOperationIds?: readonly string[];
}

/** What each session's caller named by id, for the tools (kept off the public class). */
const NAMED_OPERATIONS = new WeakMap<Session, ReadonlySet<string>>();

/**
 * The ids the caller named in `connect({ operations: { ids } })`: each gets a tool of its own in
 * every tool mode, whatever the budget.
 */
export function operationsNamedAt(session: Session): ReadonlySet<string> {
  return NAMED_OPERATIONS.get(session) ?? new Set();
}

/** A call's result with what it cost: estimated before it was sent, charged when the service says. */
export type CostedCallResult = CallResult & { readonly cost: CallCost };

/** Pending jobs whose estimates a session remembers for their resumed results. */
const MAX_REMEMBERED_ESTIMATES = 10_000;

/** The estimate of a job this session did not submit (another process, or a handle from storage). */
function submittedElsewhere(): CostEstimate {
  return {
    kind: 'unknown',
    amount: null,
    currency: FEED_CURRENCY,
    basis: 'the job was submitted by another session; its estimate was made there',
    covered: false,
  };
}

function withCost(
  result: CallResult,
  estimated: CostEstimate,
  charged: number | undefined,
  load: MediaLoader,
): CostedCallResult {
  const costed: CostedCallResult = {
    ...result,
    cost: { estimated, ...(charged === undefined ? {} : { charged }) },
  };
  return showsItself(costed, () => resultView(costed), load);
}

/**
 * A notebook cell's progress line for a call or a resume, unless the caller watches progress
 * itself: the line, flushed before the call returns, and the options that feed it.
 */
function notebookProgress<Options extends Omit<CallOptions, 'idempotencyKey'>>(
  options: Options,
): { readonly progress: KernelProgress | undefined; readonly shown: Options } {
  const progress = options.onProgress ? undefined : kernelProgress();
  return { progress, shown: progress ? { ...options, onProgress: progress } : options };
}

/**
 * An agent's connection to the service: the discovered service, the credentials, the one HTTP
 * client every call and poll goes through, and the operations the agent may use (and those it may
 * not, with why). Close it to revoke what it created.
 *
 * @example
 * const session = await connect({ baseUrl: 'https://api.example.com', apiKey: process.env.GENTK_API_KEY });
 * console.log(session.operations.map((operation) => operation.id), session.withheld);
 * const result = await session.call('v7_images_text_to_image', { prompt: 'a red kite' });
 * await session.close();
 */
export class Session {
  readonly service: ServiceDescription;
  readonly client: HttpClient;
  readonly withheld: readonly WithheldOperation[];
  readonly notices: readonly string[];
  #offered: Map<string, Operation>;
  #granted: SessionScopes['granted'];
  readonly #requested: readonly string[] | undefined;
  readonly #init: SessionInit;
  readonly #validators = new Map<string, ArgumentValidator>();
  /** Scopes this session stepped up to: each at most once. */
  readonly #steppedUp = new Set<string>();
  readonly #pricing: CallPricing;
  readonly #held = new HeldReservations();
  /** Idempotency keys of calls whose outcome is unknown, for the same call made again. */
  readonly #retryKeys = new RetryKeys(() => this.client.clock.now());
  /**
   * The jobs handed back as pending: their estimates, so that their resumed results carry them
   * too, and when they were submitted, so that a wait resumed by id counts from there.
   */
  readonly #pendingEstimates = new Map<string, { estimated: CostEstimate; submittedAt: number }>();
  /**
   * Reservations of calls that may have been charged (an error after sending): held until the
   * ledger or their time settles them. Absent without a budget.
   */
  readonly #ambiguous: AmbiguousCharges | undefined;
  #closed = false;
  #webhooks: CallWebhooks | undefined;
  /**
   * Fetches result files for a notebook to embed, under the download policy of the service's
   * origin (loaded when first shown: the policy resolves names with Node's resolver).
   */
  readonly #media: MediaLoader = async (url) => {
    const [{ createDownloadPolicy }, { createMediaLoader }] = await Promise.all([
      import('../http/download-policy.js'),
      import('../display/media-loader.js'),
    ]);
    return createMediaLoader({ policy: createDownloadPolicy({ serviceUrl: this.service.baseUrl }) })(url);
  };

  /** @internal Sessions are made by `connect()`. */
  constructor(init: SessionInit) {
    this.#init = init;
    NAMED_OPERATIONS.set(this, new Set(init.namedOperationIds ?? []));
    this.service = init.service;
    this.client = init.client;
    this.withheld = init.withheld;
    this.notices = init.notices;
    this.#offered = new Map(init.offered.map((operation) => [operation.id, operation]));
    this.#granted = init.grantedScopes;
    this.#requested = init.requestedScopes;
    this.#ambiguous = init.budget
      ? new AmbiguousCharges(init.budget, () => init.client.clock.now(), init.budget.reservationTtlMs)
      : undefined;
    this.#pricing = new CallPricing({
      service: init.service,
      redact: (text) => init.client.redactor.redact(text),
      // The feed is read as discovery reads it: through the session's transport and governor.
      transport: init.client.documentTransport,
      readPlan: () => this.#readPlan(),
    });
  }

  /** The operations the agent may use, in the service's order. */
  get operations(): readonly Operation[] {
    return [...this.#offered.values()];
  }

  get scopes(): SessionScopes {
    return { requested: this.#requested, granted: this.#granted };
  }

  /** The offered operation with this id; otherwise an error that says why it is not offered. */
  operation(id: string): Operation {
    const found = this.#offered.get(id);
    if (found) return found;
    const withheld = this.withheld.find((entry) => entry.operationId === id);
    if (withheld) throw new OperationNotOfferedError(id, withheld.message);
    if (this.service.operation(id))
      throw new OperationNotOfferedError(id, 'it was not among the operations chosen at connect()');
    // The id is the caller's text, or a model's: a secret of the session passed as one is masked.
    const shown = this.client.redactor.redact(id);
    throw new UnknownOperationError(shown, shown === id ? closeMatches(id, [...this.#offered.keys()]) : []);
  }

  #context() {
    return {
      client: this.client,
      service: this.service,
      ...(this.#init.keyPlacement ? { keyPlacement: this.#init.keyPlacement } : {}),
      ...(this.#webhooks ? { webhooks: this.#webhooks } : {}),
    };
  }

  /**
   * @internal A model of the same family whose call with `input` fits `left`, for a budget's
   * refusal (the session's own, or a tool set's).
   */
  cheaperModel(operation: Operation, input: Readonly<Record<string, unknown>>, left: number) {
    return this.#pricing.cheaper(operation, input, left);
  }

  /**
   * Whether a webhook receiver is attached (`createWebhookReceiver`): asynchronous calls then
   * take its callback and track, and tools drop the ones a model gives.
   */
  get hasWebhookReceiver(): boolean {
    return this.#webhooks !== undefined;
  }

  /**
   * @internal Made by `createWebhookReceiver`, which attaches itself: calls then take webhooks.
   * One receiver per session: a second would leave the first's deliveries without a waiter.
   */
  attachWebhooks(webhooks: CallWebhooks): void {
    if (this.#webhooks)
      throw new UsageError('This session already has a webhook receiver; create one per session.');
    this.#webhooks = webhooks;
  }

  /**
   * Checks `input` against the operation's input schema (with the service's coercions) and
   * returns the value to send; refuses it with {@link InvalidArgumentsError}, before anything is
   * sent, when it does not fit, or when a value cannot go where the operation puts it (a dot
   * segment as a path parameter, a line break in a header).
   */
  checkInput(operationId: string, input: unknown): Record<string, unknown> {
    const operation = this.operation(operationId);
    const checked = this.#sendable(operation, input);
    // A model the service does not list would be refused there: it is refused here, before sending.
    this.#pricing.refuseUnlistedModel(operation, checked);
    return checked;
  }

  /** {@link Session.checkInput} of an offered operation, typed as the input a call may send. */
  #sendable(operation: Operation, input: unknown): SendableInput {
    let validator = this.#validators.get(operation.id);
    if (!validator) {
      validator = createArgumentValidator(operation.input.schema);
      this.#validators.set(operation.id, validator);
    }
    const checked = validator(input);
    // A refusal quotes the arguments; a model may have put a secret of the session among them.
    const { redactor } = this.client;
    if (!checked.ok && checked.schemaUnusable)
      throw new SchemaUnusableError(operation.id, redactor.redact(checked.message));
    if (!checked.ok) {
      throw new InvalidArgumentsError(
        operation.id,
        redactor.redactValue(checked.problems),
        redactor.redact(checked.message),
      );
    }
    return sendableInput(operation, checked.value as Record<string, unknown>, redactor);
  }

  /**
   * Calls an offered operation with checked input and, for an asynchronous one, waits for its
   * result (or returns a {@link PendingCall} to resume when the wait ends first).
   */
  call(operationId: string, input: unknown = {}, options: CallOptions = {}): Promise<CostedCallResult> {
    return new Promise<CostedCallResult>((resolve, reject) => {
      this.#startCall(operationId, input, options, resolve, reject);
    });
  }

  /**
   * Checks the call, opens its span and hands it to {@link Session.#send}. From there the call is
   * a {@link CallInFlight} record: a job that waits parks no function of the session's.
   */
  #startCall(
    operationId: string,
    input: unknown,
    options: CallOptions,
    resolve: SettleCall,
    reject: (error: unknown) => void,
  ): void {
    this.#open(reject, () => {
      const operation = this.operation(operationId);
      const checked = this.#sendable(operation, input);
      this.#pricing.refuseUnlistedModel(operation, checked);
      const model = modelOf(checked);
      const { call } = this.#record(resolve, { operation, model }, options, checked);
      return { call, start: () => void this.#send(call) };
    });
  }

  /**
   * Opens a call or a resume: refused once the session is closed; `open` makes its record (see
   * {@link Session.#record}) and says how it starts, beneath its span. A failure before the
   * record exists rejects the caller's promise at once.
   */
  #open(reject: (error: unknown) => void, open: () => { call: CallInFlight; start: () => void }): void {
    try {
      if (this.#closed) throw new UsageError('The session is closed; connect() again.');
      const { call, start } = open();
      this.#inSpan(call, start);
    } catch (error) {
      reject(error);
    }
  }

  /**
   * The record of a call (`checked` is what it sends) or of a resumed job (no `checked`): its span
   * started, its notebook progress line made (`shown` are the options that report to it).
   */
  #record<Options extends Omit<CallOptions, 'idempotencyKey'>>(
    settle: SettleCall,
    traced: Omit<TracedCall, 'service'>,
    options: Options,
    checked?: SendableInput,
  ): { readonly call: CallInFlight; readonly shown: Options } {
    const resumed = checked === undefined;
    const span = startCallSpan(this.client.telemetry, { ...traced, service: this.service }, resumed);
    const { progress, shown } = notebookProgress(options);
    const call = new CallInFlight(
      this.#callEnds,
      traced.operation,
      checked,
      traced.model,
      resumed ? undefined : shown,
      span,
      progress,
      settle,
    );
    return { call, shown };
  }

  /**
   * Starts a call or a resume: what it starts (its requests, its polls) nests beneath its span.
   * The span ends with the call, in {@link Session.#callEnded} or {@link Session.#endCall}.
   */
  #inSpan(call: CallInFlight, start: () => void): void {
    const { telemetry } = this.client;
    if (call.span && telemetry) telemetry.withSpan(call.span, start);
    else start();
  }

  /** What a call's waiting job nests its polls beneath, when it is traced. */
  #trace(call: CallInFlight) {
    const { telemetry } = this.client;
    return call.span && telemetry ? { telemetry, span: call.span } : undefined;
  }

  /** Estimates, reserves under the budget and submits; the job's end comes to {@link Session.#callEnds}. */
  async #send(call: CallInFlight): Promise<void> {
    const { operation } = call;
    const checked = call.input as SendableInput;
    const budget = this.#init.budget;
    try {
      // Under a budget the estimate is complete (the plan read); without one, what is at hand.
      const estimated = await this.#pricing.estimate(operation, checked, budget !== undefined);
      call.estimated = estimated;
      // A call that takes an Idempotency-Key gets one chosen here: the same call made again after
      // an unknown outcome is sent with the same key, so the service can charge it once.
      const options = call.options as CallOptions;
      const keyed = operation.idempotencyKey === true && idempotencyOf(operation) === 'keyed';
      if (keyed && !options.idempotencyKey) {
        call.sameCall = `${operation.id}\u0000${canonicalJson(checked)}`;
        call.options = { ...options, idempotencyKey: this.#retryKeys.keyFor(call.sameCall) };
      }
      // Only a keyed call's key says anything of a possible charge: others do not keep it.
      if (keyed) call.idempotencyKey = call.options?.idempotencyKey;
      // Earlier calls whose charge was unknown are settled first, so that what they did not charge
      // is spendable again, and what they did is counted.
      await this.#settleAmbiguous();
    } catch (error) {
      this.#endCall(call, undefined, error);
      return;
    }
    if (budget) {
      try {
        call.reservation = await budget.reserve(operation.id, call.estimated, (left) =>
          this.#pricing.cheaper(operation, checked, left),
        );
      } catch (error) {
        // Nothing was sent and nothing reserved: what is left is the failure's own bookkeeping.
        await this.#afterFailure(call, error);
        return;
      }
    }
    this.#submit(call, false);
  }

  /** Sends the call (`again` after a recovery: never a third time). */
  #submit(call: CallInFlight, again: boolean): void {
    startCall(
      this.#context(),
      call.operation,
      call.input as SendableInput,
      call.options ?? {},
      call,
      this.#trace(call),
    );
    // Only a control-plane call is ever sent again (#recover), once: others drop what sending needed.
    if (again || !this.#init.tokens || !isControlPlane(call.operation)) {
      call.input = undefined;
      call.options = undefined;
    }
  }

  /** How every call of this session ends: one object, shared, so that a call holds no closure. */
  readonly #callEnds: CallEnds = {
    ended: (call, result) => this.#callEnded(call, result),
    failed: (call, error) => this.#callFailed(call, error),
  };

  async #callEnded(call: CallInFlight, result: CallResult): Promise<void> {
    const budget = this.#init.budget;
    const estimated = call.estimated as CostEstimate;
    let charged: number | undefined;
    if (budget && call.reservation) {
      try {
        const spent = await this.#spentOutcome(call.operation, result, estimated);
        charged = spent.charged;
        await endAfterSending(this.#spendEnds(budget, call.operation.id, call), call.reservation, {
          ok: spent,
        });
      } catch (error) {
        await this.#afterFailure(call, error);
        return;
      }
    }
    if (call.sameCall !== undefined) this.#retryKeys.forget(call.sameCall);
    if (!budget && result.status === 'success') charged = reportedCharge(result.body);
    if (call.resumed === undefined) {
      if (result.status !== 'success') this.#rememberEstimate(result, estimated);
    } else if (result.status === 'success') this.#pendingEstimates.delete(call.resumed);
    const costed = withCost(result, estimated, charged, this.#media);
    try {
      endCallSpan(
        this.client.telemetry,
        call.span,
        { operation: call.operation, service: this.service, model: call.model },
        costed,
      );
    } catch (error) {
      this.#endCall(call, undefined, error);
      return;
    }
    this.#endCall(call, costed, undefined);
  }

  async #callFailed(call: CallInFlight, failure: unknown): Promise<void> {
    let error = failure;
    if (call.input !== undefined) {
      // Sent, failed, and may be sent again: once, after a raced token rotation or an allowed step-up.
      try {
        if (await this.#recover(call.operation, error)) {
          this.#submit(call, true);
          return;
        }
      } catch (refused) {
        error = refused;
      }
    }
    const budget = this.#init.budget;
    if (budget && call.reservation) {
      try {
        const ends = this.#spendEnds(budget, call.operation.id, call);
        if (call.resumed !== undefined) await endResumedFailure(ends, call.resumed, call.reservation, error);
        else await endAfterSending(ends, call.reservation, { error });
      } catch (failed) {
        error = failed;
      }
    }
    await this.#afterFailure(call, error);
  }

  /** What a failed call leaves: a possible charge marked and its key kept for the same call again. */
  async #afterFailure(call: CallInFlight, error: unknown): Promise<void> {
    // A resumed job was charged, or not, at its submission: its failure is only handed on.
    if (call.resumed !== undefined) {
      this.#endCall(call, undefined, error);
      return;
    }
    try {
      const estimated = call.estimated;
      const charging = estimated === undefined || estimated.kind === 'unknown' || estimated.amount > 0;
      if (charging && !failedWithoutCharge(error)) {
        const { idempotencyKey } = call;
        markPossiblyCharged(error, { idempotencyKey });
        if (call.sameCall !== undefined && idempotencyKey !== undefined)
          this.#retryKeys.remember(call.sameCall, idempotencyKey);
        // The ledger may already tell; if it cannot, the reservation holds.
        await this.#settleAmbiguous();
      } else if (call.sameCall !== undefined) this.#retryKeys.forget(call.sameCall);
    } catch (failed) {
      this.#endCall(call, undefined, failed);
      return;
    }
    this.#endCall(call, undefined, error);
  }

  /** What ending a reservation needs, for {@link endAfterSending}. */
  #spendEnds(budget: SpendBudget, operationId: string, call: CallInFlight) {
    return {
      budget,
      held: this.#held,
      unrecorded: (failure: BudgetStoreError) =>
        this.client.warn(unrecordedSpendWarning(operationId, failure)),
      holdAmbiguous: async (reservation: Reservation) =>
        this.#ambiguous?.hold(reservation, {
          operationId,
          idempotencyKey: call.idempotencyKey,
        }),
    };
  }

  /** Hands the call's end to its caller, once its notebook progress line is out. */
  #endCall(call: CallInFlight, result: CostedCallResult | undefined, error: unknown): void {
    if (!result) failCallSpan(call.span, error);
    const settle = () => {
      if (!result) call.reject(error);
      // In a notebook the files are fetched now, so that the cell's value shows them at once.
      else call.resolve(notebookKernel() ? prepareDisplay(result) : result);
    };
    if (call.progress) void call.progress.flushed().then(settle, settle);
    else settle();
  }

  /**
   * What a call of `operationId` with `input` is expected to cost, from the model feed and the
   * arguments: priced (zero where the account's plan covers the model, or the operation charges
   * nothing), or unknown with the reason. Nothing is sent but, once per session, the feed (when
   * discovery skipped it) and the account's subscriptions (when the session may read them).
   *
   * @example
   * const estimate = await session.estimate('v7_images_text_to_image', { model_id: 'flux-dev', prompt: 'a fox', samples: 2 });
   * if (estimate.kind === 'priced') console.log(`${estimate.amount} ${estimate.currency}: ${estimate.basis}`);
   */
  async estimate(operationId: string, input: unknown = {}): Promise<CostEstimate> {
    const operation = this.operation(operationId);
    let checked: Record<string, unknown>;
    try {
      checked = this.#sendable(operation, input);
    } catch {
      // Arguments a call would refuse still have a cost to tell: estimated as given.
      checked = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
    }
    const estimate = { ...(await this.#pricing.estimate(operation, checked)) };
    return showsItself(estimate, () => estimateView(estimate));
  }

  /**
   * What the session's budget holds: reserved by calls in flight and pending jobs, settled by
   * calls that ended, and left, in the major unit. Undefined for a session without a budget.
   *
   * @example
   * const spend = await session.spend(); // { reserved: 0, settled: 0.004, left: 4.996, currency: 'usd' }
   */
  async spend(): Promise<SpendReport | undefined> {
    await this.#settleAmbiguous();
    const report = await this.#init.budget?.report();
    if (!report) return undefined;
    const shown = { ...report };
    return showsItself(shown, () => spendView(shown));
  }

  /** The feed's models, as the session prices with them (read once when discovery skipped the feed). */
  models(): Promise<readonly ModelInfo[]> {
    return this.#pricing.models();
  }

  /**
   * What a finished or pending call means for the budget: the job it leaves, or what it charged,
   * as the answer reports it, else as the wallet's ledger records it (when the session may read
   * it, and the call cost anything).
   */
  #rememberEstimate(pending: PendingCall, estimated: CostEstimate): void {
    // Bounded: a session that hands back jobs nobody resumes forgets the oldest estimates.
    if (this.#pendingEstimates.size >= MAX_REMEMBERED_ESTIMATES) {
      const oldest = this.#pendingEstimates.keys().next().value;
      if (oldest !== undefined) this.#pendingEstimates.delete(oldest);
    }
    this.#pendingEstimates.set(HeldReservations.key(pending.operationId, pending.requestId), {
      estimated,
      submittedAt: pending.submittedAt,
    });
  }

  async #spentOutcome(
    operation: Operation | undefined,
    result: CallResult,
    _estimated?: CostEstimate,
  ): Promise<SpentOutcome> {
    if (result.status !== 'success')
      return { pendingKey: HeldReservations.key(result.operationId, result.requestId) };
    const reported = reportedCharge(result.body);
    if (reported !== undefined) return { charged: reported };
    // A price of 0 is the feed's word, not the ledger's: where the ledger is readable, it settles
    // the call whatever the estimate said. Only calls that charge nothing by nature (the account's
    // own operations, fetching a job) are not looked up.
    if (result.requestId === undefined || (operation && (isControlPlane(operation) || operation.isFetch)))
      return {};
    const requestId = result.requestId;
    const charged = await this.#fromLedger((page) => ledgerCharge(page, requestId));
    return charged === undefined ? {} : { charged };
  }

  /**
   * What the wallet's ledger says, read through `read` from its first page; undefined when the
   * session offers no listing of wallet transactions or it did not answer. The ledger is a better
   * figure, not a needed one: the estimate stands in for it.
   */
  async #fromLedger(read: (page: unknown) => number | undefined): Promise<number | undefined> {
    const page = await this.#ledgerPage();
    return page === undefined ? undefined : read(page);
  }

  /** The first page of the wallet's ledger; undefined when it cannot be read. */
  async #ledgerPage(): Promise<unknown> {
    const listing = this.operations.find(
      (operation) =>
        isControlPlane(operation) &&
        operation.method === 'GET' &&
        /\/wallet\/transactions\/?$/.test(operation.path),
    );
    if (!listing) return undefined;
    try {
      const page = await callOperation(this.#context(), listing, sendableInput(listing, {}), {});
      return page.status === 'success' ? page.body : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Settles what can be of the calls whose charge was unknown: from the ledger's entry for each
   * call's idempotency key (0 when the ledger names the keys of its entries and not this one),
   * at the estimate once a call's reservation time has run out. Nothing is read when none waits.
   */
  async #settleAmbiguous(): Promise<void> {
    const ambiguous = this.#ambiguous;
    if (!ambiguous?.waiting) return;
    // One read of the ledger for every call waiting, however many there are.
    let page: Promise<unknown> | undefined;
    await ambiguous.settle(async (charge) => {
      const key = charge.idempotencyKey;
      if (key === undefined) return undefined;
      page ??= this.#ledgerPage();
      const body = await page;
      return body === undefined ? undefined : ledgerChargeByKey(body, key);
    });
  }

  /** The account's plan, from the subscriptions listing when the session offers it. */
  async #readPlan(): Promise<PlanCoverage> {
    const listing = this.operations.find(
      (operation) =>
        isControlPlane(operation) && operation.method === 'GET' && /\/subscriptions\/?$/.test(operation.path),
    );
    if (!listing)
      return {
        kind: 'unknown',
        reason: 'the session does not offer the listing of subscriptions (scope subscriptions:read)',
      };
    const result = await callOperation(this.#context(), listing, sendableInput(listing, {}), {});
    return result.status === 'success'
      ? planFromSubscriptions(result.body)
      : { kind: 'unknown', reason: 'the subscriptions listing did not answer' };
  }

  /**
   * Continues waiting for a job an earlier call handed back, spending and tracing as a call does.
   *
   * @example
   * const handed = await session.call('v8_video_text_to_video', { prompt: 'waves' }, { wait: false });
   * if (handed.status === 'processing') console.log(await session.resume(handed, { wait: 600_000 }));
   */
  resume(pending: PendingCall, options: Omit<CallOptions, 'idempotencyKey'> = {}): Promise<CostedCallResult> {
    return new Promise<CostedCallResult>((resolve, reject) => {
      this.#startResume(pending, options, resolve, reject);
    });
  }

  /**
   * A resumed job waits and ends as a fresh call's: one {@link CallInFlight} record and its job's
   * record, ending through the same sink, with no chain of suspended functions per waiting job.
   */
  #startResume(
    pending: PendingCall,
    options: Omit<CallOptions, 'idempotencyKey'>,
    resolve: SettleCall,
    reject: (error: unknown) => void,
  ): void {
    this.#open(reject, () => {
      const operation = this.operation(pending.operationId);
      const { call, shown } = this.#record(resolve, { operation, jobId: pending.requestId }, options);
      const key = HeldReservations.key(pending.operationId, pending.requestId);
      call.resumed = key;
      call.estimated = this.#pendingEstimates.get(key)?.estimated ?? submittedElsewhere();
      // Held since the job was handed back; settled, released or held again as this wait ends.
      if (this.#init.budget) call.reservation = this.#held.take(key);
      return { call, start: () => startResume(this.#context(), pending, shown, call, this.#trace(call)) };
    });
  }

  /**
   * Continues waiting for a job known only by its operation and id, which is all a model needs to
   * carry: the fetch address is rebuilt from the discovered fetch operation. A job this session
   * handed back keeps its submission time, so progress and elapsed times count from there.
   */
  resumeById(
    operationId: string,
    requestId: string | number,
    options: Omit<CallOptions, 'idempotencyKey'> = {},
  ): Promise<CostedCallResult> {
    const operation = this.operation(operationId);
    const pending = pendingFromId(this.#context(), operation, requestId);
    const remembered = this.#pendingEstimates.get(HeldReservations.key(operation.id, requestId));
    return this.resume(remembered ? { ...pending, submittedAt: remembered.submittedAt } : pending, options);
  }

  /**
   * Whether a failed call may be sent once more: after a token rotation raced it, or after a
   * step-up added the missing scope (only when the caller allowed step-up; never silently).
   * @throws {InsufficientScopeError} a step-up the session refuses, saying why
   */
  async #recover(operation: Operation, error: unknown): Promise<boolean> {
    const tokens = this.#init.tokens;
    if (!tokens || !isControlPlane(operation)) return false;
    if (
      AuthenticationError.isInstance(error) &&
      (error.serviceCode === 'token_revoked' || error.serviceCode === 'token_expired')
    ) {
      await tokens.refresh();
      return true;
    }
    if (InsufficientScopeError.isInstance(error) && this.#init.stepUp) {
      const decision = stepUpScope({
        operation,
        named: error.requiredScope,
        service: this.service,
        steppedUp: this.#steppedUp,
      });
      const { redactor } = this.client;
      if ('refused' in decision) throw refusedStepUp(error, operation, redactor.redact(decision.refused));
      this.#steppedUp.add(decision.scope);
      const previous = tokens.token;
      const asked = new Set([...previous.scopes.filter((name) => name !== '*'), decision.scope]);
      const stepped = await this.#init.stepUp(decision.scope, previous);
      const logout = authEndpoint(this.service, 'logout');
      if (stepped.scopes.some((name) => !asked.has(name))) {
        // Holding more than was asked for is what step-up must never lead to: the new token goes.
        if (logout)
          await controlPlane.logout(this.client, logout, stepped.accessToken).catch(() => undefined);
        throw refusedStepUp(
          error,
          operation,
          `the service granted more than ${[...asked].join(' ')}; the new token was revoked`,
        );
      }
      await tokens.replace(stepped);
      if (logout && previous.ownedByToolkit)
        await controlPlane.logout(this.client, logout, previous.accessToken).catch(() => undefined);
      this.#granted = stepped.scopes.includes('*') ? '*' : stepped.scopes;
      return true;
    }
    return false;
  }

  /**
   * Acts for another account (a team) from now on. The service must not widen the token's scopes
   * in the switch: the session checks the new token's scopes and refuses a wider one.
   */
  async switchAccount(accountId: string): Promise<void> {
    const tokens = this.#init.tokens;
    const url = authEndpoint(this.service, 'switch-account');
    if (!tokens) throw new UsageError('Switching accounts needs a control-plane token: connect() with auth.');
    if (!url)
      throw new GenerationToolkitError({
        code: 'unsupported_by_service',
        message: 'The service publishes no switch-account operation.',
      });
    const operation = this.service.operations.find((candidate) => candidate.url === url);
    if (operation && !this.#offered.has(operation.id)) {
      throw new OperationNotOfferedError(
        operation.id,
        'choose it in connect({ operations }) so that the token carries its scope',
      );
    }
    const current = tokens.token;
    const next = await controlPlane.switchAccount(this.client, url, current, accountId);
    const wider =
      !current.scopes.includes('*') &&
      (next.scopes.includes('*') || next.scopes.some((scope) => !current.scopes.includes(scope)));
    if (wider) {
      const logout = authEndpoint(this.service, 'logout');
      if (logout) await controlPlane.logout(this.client, logout, next.accessToken).catch(() => undefined);
      throw new GenerationToolkitError({
        code: 'scope_widened',
        message: `The service widened the token's scopes when switching to ${accountId}; the new token was revoked.`,
      });
    }
    await tokens.replace(next);
    this.#granted = next.scopes.includes('*') ? '*' : next.scopes;
  }

  /** Revokes the token the session obtained (a token it was given is left alone) and closes the client. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    try {
      await this.#init.tokens?.close();
    } finally {
      await this.client.close();
    }
  }
}

/** The service's refusal, saying why the session did not step up. */
function refusedStepUp(
  error: InsufficientScopeError,
  operation: Operation,
  reason: string,
): InsufficientScopeError {
  return new InsufficientScopeError({
    ...sameCallAs(error),
    requiredScope: error.requiredScope,
    message: `${operation.id} was refused for a missing scope, and the session did not step up: ${reason}`,
  });
}
