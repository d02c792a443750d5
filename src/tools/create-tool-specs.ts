import { chooseOperations, type OperationChoice } from '../auth/operation-choice.js';
import type { Session } from '../auth/session.js';
import { type CallSuccess, unaddressableSegment } from '../calls/index.js';
import type { ModelInfo } from '../discovery/documents/models-feed.js';
import type { Operation } from '../discovery/types.js';
import { briefJson } from '../schema/schema-node.js';
import { familyPriceSentence, modelPriceTable } from '../spend/model-family-prices.js';
import type { BudgetOptions } from '../spend/spend-budget.js';
import { type ApprovalRule, mayNeedApproval, needsApproval } from './approval.js';
import { DEFAULT_DYNAMIC_TOOL_NAMES, dynamicToolDefinitions } from './dynamic-tool-definitions.js';
import { errorResult } from './error-result.js';
import { actsOn, genericOperationIds } from './generic-operation-ids.js';
import { createOperationIndex } from './operation-search.js';
import { toProfile } from './schema-profiles/to-profile.js';
import type { SchemaProfile } from './schema-profiles/types.js';
import { selectWithinBudget } from './select-within-budget.js';
import {
  type CountTokens,
  loadTokenCounter,
  serialiseToolDefinition,
  toolFootprint,
  WIRE_FORMAT_OF_PROFILE,
} from './token-footprint.js';
import { TOOL_COUNT_LIMITS, type ToolSetWarning, toolCountWarning } from './tool-count-limits.js';
import { describeTool } from './tool-description.js';
import { assignToolNames, type ToolNames } from './tool-names.js';
import { pendingResult, type ShapeOptions, successResult, type ToolResult } from './tool-result.js';
import { type ToolSetSpending, toolSetSpending } from './tool-set-spending.js';
import type { ToolAnnotations, ToolCallContext, ToolSpec } from './tool-spec.js';
import { checkToolOptions, TOOL_SPEC_OPTION_KEYS } from './tool-spec-option-keys.js';
import { type ReturnedSecret, withholdSecrets } from './withhold-secrets.js';

export type ToolMode = 'typed' | 'dynamic' | 'auto';

/**
 * Which of the session's operations become tools, read as {@link OperationChoice} reads: selectors
 * (`ids`, `categories`, `versions`, `surfaces`) add up, filters (`effects`, `readOnly`, `where`,
 * `exclude`) narrow. With no selector, the filters narrow every operation the session offers.
 */
export type ToolSelection = OperationChoice;

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
   * Counts tokens for `auto` mode; pass `await loadTokenCounter()` for exact figures. Without it
   * a tool's tokens are estimated at four characters each.
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
}

/** The tools of a session, with how they were chosen. */
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
   * Tokens the tool definitions take, counted with a real tokenizer (o200k_base) on the wire
   * format of the set's schema profile (OpenAI's for `default` and `openai-strict`, Anthropic's,
   * Gemini's function declarations).
   */
  footprint(): Promise<{ tokens: number; perTool: ReadonlyArray<{ name: string; tokens: number }> }>;
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

