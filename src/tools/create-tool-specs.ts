import { handlesCredentials } from '../auth/credential-operations.js';
import { chooseOperations, type OperationChoice } from '../auth/operation-choice.js';
import { operationsNamedAt, type Session } from '../auth/session.js';
import type { Operation } from '../discovery/types.js';
import { showsItself } from '../display/shows-itself.js';
import { familyPriceSentence } from '../spend/model-family-prices.js';
import type { BudgetOptions } from '../spend/spend-budget.js';
import { estimateTokens } from '../tokens/estimate-tokens.js';
import { type CountTokens, loadTokenCounter, type TokenCountMethod } from '../tokens/token-counter.js';
import { type ApprovalRule, approvalOnlyAbove, approvalVerdict, mayNeedApproval } from './approval.js';
import type { EstimateCost } from './cost-approval.js';
import { DEFAULT_DYNAMIC_TOOL_NAMES } from './dynamic-tool-definitions.js';
import { dynamicToolSpecs, profiledDynamicDefinitions } from './dynamic-tool-specs.js';
import { errorResult } from './error-result.js';
import { actsOn, genericOperationIds } from './generic-operation-ids.js';
import { modelArguments, operationForModel } from './model-callbacks.js';
import { resumeToolSpec } from './resume-tool-spec.js';
import { toProfile } from './schema-profiles/to-profile.js';
import type { SchemaProfile } from './schema-profiles/types.js';
import { selectWithinBudget } from './select-within-budget.js';
import { serialiseToolDefinition, toolFootprint, WIRE_FORMAT_OF_PROFILE } from './token-footprint.js';
import { toolCallRunner } from './tool-call-result.js';
import { TOOL_COUNT_LIMITS, type ToolSetWarning, toolCountWarning } from './tool-count-limits.js';
import type { ToolDefinition } from './tool-definitions.js';
import { describeTool } from './tool-description.js';
import { assignToolNames } from './tool-names.js';
import type { ShapeOptions } from './tool-result.js';
import { toolSetSpending } from './tool-set-spending.js';
import { toolSetView } from './tool-set-view.js';
import type { ToolAnnotations, ToolCallContext, ToolSpec } from './tool-spec.js';
import { checkToolOptions, TOOL_SPEC_OPTION_KEYS } from './tool-spec-option-keys.js';
import { tracedToolSpec } from './traced-tool-spec.js';
import type { ReturnedSecret } from './withhold-secrets.js';

/**
 * How operations become tools: `typed` gives each its own tool, `dynamic` offers three tools that
 * search, describe and call them, `auto` types what fits the token budget and reaches the rest
 * dynamically.
 *
 * @example
 * createToolSpecs(session, { mode: 'typed' }); // one tool per operation
 * createToolSpecs(session, { mode: 'dynamic' }); // search, describe and call: three tools for any number of operations
 * createToolSpecs(session, { mode: 'auto', tokenBudget: 8_000 }); // typed within the budget, dynamic for the rest
 */
export type ToolMode = 'typed' | 'dynamic' | 'auto';

/**
 * Which of the session's operations become tools, read as {@link OperationChoice} reads: selectors
 * (`ids`, `categories`, `versions`, `surfaces`) add up, filters (`effects`, `readOnly`, `where`,
 * `exclude`) narrow. With no selector, the filters narrow every operation the session offers.
 */
export type ToolSelection = OperationChoice;

/**
 * How a session's operations become tools: which ones, in which mode, shaped for which model
 * family, and which calls wait for a person. The adapters (`createAISDKTools`, `createLangChainTools`,
 * `createMcpServer`) take the same options.
 *
 * @example
 * const tools = createToolSpecs(session, {
 *   mode: 'auto',
 *   schema: 'openai-strict',
 *   include: { categories: ['image'] },
 *   approval: { effects: { money: true, destructive: true } },
 *   tokenBudget: 4_000,
 *   onProgress: (progress) => console.log(progress),
 * });
 */
