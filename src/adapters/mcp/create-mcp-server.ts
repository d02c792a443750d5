import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import type { Session } from '../../auth/session.js';
import type { OptionKeys } from '../../errors/index.js';
import { createToolSpecs } from '../../tools/create-tool-specs.js';
import { errorResult } from '../../tools/error-result.js';
import type { ToolCallContext } from '../../tools/tool-spec.js';
import {
  checkToolOptions,
  TOOL_SPEC_OPTION_KEYS,
  toolSpecOptionsOf,
} from '../../tools/tool-spec-option-keys.js';
import { VERSION } from '../../version.js';
import { toCallToolResult } from './call-tool-result.js';
import type { McpServerOptions } from './mcp-server-options.js';
import { progressNotifier } from './progress-notifier.js';
import { toolListing } from './tool-listing.js';
import { tracedApprovalGate } from './traced-approval-gate.js';

const INSTRUCTIONS =
  'Tools of a generation service. Each tool checks its arguments, waits for the job and returns its result; a result with status "processing" says how to pick the job up later with resume_job. Tools that move money or delete ask the user first.';

const MCP_SERVER_OPTION_KEYS: OptionKeys<McpServerOptions> = {
  ...TOOL_SPEC_OPTION_KEYS,
  name: ['serverName'],
  version: true,
  instructions: true,
  outputSchema: true,
  approve: ['onApproval', 'approver'],
  approvalTimeoutMs: true,
};

/**
 * An MCP server offering the session's tools: the same tools as `createToolSpecs(session,
 * options)`, with the same names, descriptions and JSON Schemas, their hints as annotations, and
 * the result envelope as `structuredContent` (and as compact JSON text; its schema as the tools'
 * `outputSchema` with `options.outputSchema`).
 *
 * A call runs the tool with the request's abort signal, so a client that cancels stops the wait.
 * While a job runs, a client that sent a `progressToken` gets `notifications/progress`. A call that
 * needs approval (money, deletion) waits for a person: asked through MCP elicitation when the
 * client supports it, else through `options.approve`; otherwise it is refused, never run silently.
 *
 * The server can be connected to one transport; for HTTP, make one per session (see
 * {@link createMcpHttpHandler}). Serve it over stdio with {@link serveStdio}.
 *
 * @example
 * import { connect } from 'generation-agent-toolkit';
 * import { createMcpServer, serveStdio } from 'generation-agent-toolkit/mcp';
 *
 * const session = await connect({ baseUrl: 'http://127.0.0.1:8787' }); // the key from GENTK_API_KEY
 * const connection = await serveStdio(createMcpServer(session, { mode: 'auto', schema: 'anthropic' }));
 * await connection.closed;
 * await session.close();
 */
export function createMcpServer(session: Session, options: McpServerOptions = {}): Server {
  checkToolOptions(session, options, MCP_SERVER_OPTION_KEYS, 'createMcpServer options');
  const set = createToolSpecs(session, { ...toolSpecOptionsOf(options), waitMs: options.waitMs ?? 45_000 });
  const server = new Server(
    { name: options.name ?? 'generation-agent-toolkit', version: options.version ?? VERSION },
    { capabilities: { tools: {} }, instructions: options.instructions ?? INSTRUCTIONS },
  );
  const listing = set.tools.map((spec) =>
    toolListing(spec, options.outputSchema !== undefined ? { outputSchema: options.outputSchema } : {}),
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listing }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const spec = set.tool(request.params.name);
    if (!spec) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool ${request.params.name}; tools/list names the tools of this server.`,
      );
    }
    const args = request.params.arguments ?? {};
    try {
      const refusal = await tracedApprovalGate(spec, args, {
        server,
        session,
        options,
        requestId: extra.requestId,
        signal: extra.signal,
      });
      if (refusal) return toCallToolResult(refusal);
      const progressToken = request.params._meta?.progressToken;
      const notify =
        progressToken === undefined
          ? undefined
          : progressNotifier({ progressToken, send: (notification) => extra.sendNotification(notification) });
      // A tool given its own onProgress no longer reports to the one of the options: call both.
      const onProgress: ToolCallContext['onProgress'] = notify
        ? (progress) => {
            options.onProgress?.(progress);
            notify(progress);
          }
        : undefined;
      const result = await spec.execute(args, {
        signal: extra.signal,
        ...(onProgress ? { onProgress } : {}),
      });
      return toCallToolResult(result);
    } catch (error) {
      // Tools answer expected failures as results; anything thrown is ours, and stays out of the
      // protocol error the SDK would otherwise build from its message.
      return toCallToolResult(errorResult(error));
    }
  });
  return server;
}