const META_ANNOTATIONS: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

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
  const waitMs = options.waitMs ?? 120_000;
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
    const price = familyPriceSentence(operation, session.service.models);
    return {
      approval: mayNeedApproval(approval, operation),
      resumeToolName: resumeName,
      ...(generic.has(operation.id) ? { actsOn: actsOn(operation) } : {}),
      ...(price ? { price } : {}),
    };
  };
  const spending = toolSetSpending(session, options.budget);

  const succeeded = successFor(session, options);
  const run = async (
    operation: Operation,
    args: unknown,
    context: ToolCallContext = {},
  ): Promise<ToolResult> => {
    const tool = names.nameOf(operation.id) ?? operation.id;
    const onProgress = context.onProgress ?? options.onProgress;
    try {
      const send = () =>
        session.call(operation.id, args, {
          wait: waitMs,
          ...(context.signal ? { signal: context.signal } : {}),
          ...(onProgress
            ? { onProgress: (progress) => onProgress({ ...progress, tool, operationId: operation.id }) }
            : {}),
        });
      const result = spending ? await spending.call(operation, args, send) : await send();
      return result.status === 'success'
        ? succeeded(result)
        : pendingResult(result, anyAsync ? resumeName : undefined);
    } catch (error) {
      return errorResult(error);
    }
  };

  const typedSpec = (operation: Operation): ToolSpec => {
    const profiled = toProfile(operation.input.schema, profile);
    return {
      name: names.nameOf(operation.id) as string,
      description: describeTool(operation, describeOptions(operation)),
      inputSchema: profiled.schema,
      annotations: annotationsOf(operation),
      kind: 'operation',
      operationId: operation.id,
      effect: operation.effect,
      needsApproval: (args) => needsApproval(approval, operation, profiled.restore(args)),
      check(args) {
        try {
          session.checkInput(operation.id, profiled.restore(args));
          return undefined;
        } catch (error) {
          return errorResult(error);
        }
      },
      execute: (args, context) => run(operation, profiled.restore(args), context),
    };
  };

  // Which operations get typed tools.
  let typed = operations;
  let dynamic: Operation[] = [];
  if (mode === 'dynamic') {
    typed = [];
    dynamic = operations;
  } else if (mode === 'auto') {
    const count = options.countTokens ?? ((text: string) => Math.ceil(text.length / 4));
    // Every definition is counted as it will be offered (named, described and shaped for the
    // profile), and resume_job, which is offered whatever the choice, comes off the budget first.
    const tokensOf = (spec: ToolSpec) =>
      count(
        serialiseToolDefinition(
          { name: spec.name, description: spec.description, inputSchema: spec.inputSchema },
          WIRE_FORMAT_OF_PROFILE[profile],
        ),
      );
    const sum = (specs: readonly ToolSpec[]) => specs.reduce((total, spec) => total + tokensOf(spec), 0);
    const resumeTokens = anyAsync
      ? sum([resumeSpec(session, operations, names, resumeName, waitMs, profile, options, spending)])
      : 0;
    const limit = TOOL_COUNT_LIMITS[profile];
    const selection = selectWithinBudget({
      operations,
      budget: (options.tokenBudget ?? 8000) - resumeTokens,
      ...(limit ? { maxTools: limit.maxTools - (anyAsync ? 1 : 0) } : {}),
      toolTokens: (operation) => tokensOf(typedSpec(operation)),
      dynamicTokens: sum(
        dynamicSpecs(
          operations,
          names,
          dynamicNames,
          profile,
          approval,
          run,
          describeOptions,
          (text) => text,
          () => session.models(),
        ),
      ),
    });
    typed = [...selection.typed];
    dynamic = [...selection.dynamic];
  }

  const tools: ToolSpec[] = typed.map(typedSpec);
  if (dynamic.length > 0)
    tools.push(
      ...dynamicSpecs(
        dynamic,
        names,
        dynamicNames,
        profile,
        approval,
        run,
        describeOptions,
        (text) => session.client.redactor.redact(text),
        () => session.models(),
      ),
    );
  if (anyAsync)
    tools.push(resumeSpec(session, operations, names, resumeName, waitMs, profile, options, spending));

  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const tooMany = toolCountWarning(tools.length, profile);
  const warnings = tooMany ? [tooMany] : [];
  for (const warning of warnings) emitWarning(warning);
  return {
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
      return { tokens: measured.tokens, perTool: measured.perTool };
    },
  };
}

const emittedWarnings = new Set<string>();

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

type Run = (operation: Operation, args: unknown, context?: ToolCallContext) => Promise<ToolResult>;

function invalid(message: string): ToolResult {
  return {
    ok: false,
    status: 'error',
    code: 'invalid_arguments',
    message,
    retryable: false,
    hint: 'Fix the arguments and call again.',
  };
}