export interface ToolSpecOptions extends ShapeOptions {
  /**
   * `typed`: one tool per operation. `dynamic`: three tools (search, describe, call) whatever the
   * number of operations. `auto`: typed tools for what fits `tokenBudget`, dynamic for the rest.
   * @default 'auto'
   */
  readonly mode?: ToolMode;
  /** The model family the input schemas are shaped for. @default 'default' */
  readonly schema?: SchemaProfile;
  /** Prefix of every tool name (the name stays within 64 characters). @default '' */
  readonly prefix?: string;
  /**
   * Which operations become tools; the session's offered operations are the most. An id the
   * session does not offer is refused. @default every operation the session offers
   */
  readonly include?: ToolSelection;
  /** Which calls wait for a person. @default 'default': money and destructive operations */
  readonly approval?: ApprovalRule;
  /** How long a tool waits for a job before handing back a resumable result, in ms. @default 120000 */
  readonly waitMs?: number;
  /** Tokens the typed tools of `auto` mode may take. @default 8000 */
  readonly tokenBudget?: number;
  /**
   * Counts tokens for `auto` mode; pass `await loadTokenCounter()` for exact figures when the
   * optional peer `gpt-tokenizer` is installed. Without it a tool's tokens are estimated (within a
   * few per cent of o200k_base on tool definitions).
   */
  readonly countTokens?: CountTokens;
  /** Progress of every tool call that waits for a job. */
  readonly onProgress?: ToolCallContext['onProgress'];
  /** Name of the tool that resumes jobs. @default 'resume_job' */
  readonly resumeToolName?: string;
  /**
   * Receives each secret an answer carries (the key `POST /api-keys` creates, a login's tokens).
   * Tool results never show them to the model: they say the value was withheld.
   */
  readonly onSecret?: (secret: ReturnedSecret) => void;
  /**
   * A budget for this tool set's calls, besides the session's (`connect({ budget })`): a call
   * must fit both. A refused call answers `code: "budget_exceeded"` with what is left, what it
   * would cost and a cheaper model of the feed when there is one. @default no budget of its own
   */
  readonly budget?: BudgetOptions;
  /**
   * Let models set callback fields (`webhook`, `track_id`, `callback_url`, and those the documents
   * mark as callbacks). Off, the tools' schemas leave them out and a callback a model gives is
   * refused before anything is sent (`invalid_arguments`); with a webhook receiver attached, the
   * receiver's values are the only ones sent either way. @default false
   */
  readonly modelCallbacks?: boolean;
}

/**
 * The tools of a session, with how they were chosen.
 *
 * @example
 * const set = createToolSpecs(session, { mode: 'auto' });
 * console.log(set.mode, set.tools.map((tool) => tool.name), set.warnings);
 * console.log((await set.footprint()).tokens, 'tokens of tool definitions');
 */
export interface ToolSet {
  readonly tools: readonly ToolSpec[];
  readonly mode: ToolMode;
  /** Operations with a typed tool, and those reached through the dynamic tools. */
  readonly typedOperationIds: readonly string[];
  readonly dynamicOperationIds: readonly string[];
  /**
   * What the caller should act on, such as more tools than the model family accepts in one
   * request (`too-many-tools`). Each is also emitted as a process warning where there is one.
   */
  readonly warnings: readonly ToolSetWarning[];
  tool(name: string): ToolSpec | undefined;
  /**
   * Tokens the tool definitions take, in o200k_base tokens on the wire format of the set's schema
   * profile (OpenAI's for `default` and `openai-strict`, Anthropic's, Gemini's function
   * declarations): counted exactly when the optional peer `gpt-tokenizer` is installed, estimated
   * otherwise (`countedWith` says which).
   */
  footprint(): Promise<ToolSetFootprint>;
}

/**
 * Tokens a tool set's definitions take, in all and per tool.
 *
 * @example
 * ```ts
 * const { tokens, perTool, countedWith } = await createToolSpecs(session, { mode: 'auto' }).footprint();
 * console.log(`${tokens} tokens (${countedWith}); largest: ${perTool.toSorted((a, b) => b.tokens - a.tokens)[0]?.name}`);
 * ```
 */
export interface ToolSetFootprint {
  readonly tokens: number;
  readonly perTool: ReadonlyArray<{ readonly name: string; readonly tokens: number }>;
  /** `o200k_base` when counted exactly (with `gpt-tokenizer` installed), else `estimate`. */
  readonly countedWith: TokenCountMethod;
}

/**
 * Whether calling the tool again with the same arguments does nothing more (MCP's
 * `idempotentHint`): reads, polls, and PUT and DELETE by their HTTP meaning. Not an operation
 * that merely accepts an Idempotency-Key: each tool call is a new logical call with a key of its
 * own (only its retries share one), so two identical calls to fund a wallet fund it twice, and a
 * client that trusted the hint would retry a payment. Deriving the key from the arguments instead
 * would make a person's deliberate second payment of the same amount vanish without a word.
 */
function repeatsHarmlessly(operation: Operation): boolean {
  return (
    operation.effect === 'read' ||
    operation.isFetch ||
    operation.method === 'PUT' ||
    operation.method === 'DELETE'
  );
}

export function annotationsOf(operation: Operation): ToolAnnotations {
  const read = operation.effect === 'read';
  return {
    title: operation.summary,
    readOnlyHint: read,
    destructiveHint: operation.effect === 'destructive' || operation.effect === 'money',
    idempotentHint: repeatsHarmlessly(operation),
    openWorldHint: true,
  };
}

