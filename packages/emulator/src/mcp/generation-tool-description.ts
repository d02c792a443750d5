import type { GenerationOperation } from '../catalogue/types.js';

/** Looks up the tool name of an operation by its path. */
export type ToolNameByPath = (path: string) => string | undefined;

function modeSentence(
  operation: GenerationOperation,
  operations: readonly GenerationOperation[],
  toolNameByPath: ToolNameByPath,
): string {
  if (operation.mode === 'async') {
    const fetchTool = operation.fetch ? toolNameByPath(operation.fetch) : undefined;
    const then = fetchTool
      ? `This tool does not wait: call \`${fetchTool}\` with {"id": <id>} after about eta seconds, and again while it answers "processing".`
      : 'This tool does not wait for the result.';
    return `Asynchronous: answers status "success" with the result URLs in \`output\`, or status "processing" with an \`id\` and an \`eta\` in seconds. ${then}`;
  }
  if (operation.mode === 'fetch') {
    const served = operations
      .filter((candidate) => candidate.fetch === operation.path)
      .map((candidate) => toolNameByPath(candidate.path))
      .filter((name): name is string => name !== undefined);
    const whose = served.length > 0 ? ` of ${served.map((name) => `\`${name}\``).join(', ')}` : '';
    return `Fetches the result of a queued request${whose}: pass the \`id\` of its "processing" answer. Answers "processing" while the work runs, then "success" with the result, or "failed".`;
  }
  return 'Synchronous: the answer holds the result.';
}

/**
 * A description written for the model: what the operation does, its endpoint, whether it is
 * asynchronous and which tool fetches its result (the model polls; the server does not), and cost.
 */
export function describeGenerationOperation(
  operation: GenerationOperation,
  operations: readonly GenerationOperation[],
  toolNameByPath: ToolNameByPath,
): string {
  const sentences = [
    `${operation.summary}.`,
    `Calls ${operation.method} ${operation.path}.`,
    modeSentence(operation, operations, toolNameByPath),
  ];
  if (operation.price > 0) sentences.push(`Costs $${operation.price} per call, from the account's credits.`);
  else sentences.push('Free.');
  if (operation.deprecated) sentences.push('Deprecated: prefer a newer operation.');
  if (operation.notes) sentences.push(`Note: ${operation.notes}.`);
  return sentences.join(' ');
}
