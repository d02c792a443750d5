import type { ToolSet } from 'ai';

/** The name of the tool in `tools` that calls `operationId` (read from the tool's metadata). */
export function toolFor(tools: ToolSet, operationId: string): string {
  for (const [name, tool] of Object.entries(tools)) {
    const metadata = tool.metadata?.generationAgentToolkit as { operationId?: string } | undefined;
    if (metadata?.operationId === operationId) return name;
  }
  throw new Error(`No tool calls ${operationId}.`);
}