/**
 * The tools an agent gets from a session: one per chosen operation (typed), three meta-tools
 * (dynamic), or typed tools within a token budget plus the meta-tools (auto); and `resume_job`
 * whenever an asynchronous operation is reachable. Every tool checks its arguments before any
 * request, waits for jobs, and answers the result envelope of DESIGN.md.
 */
export function createToolSpecs(session: Session, options: ToolSpecOptions = {}): ToolSet {
  checkToolOptions(session, options, TOOL_SPEC_OPTION_KEYS, 'createToolSpecs options');
  const mode = options.mode ?? 'auto';
  const profile = options.schema ?? 'default';
  const approval = options.approval;
  const operations = chooseOperations(session.operations, options.include, () => true);
  const resumeName = `${options.prefix ?? ''}${options.resumeToolName ?? 'resume_job'}`;
  const dynamicNames = {
    search: `${options.prefix ?? ''}${DEFAULT_DYNAMIC_TOOL_NAMES.search}`,
    describe: `${options.prefix ?? ''}${DEFAULT_DYNAMIC_TOOL_NAMES.describe}`,
    call: `${options.prefix ?? ''}${DEFAULT_DYNAMIC_TOOL_NAMES.call}`,
  };
  const names = assignToolNames(operations, {
    ...(options.prefix ? { prefix: options.prefix } : {}),
    reserved: [resumeName, ...Object.values(dynamicNames)],
  });
  const anyAsync = operations.some((operation) => operation.async);
  const generic = genericOperationIds(operations);
  const describeOptions = (operation: Operation) => {
    const approvalAbove = approvalOnlyAbove(approval, operation);
    const price = familyPriceSentence(operation, session.service.models);
    return {
      approval: mayNeedApproval(approval, operation),
      ...(approvalAbove !== undefined ? { approvalAbove } : {}),
      resumeToolName: resumeName,
      ...(generic.has(operation.id) ? { actsOn: actsOn(operation) } : {}),
      ...(price ? { price } : {}),
    };
  };
  // Asked at call time, so the session's estimator (and a test's stand-in for it) is the one used.
  const estimateCost: EstimateCost = (operationId, input) => session.estimate(operationId, input);

  const runCall = toolCallRunner(session, {
    ...options,
    waitMs: options.waitMs ?? 120_000,
    resumeToolName: anyAsync ? resumeName : undefined,
    toolNameOf: (operationId) => names.nameOf(operationId),
  });
  // A tool set's own budget wraps the session's: a call must fit both.
  const spending = toolSetSpending(session, options.budget);
  const allowModelCallbacks = options.modelCallbacks === true;
  const forModel = (operation: Operation) => operationForModel(operation, allowModelCallbacks);
  const call = async (operation: Operation, given: unknown, context: ToolCallContext = {}) => {
    let args: unknown;
    try {
      args = modelArguments(session, operation, given, allowModelCallbacks);
    } catch (error) {
      return errorResult(error);
    }
    return runCall(operation, context, (callOptions) => {
      const send = () => session.call(operation.id, args, callOptions);
      return spending ? spending.call(operation, args, send) : send();
    });
  };

  const typedSpec = (operation: Operation): ToolSpec => {
    const profiled = toProfile(forModel(operation).input.schema, profile);
    const approvalOf = (args: unknown) =>
      approvalVerdict(approval, operation, profiled.restore(args), estimateCost);
    return {
      name: names.nameOf(operation.id) as string,
      description: describeTool(operation, describeOptions(operation)),
      inputSchema: profiled.schema,
      annotations: annotationsOf(operation),
      kind: 'operation',
      operationId: operation.id,
      effect: operation.effect,
      ...(handlesCredentials(operation) ? { handlesCredentials: true } : {}),
      waitsForJobs: operation.async !== undefined,
      mayNeedApproval: mayNeedApproval(approval, operation),
      needsApproval: async (args) => (await approvalOf(args)).needed,
      approval: approvalOf,
      check(args) {
        try {
          const restored = profiled.restore(args);
          session.checkInput(operation.id, modelArguments(session, operation, restored, allowModelCallbacks));
          return undefined;
        } catch (error) {
          return errorResult(error);
        }
      },
      execute: (args, context) => call(operation, profiled.restore(args), context),
    };
  };
  const resume = anyAsync
    ? resumeToolSpec({ session, operations, names, name: resumeName, profile, runCall, spending })
    : undefined;

  // Which operations get typed tools; auto mode builds every typed spec once, to count it, and
  // offers the very specs it counted.
  const typedSpecs = new Map<string, ToolSpec>();
  const typedSpecOf = (operation: Operation): ToolSpec => {
    let spec = typedSpecs.get(operation.id);
    if (!spec) {
      spec = typedSpec(operation);
      typedSpecs.set(operation.id, spec);
    }
    return spec;
  };
  // An operation named by id, at connect() or in `include`, is a tool of its own in every mode.
  const pinned = new Set([...operationsNamedAt(session), ...(options.include?.ids ?? [])]);
  let typed = operations;
  let dynamic: Operation[] = [];
  if (mode === 'dynamic') {
    typed = operations.filter((operation) => pinned.has(operation.id));
    dynamic = operations.filter((operation) => !pinned.has(operation.id));
  } else if (mode === 'auto') {
    const selection = selectWithinBudget({
      operations,
      ...autoBudget({ options, profile, resume }),
      pinned,
      toolTokens: (operation) => definitionTokens(typedSpecOf(operation), options, profile),
      // The dynamic tools are counted as they would be for every operation; their specs (and
      // search index) are built only for the operations they end up reaching.
      dynamicTokens: profiledDynamicDefinitions(operations, dynamicNames, profile).reduce(
        (total, definition) => total + definitionTokens(definition, options, profile),
        0,
      ),
    });
    typed = [...selection.typed];
    dynamic = [...selection.dynamic];
  }

  const tools: ToolSpec[] = typed.map(typedSpecOf);
  if (dynamic.length > 0)
    tools.push(
      ...dynamicToolSpecs({
        operations: dynamic.map(forModel),
        names,
        dynamicNames,
        profile,
        approval: { rule: approval, estimateCost },
        describe: describeOptions,
        call,
        redact: (text) => session.client.redactor.redact(text),
        models: () => session.models(),
      }),
    );
  if (resume) tools.push(resume);
  const traced = tools.map((tool) => tracedToolSpec(tool, session.client.telemetry));
  tools.splice(0, tools.length, ...traced);

  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const tooMany = toolCountWarning(tools.length, profile);
  const warnings = tooMany ? [tooMany] : [];
  for (const warning of warnings) emitWarning(warning);
  const set: ToolSet = {
    tools,
    mode,
    warnings,
    typedOperationIds: typed.map((operation) => operation.id),
    dynamicOperationIds: dynamic.map((operation) => operation.id),
    tool: (name) => byName.get(name),
    async footprint() {
      const countTokens = await loadTokenCounter();
      const measured = toolFootprint(
        tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
        { countTokens, wire: WIRE_FORMAT_OF_PROFILE[profile] },
      );
      return { tokens: measured.tokens, perTool: measured.perTool, countedWith: countTokens.method };
    },
  };
  return showsItself(set, () => toolSetView(set));
}

