/**
 * What a LangChain tool puts in its `ToolMessage.content`: the part of the result envelope a model
 * needs, as JSON text. The whole envelope travels beside it as the message's artifact.
 * @module
 */

import type { ToolResult } from '../../tools/index.js';

/**
 * The model's view of `result`, as JSON text. A success keeps its outputs as URL and media type
 * (the request id and the expiry stay in the artifact), its text and its data; a job still running
 * and a failure are kept whole, since every field of those tells the model what to do next.
 */
export function toolContent(result: ToolResult): string {
  if (!result.ok) return JSON.stringify(result);
  const outputs = result.outputs.map(({ url, mediaType }) => (mediaType ? { url, mediaType } : { url }));
  return JSON.stringify({
    ok: true,
    status: result.status,
    ...(outputs.length > 0 ? { outputs } : {}),
    ...(result.text !== undefined ? { text: result.text } : {}),
    ...(result.data !== undefined ? { data: result.data } : {}),
  });
}
