import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { EmulatorApp, EmulatorContext } from '../context.js';
import { VERSION } from '../version.js';
import type { McpSdk } from './mcp-sdk.js';
import type { ReferenceResource } from './reference-resource.js';
import { REFERENCE_RESOURCES } from './reference-resources.js';
import { SERVER_CAPABILITIES } from './server-capabilities.js';
import type { McpServerDefinition } from './servers.js';
import type { McpToolDefinition } from './tool-definition.js';

/** JSON-RPC error code MCP gives an unknown resource URI. */
const RESOURCE_NOT_FOUND = -32002;

/** What one MCP HTTP request brings to the server that answers it. */
export interface McpRequestScope {
  readonly app: EmulatorApp;
  readonly ctx: EmulatorContext;
  readonly origin: string;
  readonly authorization: string | undefined;
}

/** A tool as `tools/list` shows it. */
export function toolListing(tool: McpToolDefinition): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema as Tool['inputSchema'],
    annotations: { ...tool.annotations },
  };
}

/** A reference resource as `resources/list` shows it. */
export function resourceListing(resource: ReferenceResource) {
  const { uri, name, title, description, mimeType } = resource;
  return { uri, name, title, description, mimeType };
}

/**
 * A low-level MCP server for one HTTP request (the SDK's stateless pattern): tools and resources
 * of `definition`, with tool calls carrying this request's credential and origin.
 */
export function createProtocolServer(
  sdk: McpSdk,
  definition: McpServerDefinition,
  scope: McpRequestScope,
): InstanceType<McpSdk['Server']> {
  const { types } = sdk;
  const server = new sdk.Server(
    { name: definition.id, title: definition.title, version: VERSION },
    {
      capabilities: structuredClone(SERVER_CAPABILITIES),
      instructions: definition.instructions,
    },
  );
  const toolsByName = new Map(definition.tools.map((tool) => [tool.name, tool]));

  server.setRequestHandler(types.ListToolsRequestSchema, () => ({
    tools: definition.tools.map(toolListing),
  }));
  server.setRequestHandler(types.CallToolRequestSchema, async (request, extra) => {
    const tool = toolsByName.get(request.params.name);
    if (!tool) {
      throw new types.McpError(
        types.ErrorCode.InvalidParams,
        `Unknown tool ${request.params.name}; tools/list names the tools of ${definition.id}.`,
      );
    }
    return tool.call(request.params.arguments ?? {}, {
      app: scope.app,
      origin: scope.origin,
      authorization: scope.authorization,
      signal: extra.signal,
    });
  });
  server.setRequestHandler(types.ListResourcesRequestSchema, () => ({
    resources: REFERENCE_RESOURCES.map(resourceListing),
  }));
  server.setRequestHandler(types.ReadResourceRequestSchema, (request) => {
    const resource = REFERENCE_RESOURCES.find((candidate) => candidate.uri === request.params.uri);
    if (!resource) {
      throw new types.McpError(RESOURCE_NOT_FOUND, `Resource not found: ${request.params.uri}`, {
        uri: request.params.uri,
      });
    }
    const text = resource.read({ ctx: scope.ctx, origin: scope.origin });
    return { contents: [{ uri: resource.uri, mimeType: resource.mimeType, text }] };
  });
  return server;
}