function dynamicSpecs(
  operations: readonly Operation[],
  names: ToolNames,
  dynamicNames: { search: string; describe: string; call: string },
  profile: SchemaProfile,
  approval: ApprovalRule | undefined,
  run: Run,
  describeOptions: (operation: Operation) => { approval: boolean; resumeToolName: string },
  /** Masks the session's secrets in what the tools quote back (a model may type one as a name). */
  redact: (text: string) => string,
  /** The model feed, for the price table of `describe_operation`. */
  models: () => Promise<readonly ModelInfo[]>,
): ToolSpec[] {
  const index = createOperationIndex(operations, { names, profile, describe: describeOptions });
  const byName = (value: unknown) => {
    if (typeof value !== 'string') return undefined;
    const id = names.operationIdOf(value) ?? value;
    return operations.find((operation) => operation.id === id);
  };
  const [search, describe, call] = dynamicToolDefinitions({ operations, names: dynamicNames });
  const record = (args: unknown) =>
    typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
  const profiled = (definition: typeof search) =>
    toProfile((definition as NonNullable<typeof search>).inputSchema, profile);
  const searchSchema = profiled(search);
  const describeSchema = profiled(describe);
  const callSchema = profiled(call);
  return [
    {
      ...(search as NonNullable<typeof search>),
      inputSchema: searchSchema.schema,
      annotations: META_ANNOTATIONS,
      kind: 'search',
      effect: 'read',
      needsApproval: async () => false,
      async execute(args) {
        const input = record(searchSchema.restore(args));
        if (typeof input.query !== 'string' || input.query.trim() === '')
          return invalid('query is required: what you want to do, in a few words.');
        const filters = Object.fromEntries(
          (['category', 'version', 'effect'] as const)
            .filter((key) => typeof input[key] === 'string')
            .map((key) => [key, input[key]]),
        );
        const matches = index.search(input.query, {
          limit: typeof input.limit === 'number' ? input.limit : 8,
          filters,
        });
        return {
          ok: true,
          status: 'success',
          operationId: dynamicNames.search,
          outputs: [],
          data: { matches },
        };
      },
    },
    {
      ...(describe as NonNullable<typeof describe>),
      inputSchema: describeSchema.schema,
      annotations: META_ANNOTATIONS,
      kind: 'describe',
      effect: 'read',
      needsApproval: async () => false,
      async execute(args) {
        const input = record(describeSchema.restore(args));
        const found = typeof input.operation === 'string' ? index.describe(input.operation) : undefined;
        const operation = byName(input.operation);
        if (!found || !operation)
          return invalid(
            `No operation is called ${redact(briefJson(input.operation, 80))}; use ${dynamicNames.search} to find one.`,
          );
        const prices = modelPriceTable(operation, await models());
        return {
          ok: true,
          status: 'success',
          operationId: dynamicNames.describe,
          outputs: [],
          data: prices.length > 0 ? { ...found, prices } : found,
        };
      },
    },
    {
      ...(call as NonNullable<typeof call>),
      inputSchema: callSchema.schema,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
      kind: 'call',
      effect: 'write',
      async needsApproval(args) {
        const input = record(callSchema.restore(args));
        const operation = byName(input.operation);
        return operation ? needsApproval(approval, operation, input.arguments) : false;
      },
      async execute(args, context) {
        const input = record(callSchema.restore(args));
        const operation = byName(input.operation);
        if (!operation)
          return invalid(
            `No operation is called ${redact(briefJson(input.operation, 80))}; use ${dynamicNames.search} to find one.`,
          );
        return run(operation, input.arguments ?? {}, context);
      },
    },
  ];
}

const RESUME_SCHEMA = {
  type: 'object',
  properties: {
    operation: {
      type: 'string',
      minLength: 1,
      description: 'The operation (or tool name) from the "processing" result.',
    },
    request_id: {
      type: ['string', 'integer'],
      description: 'The request_id from the "processing" result, exactly as given.',
    },
  },
  required: ['operation', 'request_id'],
};

/** The model's view of a success, with the secrets of the answer withheld. */
function successFor(session: Session, options: ToolSpecOptions): (result: CallSuccess) => ToolResult {
  const withhold = { redactor: session.client.redactor, onSecret: options.onSecret };
  return (result) => withholdSecrets(successResult(result, options), withhold);
}

function resumeSpec(
  session: Session,
  operations: readonly Operation[],
  names: ToolNames,
  name: string,
  waitMs: number,
  profile: SchemaProfile,
  options: ToolSpecOptions,
  spending: ToolSetSpending | undefined,
): ToolSpec {
  const asynchronous = operations.filter((operation) => operation.async);
  const profiled = toProfile(RESUME_SCHEMA, profile);
  const succeeded = successFor(session, options);
  return {
    name,
    description:
      'Wait again for a generation job that was still running when its tool returned (status "processing"). Give the operation and request_id from that result; returns the result, or "processing" again with when to come back.',
    inputSchema: profiled.schema,
    annotations: { ...META_ANNOTATIONS, openWorldHint: true },
    kind: 'resume',
    effect: 'read',
    needsApproval: async () => false,
    async execute(args, context = {}) {
      const restored = profiled.restore(args);
      const input =
        typeof restored === 'object' && restored !== null ? (restored as Record<string, unknown>) : {};
      const id =
        typeof input.operation === 'string'
          ? (names.operationIdOf(input.operation) ?? input.operation)
          : undefined;
      const operation = asynchronous.find((candidate) => candidate.id === id);
      const requestId = input.request_id;
      if (!operation) return invalid('operation must be the operation of a "processing" result.');
      if (
        !(typeof requestId === 'string' && requestId !== '' && !unaddressableSegment(requestId)) &&
        !(typeof requestId === 'number' && Number.isFinite(requestId))
      ) {
        return invalid(
          'request_id must be the request_id of the "processing" result, a string or an integer.',
        );
      }
      const onProgress = context.onProgress ?? options.onProgress;
      const tool = names.nameOf(operation.id) ?? operation.id;
      try {
        const send = () =>
          session.resumeById(operation.id, requestId, {
            wait: waitMs,
            ...(context.signal ? { signal: context.signal } : {}),
            ...(onProgress
              ? { onProgress: (progress) => onProgress({ ...progress, tool, operationId: operation.id }) }
              : {}),
          });
        const result = spending ? await spending.resume(operation.id, requestId, send) : await send();
        return result.status === 'success' ? succeeded(result) : pendingResult(result, name);
      } catch (error) {
        return errorResult(error);
      }
    },
  };
}
