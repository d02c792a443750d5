/**
 * An HTTP answer carrying a JSON-RPC error, as the Streamable HTTP transport itself answers: MCP
 * clients read the status and the error's message.
 */
export function jsonRpcErrorResponse(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}
