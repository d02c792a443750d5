import type { Readable, Writable } from 'node:stream';
import { Server } from '@modelcontextprotocol/server';
import type { McpServerFactory } from './create-mcp-server.js';

/**
 * The streams `serveStdio` speaks over: the process's stdin and stdout unless given.
 *
 * @example
 * const connection = await serveStdio(createMcpServerFactory(session), {
 *   stdin: process.stdin,
 *   stdout: process.stdout,
 * });
 * await connection.closed;
 */
export interface ServeStdioOptions {
  /** Where requests come from. @default process.stdin */
  readonly stdin?: Readable;
  /** Where answers go; nothing else may write there. @default process.stdout */
  readonly stdout?: Writable;
}

/** A server connected over stdio. */
export interface StdioConnection {
  /** Settles when the client goes away (stdin ends) or {@link StdioConnection.close} is called. */
  readonly closed: Promise<void>;
  /** Disconnects; calls still running are cancelled (their abort signal fires). */
  close(): Promise<void>;
}

/**
 * Serves the toolkit over stdin and stdout, the transport desktop clients launch servers with.
 * Given the factory of {@link createMcpServerFactory}, it speaks both protocol versions (a
 * 2026-07-28 client opens with `server/discover`, a 2025-11-25 one with `initialize`); given one
 * server, 2025-11-25 only. The SDK's transport does not notice a client that closes stdin; this
 * does, and closes the server, so a script can then close its session (which revokes what it
 * created) and exit.
 *
 * stdout carries the protocol: log to stderr only.
 *
 * @example A stdio server script and a desktop client's configuration
 * The script, `mcp-server.ts` (the API key comes from `GENTK_API_KEY`):
 * ```ts
 * import { connect } from 'generation-agent-toolkit';
 * import { createMcpServerFactory, serveStdio } from 'generation-agent-toolkit/mcp';
 *
 * const { GENTK_BASE_URL = 'http://127.0.0.1:8787', GENTK_EMAIL = '', GENTK_PASSWORD = '' } = process.env;
 * const session = await connect({
 *   baseUrl: GENTK_BASE_URL,
 *   auth: { email: GENTK_EMAIL, password: GENTK_PASSWORD },
 *   operations: { ids: ['v7_images_text_to_image', 'get_wallet_balance', 'post_wallet_fund'] },
 * });
 * const connection = await serveStdio(createMcpServerFactory(session));
 * process.once('SIGTERM', () => void connection.close());
 * await connection.closed;
 * await session.close();
 * ```
 * and Claude Desktop's `claude_desktop_config.json` (Cursor's `.cursor/mcp.json` takes the same
 * `mcpServers` entry):
 * ```json
 * {
 *   "mcpServers": {
 *     "generation": {
 *       "command": "npx",
 *       "args": ["tsx", "/absolute/path/to/mcp-server.ts"],
 *       "env": {
 *         "GENTK_BASE_URL": "https://api.example.com",
 *         "GENTK_API_KEY": "...",
 *         "GENTK_EMAIL": "agent@example.com",
 *         "GENTK_PASSWORD": "..."
 *       }
 *     }
 *   }
 * }
 * ```
 */
export async function serveStdio(
  server: McpServerFactory | Server,
  options: ServeStdioOptions = {},
): Promise<StdioConnection> {
  // Loaded here, not at import: the /mcp entry's Web handler runs where there is no stdio.
  const { StdioServerTransport, serveStdio: serveBothEras } = await import(
    '@modelcontextprotocol/server/stdio'
  );
  const stdin = options.stdin ?? process.stdin;
  const transport = new StdioServerTransport(stdin, options.stdout ?? process.stdout);
  let resolveClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    stdin.off('end', onEnd);
    resolveClosed();
  };
  let closeServing: () => Promise<void>;
  if (server instanceof Server) {
    const previous = server.onclose;
    server.onclose = () => {
      previous?.();
      end();
    };
    await server.connect(transport);
    closeServing = () => server.close();
  } else {
    const handle = serveBothEras((context) => server({ era: context.era }), { transport });
    const previous = transport.onclose;
    transport.onclose = () => {
      previous?.();
      end();
    };
    closeServing = () => handle.close();
  }
  const close = async () => {
    await closeServing().catch(() => undefined);
    end();
  };
  const onEnd = () => void close();
  stdin.once('end', onEnd);
  return { closed, close };
}
