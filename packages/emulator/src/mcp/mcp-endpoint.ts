import type { Handler } from 'hono';
import type { EmulatorApp, EmulatorContext, EmulatorEnv, RequestContext } from '../context.js';
import { rebindingRefusal } from './dns-rebinding-guard.js';
import { loadMcpSdk, type McpSdk, type McpSdkLoader } from './mcp-sdk.js';
import { createProtocolServer } from './protocol-server.js';
import type { McpServerDefinition } from './servers.js';

export interface McpEndpointOptions {
  readonly app: EmulatorApp;
  readonly ctx: EmulatorContext;
  readonly server: McpServerDefinition;
  /** Seam for tests; @default the lazy import of @modelcontextprotocol/sdk */
  readonly loadSdk?: McpSdkLoader;
}

const ALLOWED = 'POST, DELETE';

/**
 * A stateless server has nothing to push on a GET stream, and a held-open stream would keep a
 * server alive per client for nothing: the transport spec lets it answer 405 instead.
 */
function methodNotAllowed(c: RequestContext): Response {
  return c.json(
    {
      jsonrpc: '2.0',
      error: { code: -32000, message: `Method not allowed: this stateless server takes ${ALLOWED}.` },
      id: null,
    },
    405,
    { Allow: ALLOWED },
  );
}

/** A request from a web page that must not reach the server (DNS rebinding, a foreign Origin). */
function forbidden(c: RequestContext, message: string): Response {
  return c.json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }, 403);
}

function sdkMissing(c: RequestContext, error: unknown): Response {
  const reason = error instanceof Error ? error.message : String(error);
  return c.json(
    {
      error: {
        code: 'mcp_sdk_missing',
        message:
          'The MCP servers of the emulator need the optional peer dependency @modelcontextprotocol/sdk (^1.32). Install it with `npm install @modelcontextprotocol/sdk` and start the emulator again.',
        cause: reason,
      },
    },
    501,
  );
}

/**
 * The Streamable HTTP endpoint of one hosted server. Each HTTP request gets a fresh server and
 * transport (stateless mode, JSON answers), so no session outlives its request.
 */
export function mcpEndpoint(options: McpEndpointOptions): Handler<EmulatorEnv> {
  const loadSdk = options.loadSdk ?? loadMcpSdk;
  return async (c) => {
    const refusal = rebindingRefusal({
      host: c.req.header('host') ?? new URL(c.req.url).host,
      origin: c.req.header('origin'),
      ownOrigin: c.get('origin'),
      startedOn: options.ctx.options.host,
    });
    if (refusal) return forbidden(c, refusal);
    if (c.req.method !== 'POST' && c.req.method !== 'DELETE') return methodNotAllowed(c);
    let sdk: McpSdk;
    try {
      sdk = await loadSdk();
    } catch (error) {
      return sdkMissing(c, error);
    }
    const server = createProtocolServer(sdk, options.server, {
      app: options.app,
      ctx: options.ctx,
      origin: c.get('origin'),
      authorization: c.req.header('authorization'),
    });
    // No sessionIdGenerator: stateless mode, no Mcp-Session-Id to issue or check.
    const transport = new sdk.Transport({
      enableJsonResponse: true,
      maxRequestBodySize: options.ctx.options.maxBodyBytes,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw);
    } finally {
      // JSON answers are complete once handleRequest resolves, so closing cannot cut one short.
      await server.close();
    }
  };
}
