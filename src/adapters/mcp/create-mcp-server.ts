import {
  type CallToolResult,
  type ElicitRequestFormParams,
  inputRequired,
  isInputRequiredResult,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type ServerCapabilities,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { Session } from '../../auth/session.js';
import type { OptionKeys } from '../../errors/index.js';
import { createToolSpecs } from '../../tools/create-tool-specs.js';
import { errorResult } from '../../tools/error-result.js';
import type { ToolPending, ToolResult } from '../../tools/tool-result.js';
import type { ToolCallContext, ToolProgress } from '../../tools/tool-spec.js';
import {
  checkToolOptions,
  TOOL_SPEC_OPTION_KEYS,
  toolSpecOptionsOf,
} from '../../tools/tool-spec-option-keys.js';
import { VERSION } from '../../version.js';
import { type AwaitedPayment, awaitedPayment, awaitedPaymentResult } from './awaited-payment.js';
import { toCallToolResult } from './call-tool-result.js';
import { inlineMedia } from './inline-media.js';
import type { McpServerOptions } from './mcp-server-options.js';
import { type McpJobRecord, MemoryMcpTaskStore } from './mcp-task-store.js';
import { mediaViewer } from './media-viewer.js';
import { type LastProgress, withJobMeta } from './media-viewer-job.js';
import { type ProgressNotifier, progressNotifier } from './progress-notifier.js';
import { resetsTimeoutOnProgress } from './progress-wait.js';
import { toolListing } from './tool-listing.js';
import { TOOL_RESULT_OUTPUT_SCHEMA } from './tool-result-schema.js';
import {
  createTaskResult,
  decodeTaskId,
  detailedTask,
  LEGACY_TASKS_CAPABILITY,
  legacyTask as legacyTask_,
  TASKS_EXTENSION,
  wantsTasks,
} from './tool-tasks.js';
import { tracedApprovalGate } from './traced-approval-gate.js';

const INSTRUCTIONS =
  'Tools of a generation service. Each tool checks its arguments, waits for the job and returns its result; a result with status "processing" says how to pick the job up later with resume_job (progress messages name the job too). Tools that move money or delete ask the user first.';

/** How long a call waits for a job by default: below the 60 s most clients give a request. */
export const DEFAULT_MCP_WAIT_MS = 50_000;

/**
 * How long a call waits for a client that resets its timeout on progress: long enough for the
 * longest job a generation service runs (a video takes up to two minutes) in one call, bounded
 * so that a call never holds a connection for good.
 */
export const DEFAULT_MCP_PROGRESS_WAIT_MS = 600_000;

const MCP_SERVER_OPTION_KEYS: OptionKeys<McpServerOptions> = {
  ...TOOL_SPEC_OPTION_KEYS,
  name: ['serverName'],
  version: true,
  instructions: true,
  outputSchema: true,
  approve: ['onApproval', 'approver'],
  approvalTimeoutMs: true,
  progressIntervalMs: true,
  taskStore: true,
  taskWaitMs: true,
  taskPollMaxMs: true,
  inlineMedia: true,
  progressWaitMs: true,
  resetsTimeoutOnProgress: true,
  mediaViewer: true,
};

/** A params schema that takes what the SDK parsed as it is: the handler checks what it reads. */
const ANY_PARAMS = {
  '~standard': { version: 1, vendor: 'generation-agent-toolkit', validate: (value: unknown) => ({ value }) },
} as const;

/** Marks the request state of a payment's URL round (see paymentWithPerson). */
const PAYMENT_STATE = 'gentk-payment:';

/** How long a job handed out (its start, its task, a cancellation) is remembered, in ms. */
const JOB_TTL_MS = 7 * 24 * 3_600_000;

/** Tasks per tasks/list page. */
const TASKS_PAGE = 50;

/**
 * Makes MCP server instances that all offer the same tools: what the serving entries
 * ({@link createMcpHttpHandler}, {@link serveStdio}) call once per HTTP request or connection.
 * The argument (the protocol era the instance will serve) is accepted and not needed: one
 * definition serves 2026-07-28 and 2025-11-25 clients alike.
 */
export type McpServerFactory = (context?: { readonly era?: 'legacy' | 'modern' }) => Server;

/**
 * A factory of MCP servers offering the session's tools: the same tools as
 * `createToolSpecs(session, options)`, built once and shared by every instance the factory makes,
 * so that a stateless endpoint can make one per request cheaply.
 *
 * Each instance lists the tools with their names, descriptions, JSON Schemas, titles, icons and
 * hints, and the result envelope's `outputSchema`; it answers a call with the envelope as
 * `structuredContent`, every output file as a `resource_link`, and compact JSON text. A call runs
 * with the request's abort signal; a client that sent a `progressToken` gets
 * `notifications/progress` naming the job. A call that needs approval (money, credentials,
 * deletion) runs only when everyone who can be asked says yes: `options.approve` (the
 * application's policy, final when given), then the person through form elicitation when the
 * client supports it (an `input_required` round on 2026-07-28, an elicitation request on a
 * 2025-11-25 connection); with neither it is refused, never run silently.
 *
 * @example
 * import { connect } from 'generation-agent-toolkit';
 * import { createMcpHttpHandler, createMcpServerFactory } from 'generation-agent-toolkit/mcp';
 *
 * const session = await connect({ baseUrl: 'http://127.0.0.1:8787' }); // the key from GENTK_API_KEY
 * const handler = createMcpHttpHandler(createMcpServerFactory(session, { mode: 'auto' }));
 * // handler.fetch(request) answers both protocol versions, on any instance behind a load balancer.
 */
export function createMcpServerFactory(session: Session, options: McpServerOptions = {}): McpServerFactory {
  checkToolOptions(session, options, MCP_SERVER_OPTION_KEYS, 'createMcpServer options');
  const set = createToolSpecs(session, {
    ...toolSpecOptionsOf(options),
    waitMs: options.waitMs ?? DEFAULT_MCP_WAIT_MS,
  });
  const declareOutput = options.outputSchema ?? true;
  const resumeSpec = set.tools.find((spec) => spec.kind === 'resume');
  const viewer =
    options.mediaViewer === false
      ? undefined
      : mediaViewer({
          serviceUrl: session.service.baseUrl,
          trustedOrigins: (options.inlineMedia || undefined)?.trustedOrigins ?? [],
          options: options.mediaViewer ?? {},
          resumeTool: resumeSpec?.name,
        });
  /**
   * The tools as listed. To a 2025-11-25 client, which takes tasks per call, a tool that runs jobs
   * says `execution.taskSupport: 'optional'` beside the tasks capability, so that its task helpers
   * ask for one; the others say nothing ('forbidden' by the spec). The 2026-07-28 extension has no
   * such field: the server decides per call, for every client that declared the extension.
   */
  const listingFor = (legacyTasks: boolean) =>
    set.tools.map((spec) =>
      toolListing(spec, {
        outputSchema: declareOutput,
        // The viewer shows what tools that wait for jobs return.
        ...(viewer && spec.waitsForJobs ? { _meta: viewer.toolMeta } : {}),
        ...(legacyTasks && spec.waitsForJobs ? { taskSupport: 'optional' as const } : {}),
      }),
    );
  const listing = listingFor(false);
  const legacyListing = listingFor(true);
  const outputSchema = declareOutput ? TOOL_RESULT_OUTPUT_SCHEMA : undefined;
  const taskStore = options.taskStore ?? new MemoryMcpTaskStore();
  const maxPollMs = options.taskPollMaxMs ?? 30_000;
  // The session's clock timed the job from its submission: task times and progress share it.
  const now = () => session.client.clock.now();
  /** A store that does not answer costs a job its known start, never the call. */
  const remember = (record: McpJobRecord) => taskStore.put(record, JOB_TTL_MS).catch(() => undefined);

  /** When the job `resume_job` names was submitted, as the store knows it (NaN when unknown). */
  const knownStart = async (args: Record<string, unknown>): Promise<number> => {
    const { operation, request_id: requestId } = args;
    if (typeof operation !== 'string' || (typeof requestId !== 'string' && typeof requestId !== 'number'))
      return Number.NaN;
    const operationId = set.tool(operation)?.operationId ?? operation;
    const known = await taskStore.get(operationId, requestId).catch(() => undefined);
    return known?.submittedAt ?? Number.NaN;
  };

  /**
   * Records a job once its id is known, and gives the notifier its submission as the store knows
   * it: a job submitted on another instance (or before a restart) counts from there.
   */
  const jobWatcher = (notify: ProgressNotifier | undefined) => {
    let seen = false;
    return (progress: ToolProgress) => {
      if (seen || progress.requestId === undefined) return;
      seen = true;
      const { operationId, requestId } = progress;
      const submittedAt = now() - progress.elapsedMs;
      void (async () => {
        const known = await taskStore.get(operationId, requestId).catch(() => undefined);
        notify?.startFrom(Math.min(known?.submittedAt ?? submittedAt, submittedAt));
        if (!known || known.submittedAt > submittedAt)
          await remember({ operationId, requestId, submittedAt });
      })();
    };
  };

  const projected = (server: Server, result: CallToolResult) =>
    server.projectCallToolResult(result, outputSchema);
  /** The result with its small images and audio inline, when the options allow. */
  const withMedia = async (result: ToolResult, signal: AbortSignal) =>
    toCallToolResult(
      result,
      options.inlineMedia === false
        ? []
        : await inlineMedia(result, session.service.baseUrl, options.inlineMedia ?? {}, signal),
    );

  /** tasks/get and tasks/cancel: the job the task names, asked about again. */
  async function taskState(server: Server, taskId: unknown, context: ServerContext, cancel: boolean) {
    const job = decodeTaskId(taskId);
    if (!job || !resumeSpec)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        'Unknown task: this server did not create it.',
      );
    const id = taskId as string;
    const record = {
      operationId: job.operationId,
      requestId: job.requestId,
      submittedAt: job.createdAt,
      taskId: id,
    };
    if (cancel) {
      try {
        await taskStore.put({ ...record, cancelled: true }, JOB_TTL_MS);
      } catch {
        throw new ProtocolError(
          ProtocolErrorCode.InternalError,
          'The task store did not answer: the task was not cancelled; try again.',
        );
      }
    }
    if (cancel || (await taskStore.get(job.operationId, job.requestId).catch(() => undefined))?.cancelled)
      return detailedTask(id, job, now(), maxPollMs, { cancelled: true });
    // One look at the job and no more (a wait of 1 ms polls once; 0 would not poll at all): the
    // client polls at the interval the task gives.
    let last: LastProgress | undefined;
    const result = await resumeSpec.execute(
      { operation: job.operationId, request_id: job.requestId },
      {
        signal: context.mcpReq.signal,
        waitMs: 1,
        // The look's figures, for the task's progress (the viewer follows a task as a result).
        onProgress: (progress) => {
          last = { progress, at: now() };
        },
      },
    );
    return detailedTask(id, job, now(), maxPollMs, {
      result,
      ...(last ? { last } : {}),
      callResult: projected(server, await withMedia(result, context.mcpReq.signal)),
    });
  }

  /**
   * tasks/result (2025-11-25): the task's tool result, waiting for the job as a call does (the
   * client asks once the task is completed, so it is at hand).
   */
  async function taskResult(server: Server, taskId: unknown, context: ServerContext) {
    const job = decodeTaskId(taskId);
    if (!job || !resumeSpec)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        'Unknown task: this server did not create it.',
      );
    const result = await resumeSpec.execute(
      { operation: job.operationId, request_id: job.requestId },
      { signal: context.mcpReq.signal, waitWhole: true },
    );
    return projected(server, await withMedia(result, context.mcpReq.signal));
  }

  /** tasks/list (2025-11-25): the tasks in the store, newest first, a page at a time. */
  async function listTasks(cursor: unknown) {
    const before = typeof cursor === 'string' && /^\d{1,16}$/.test(cursor) ? Number(cursor) : undefined;
    const page =
      (await taskStore.listTasks?.({ limit: TASKS_PAGE, ...(before !== undefined ? { before } : {}) })) ?? [];
    const at = now();
    const tasks = page.map((record) => ({
      taskId: record.taskId,
      status: record.cancelled ? 'cancelled' : 'working',
      statusMessage: record.cancelled
        ? 'Cancelled by the client.'
        : `${record.operationId} job ${String(record.requestId)}: tasks/get tells its state`,
      createdAt: new Date(record.submittedAt).toISOString(),
      lastUpdatedAt: new Date(at).toISOString(),
      ttl: null,
    }));
    const last = page.at(-1);
    return { tasks, ...(page.length === TASKS_PAGE && last ? { nextCursor: String(last.submittedAt) } : {}) };
  }

  /**
   * A payment left waiting for the person: never a success. The address goes to the person through
   * URL-mode elicitation where the client offers it: asked at once on a 2025-11-25 connection; on
   * 2026-07-28 as an `input_required` round whose state carries the outcome, so that the repeated
   * request answers from it and pays nothing again.
   */
  async function paymentWithPerson(
    server: Server,
    operationId: string,
    payment: AwaitedPayment,
    context: ServerContext,
  ): Promise<CallToolResult> {
    const url = server.getClientCapabilities()?.elicitation?.url !== undefined;
    const message = `Confirm the payment${payment.paymentId ? ` ${payment.paymentId}` : ''} with your bank (3-D Secure) to complete it.`;
    if (url && context.mcpReq.envelope !== undefined) {
      return inputRequired({
        inputRequests: { payment_confirmation: inputRequired.elicitUrl({ message, url: payment.url }) },
        requestState: PAYMENT_STATE + JSON.stringify([operationId, payment.paymentId ?? null]),
      }) as unknown as CallToolResult;
    }
    let sent = false;
    if (url) {
      try {
        await context.mcpReq.elicitInput(
          { mode: 'url', message, url: payment.url, elicitationId: payment.paymentId ?? crypto.randomUUID() },
          { signal: context.mcpReq.signal, timeout: options.approvalTimeoutMs ?? 600_000 },
        );
        sent = true;
      } catch {
        // The client could not show it: the model passes the address on instead.
      }
    }
    return toCallToolResult(awaitedPaymentResult(operationId, payment, sent));
  }

  /** The repeated request of a payment's URL round: answered from its state, nothing sent again. */
  function paymentRoundAnswer(context: ServerContext): CallToolResult | undefined {
    const state = context.mcpReq.requestState();
    if (typeof state !== 'string' || !state.startsWith(PAYMENT_STATE) || state.length > 2048)
      return undefined;
    try {
      const [operationId, paymentId] = JSON.parse(state.slice(PAYMENT_STATE.length)) as unknown[];
      if (typeof operationId !== 'string') return undefined;
      // The address is not in the state: the person has it; the model needs none.
      return toCallToolResult(
        awaitedPaymentResult(
          operationId,
          { url: 'about:blank', ...(typeof paymentId === 'string' ? { paymentId } : {}) },
          true,
        ),
      );
    } catch {
      return undefined;
    }
  }

  async function callTool(
    server: Server,
    name: string,
    args: Record<string, unknown>,
    context: ServerContext,
    isTaskAugmented = false,
  ): Promise<CallToolResult> {
    const spec = set.tool(name);
    if (!spec) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown tool ${name}; tools/list names the tools of this server.`,
      );
    }
    // The repeat of a payment's URL round pays nothing again: it says the payment waits.
    const repeated = paymentRoundAnswer(context);
    if (repeated) return repeated;
    try {
      const gate = await tracedApprovalGate(spec, args, server.getClientVersion()?.name, {
        session,
        options,
        clientCapabilities: server.getClientCapabilities(),
        inputResponses: context.mcpReq.inputResponses,
        signal: context.mcpReq.signal,
        // A 2026-07-28 request carries its envelope; only a 2025-11-25 connection takes a request back.
        ...(context.mcpReq.envelope === undefined
          ? {
              elicit: (params: ElicitRequestFormParams) =>
                context.mcpReq.elicitInput(params, {
                  signal: context.mcpReq.signal,
                  timeout: options.approvalTimeoutMs ?? 600_000,
                }),
            }
          : {}),
      });
      if (gate && isInputRequiredResult(gate)) return gate as unknown as CallToolResult;
      if (gate) return toCallToolResult(gate);
      const progressToken = context.mcpReq._meta?.progressToken;
      const notify =
        progressToken === undefined
          ? undefined
          : progressNotifier({
              progressToken,
              send: (notification) => context.mcpReq.notify(notification),
              intervalMs: options.progressIntervalMs ?? 5_000,
              // Elapsed times are the session's, whose clock timed the job from its submission.
              now: () => session.client.clock.now(),
            });
      // A resumed job counts from its submission as the store knows it, from the first figure on.
      if (notify && spec.kind === 'resume') notify.startFrom(await knownStart(args));
      const watch = jobWatcher(notify);
      // The last report, for the viewer of a result still processing (see withJobMeta).
      let lastProgress: LastProgress | undefined;
      // A tool given its own onProgress no longer reports to the one of the options: call them all.
      const onProgress: ToolCallContext['onProgress'] = (progress) => {
        lastProgress = { progress, at: session.client.clock.now() };
        watch(progress);
        options.onProgress?.(progress);
        notify?.report(progress);
      };
      // A client that takes tasks gets one for a job that outlives a short first wait.
      // A 2025-11-25 client asks per call, with params.task.
      const legacyTask = context.mcpReq.envelope === undefined && isTaskAugmented;
      const asTask = spec.waitsForJobs && (legacyTask || wantsTasks(server.getClientCapabilities()));
      const startedAt = now();
      try {
        const result = await spec.execute(args, {
          signal: context.mcpReq.signal,
          onProgress,
          // A model cannot sleep between calls: a call uses its whole wait (a task needs no wait).
          ...(asTask
            ? { waitMs: options.taskWaitMs ?? 1_000 }
            : {
                waitWhole: true,
                ...(resetsTimeoutOnProgress({
                  setting: options.resetsTimeoutOnProgress,
                  meta: context.mcpReq._meta as Record<string, unknown> | undefined,
                  capabilities: server.getClientCapabilities(),
                  client: server.getClientVersion(),
                })
                  ? { waitMs: options.progressWaitMs ?? DEFAULT_MCP_PROGRESS_WAIT_MS }
                  : {}),
              }),
        });
        // A 2025-11-25 task-augmented call answers with a task even for a job already done.
        const job =
          result.status === 'processing' ||
          (legacyTask && result.status === 'success' && result.requestId !== undefined)
            ? { operationId: result.operationId, requestId: result.requestId as string | number }
            : undefined;
        if (asTask && job) {
          const pending: ToolPending =
            result.status === 'processing'
              ? result
              : { ok: false, status: 'processing', ...job, retryAfterMs: 0, hint: '' };
          const task = createTaskResult(pending, startedAt, now(), maxPollMs, lastProgress);
          await remember({ ...job, submittedAt: startedAt, taskId: task.taskId });
          if (!legacyTask) return task as unknown as CallToolResult;
          const shown = legacyTask_(task);
          // The SDK's 2025-11-25 wire check wants content beside a task: an empty one, which the
          // client's CreateTaskResult ignores.
          return {
            content: [],
            task: result.status === 'processing' ? shown : { ...shown, status: 'completed' },
          } as unknown as CallToolResult;
        }
        const payment = awaitedPayment(result);
        if (payment && result.status === 'success')
          return await paymentWithPerson(server, result.operationId, payment, context);
        const answer = await withMedia(result, context.mcpReq.signal);
        return viewer ? withJobMeta(answer, result, lastProgress, session.client.clock.now()) : answer;
      } finally {
        notify?.stop();
      }
    } catch (error) {
      // Tools answer expected failures as results; anything thrown is ours, and stays out of the
      // protocol error the SDK would otherwise build from its message.
      return toCallToolResult(errorResult(error));
    }
  }

  return (context) => {
    // 2025-11-25 clients take tasks in that protocol's form; 2026-07-28 ones through the extension.
    const legacyTasks = context?.era === 'legacy' ? { tasks: LEGACY_TASKS_CAPABILITY } : {};
    const server = new Server(
      { name: options.name ?? 'generation-agent-toolkit', version: options.version ?? VERSION },
      {
        capabilities: {
          tools: {},
          extensions: { [TASKS_EXTENSION]: {} },
          ...legacyTasks,
        } as ServerCapabilities,
        instructions: options.instructions ?? INSTRUCTIONS,
        inputRequired: { roundTimeoutMs: options.approvalTimeoutMs ?? 600_000 },
      },
    );
    const tools = context?.era === 'legacy' ? legacyListing : listing;
    server.setRequestHandler('tools/list', () => ({ tools }));
    server.setRequestHandler('tools/call', async (request, context) => {
      const augmented = typeof (request.params as { task?: unknown }).task === 'object';
      const result = await callTool(
        server,
        request.params.name,
        request.params.arguments ?? {},
        context,
        augmented,
      );
      if (
        isInputRequiredResult(result) ||
        (result as { resultType?: unknown }).resultType === 'task' ||
        'task' in result
      )
        return result;
      return projected(server, result);
    });
    /** The 2026-07-28 answer as it stands, or the 2025-11-25 task alone. */
    const stateFor = async (params: unknown, context: unknown, cancel: boolean) => {
      const detailed = await taskState(
        server,
        (params as { taskId?: unknown }).taskId,
        context as ServerContext,
        cancel,
      );
      return (context as ServerContext).mcpReq.envelope === undefined ? legacyTask_(detailed) : detailed;
    };
    viewer?.serve(server);
    server.setRequestHandler('tasks/get', { params: ANY_PARAMS }, (params, context) =>
      stateFor(params, context, false),
    );
    server.setRequestHandler('tasks/cancel', { params: ANY_PARAMS }, (params, context) =>
      stateFor(params, context, true),
    );
    // 2025-11-25 only: the tool result of a task, and the tasks this server handed out.
    server.setRequestHandler('tasks/result', { params: ANY_PARAMS }, (params, context) =>
      taskResult(server, (params as { taskId?: unknown }).taskId, context as ServerContext),
    );
    server.setRequestHandler('tasks/list', { params: ANY_PARAMS }, (params) =>
      listTasks((params as { cursor?: unknown } | undefined)?.cursor),
    );
    return server;
  };
}

/**
 * One MCP server offering the session's tools (see {@link createMcpServerFactory} for what it
 * offers), for a single connection: an in-process transport, or a stdio pipe. HTTP endpoints and
 * {@link serveStdio} take the factory instead, which makes an instance per request or connection.
 *
 * @example
 * import { connect } from 'generation-agent-toolkit';
 * import { createMcpServer } from 'generation-agent-toolkit/mcp';
 *
 * const session = await connect({ baseUrl: 'http://127.0.0.1:8787' }); // the key from GENTK_API_KEY
 * const server = createMcpServer(session, { mode: 'auto', schema: 'anthropic' });
 * // await server.connect(transport); // any MCP SDK 2.x transport
 */
export function createMcpServer(session: Session, options: McpServerOptions = {}): Server {
  return createMcpServerFactory(session, options)();
}
