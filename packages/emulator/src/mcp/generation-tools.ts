import { GENERATION_OPERATIONS } from '../catalogue/generation-operations.js';
import { generationInputSchema } from '../catalogue/request-schema.js';
import type { GenerationOperation, GenerationVersion } from '../catalogue/types.js';
import { callService } from './call-service.js';
import { describeGenerationOperation } from './generation-tool-description.js';
import { generationToolNames } from './generation-tool-names.js';
import type { McpToolDefinition } from './tool-definition.js';

function generationTool(
  operation: GenerationOperation,
  name: string,
  description: string,
): McpToolDefinition {
  // Fetching a result and GET reads change nothing, so repeating them is harmless.
  const reads = operation.method === 'GET' || operation.mode === 'fetch';
  return {
    name,
    title: operation.summary,
    description,
    inputSchema: generationInputSchema(operation),
    annotations: {
      title: operation.summary,
      readOnlyHint: reads,
      destructiveHint: false,
      idempotentHint: reads,
      openWorldHint: true,
    },
    call: (args, context) =>
      callService(context, { method: operation.method, pathTemplate: operation.path, params: args }),
  };
}

/**
 * The tools of a hosted generation server: one per operation of the version, in catalogue order,
 * each calling its operation with the generation key of the MCP connection.
 */
export function generationTools(version: GenerationVersion): McpToolDefinition[] {
  const operations = GENERATION_OPERATIONS.filter((operation) => operation.version === version);
  const names = generationToolNames(operations);
  const nameByPath = new Map(
    operations.map((operation) => [operation.path, names.get(operation.operationId)]),
  );
  const toolNameByPath = (path: string) => nameByPath.get(path);
  return operations.map((operation) =>
    generationTool(
      operation,
      names.get(operation.operationId) as string,
      describeGenerationOperation(operation, operations, toolNameByPath),
    ),
  );
}