/**
 * Tokens of one definition as it will be offered (named, described and shaped for the profile),
 * with the caller's counter, else four characters a token.
 */
function definitionTokens(
  definition: ToolDefinition,
  options: ToolSpecOptions,
  profile: SchemaProfile,
): number {
  const count = options.countTokens ?? estimateTokens;
  const { name, description, inputSchema } = definition;
  return count(serialiseToolDefinition({ name, description, inputSchema }, WIRE_FORMAT_OF_PROFILE[profile]));
}

/**
 * The budget left to the typed and dynamic tools of auto mode: resume_job, offered whatever the
 * choice, comes off the tokens and off the family's most tools first.
 */
function autoBudget(context: {
  readonly options: ToolSpecOptions;
  readonly profile: SchemaProfile;
  readonly resume: ToolSpec | undefined;
}): { budget: number; maxTools?: number } {
  const { options, profile, resume } = context;
  const resumeTokens = resume ? definitionTokens(resume, options, profile) : 0;
  const limit = TOOL_COUNT_LIMITS[profile];
  return {
    budget: (options.tokenBudget ?? 8000) - resumeTokens,
    ...(limit ? { maxTools: limit.maxTools - (resume ? 1 : 0) } : {}),
  };
}

const emittedWarnings = new Set<string>();

/**
 * Forgets which warnings this process was shown, so the next tool set warns again. For tests:
 * files that share one process would otherwise see a warning another file's tool set drew.
 * @internal
 */
export function forgetEmittedWarnings(): void {
  emittedWarnings.clear();
}

/**
 * A warning a person sees without looking for it: Node's process warnings, where there are some,
 * once per process for each message (an agent that rebuilds its tools each turn is told once).
 */
function emitWarning(warning: ToolSetWarning): void {
  if (emittedWarnings.has(warning.message)) return;
  emittedWarnings.add(warning.message);
  const runtime = (globalThis as { process?: { emitWarning?: (message: string, options: object) => void } })
    .process;
  runtime?.emitWarning?.(warning.message, { code: `GENTK_${warning.code.toUpperCase().replace(/-/g, '_')}` });
}
