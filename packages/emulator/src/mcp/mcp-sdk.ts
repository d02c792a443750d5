/**
 * The MCP SDK, loaded on first use. It is an optional peer dependency of the package: the emulator
 * must start (and serve everything but its MCP servers) when it is not installed.
 * @module
 */
import type * as ServerModule from '@modelcontextprotocol/sdk/server/index.js';
import type * as TransportModule from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type * as TypesModule from '@modelcontextprotocol/sdk/types.js';

/** The parts of the SDK the MCP servers use. */
export interface McpSdk {
  readonly Server: typeof ServerModule.Server;
  readonly Transport: typeof TransportModule.WebStandardStreamableHTTPServerTransport;
  readonly types: typeof TypesModule;
}

/** Loads the SDK; rejects when it is not installed. */
export type McpSdkLoader = () => Promise<McpSdk>;

let loading: Promise<McpSdk> | undefined;

/**
 * Imports the SDK once and shares the promise, so concurrent first requests do not import it twice
 * and later requests pay nothing.
 */
export const loadMcpSdk: McpSdkLoader = () => {
  loading ??= Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]).then(([server, transport, types]) => ({
    Server: server.Server,
    Transport: transport.WebStandardStreamableHTTPServerTransport,
    types,
  }));
  return loading;
};
