/**
 * Which hosts and browser origins may reach the server.
 *
 * @example
 * createMcpHttpHandler(factory, {
 *   allowedHosts: ['mcp.example.com'],
 *   allowedOrigins: ['https://app.example.com'],
 * });
 */
export interface RequestGuardOptions {
  /**
   * Host names (without port) the `Host` header may carry, against DNS rebinding: a web page that
   * makes its own name resolve to 127.0.0.1 still sends its own name as Host.
   * @default any host
   */
  readonly allowedHosts?: readonly string[];
  /**
   * Origins (`http://localhost:3000`) a browser page may call from. A request without `Origin` (not
   * from a browser) is not concerned.
   * @default an origin whose host name is one of `allowedHosts`; any origin when they are not set
   */
  readonly allowedOrigins?: readonly string[];
}

function hostnameOf(value: string): string | undefined {
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * Why a request may not reach the MCP server (a message for a 403), or undefined when it may. The
 * MCP specification asks servers to check `Origin`; the SDK's own checks are deprecated in favour
 * of the host application's, which for a Web handler is this.
 */
export function refusedRequest(request: Request, options: RequestGuardOptions): string | undefined {
  const hosts = options.allowedHosts?.map((host) => host.toLowerCase());
  if (hosts) {
    const host = hostnameOf(request.headers.get('host') ?? new URL(request.url).host);
    if (host === undefined || !hosts.includes(host)) return `Host ${host ?? '(none)'} is not allowed`;
  }
  const origin = request.headers.get('origin');
  if (origin !== null) {
    const allowed = options.allowedOrigins
      ? options.allowedOrigins.includes(origin)
      : !hosts || hosts.includes(hostnameOf(origin) ?? '');
    if (!allowed) return `Origin ${origin} is not allowed`;
  }
  return undefined;
}
