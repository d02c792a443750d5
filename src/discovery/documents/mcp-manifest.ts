/**
 * An MCP server the service hosts, as its manifest and server card describe it.
 */
export interface McpServerInfo {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  /** Absolute URL of its endpoint. */
  readonly url: string;
  /** `streamable-http`, `sse`, ... as published. */
  readonly transport: string;
  /** What credential it takes, in the publisher's words. */
  readonly authentication?: string;
  readonly resources: readonly string[];
  /** Tool names, when a server card or a live listing gave them. */
  readonly tools: readonly string[];
}

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

function list(value: unknown): Fields[] {
  if (Array.isArray(value)) return value.filter(isRecord);
  if (isRecord(value)) {
    // A map of name -> server, as some manifests write it.
    return Object.entries(value)
      .filter(([, server]) => isRecord(server))
      .map(([name, server]) => ({ name, ...(server as Fields) }));
  }
  return [];
}

function nameOf(server: Fields): string | undefined {
  const info = isRecord(server.serverInfo) ? server.serverInfo : {};
  return text(server.name) ?? text(info.name) ?? text(server.id);
}

function urlOf(server: Fields, base: string): string | undefined {
  const transport = isRecord(server.transport) ? server.transport : {};
  const raw = text(server.url) ?? text(transport.url) ?? text(transport.endpoint) ?? text(server.endpoint);
  if (!raw) return undefined;
  try {
    return new URL(raw, base).href;
  } catch {
    return undefined;
  }
}

function namesIn(value: unknown, key: 'name' | 'uri'): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((item) => (typeof item === 'string' ? item : isRecord(item) ? text(item[key]) : undefined))
    .filter((item): item is string => Boolean(item));
}

/**
 * Reads an MCP manifest or server card leniently: servers as an array, a map, or the document
 * itself being one card; endpoints under `url`, `transport.url` or `endpoint`.
 */
export function readMcpServers(
  document: unknown,
  documentUrl: string,
): { servers: McpServerInfo[]; problems: string[] } {
  const problems: string[] = [];
  if (!isRecord(document)) return { servers: [], problems: ['the document is not a JSON object'] };
  const candidates = list(document.servers ?? document.mcpServers);
  if (candidates.length === 0 && (document.serverInfo || document.url || document.transport))
    candidates.push(document);
  const servers: McpServerInfo[] = [];
  for (const candidate of candidates) {
    const name = nameOf(candidate);
    const url = urlOf(candidate, documentUrl);
    if (!name || !url) {
      problems.push(`a server without ${name ? 'an endpoint URL' : 'a name'} was skipped`);
      continue;
    }
    const transport = isRecord(candidate.transport)
      ? text(candidate.transport.type)
      : text(candidate.transport);
    const auth = candidate.authentication ?? candidate.auth;
    const authentication = isRecord(auth) ? (text(auth.description) ?? text(auth.type)) : text(auth);
    const info = isRecord(candidate.serverInfo) ? candidate.serverInfo : {};
    const title = text(candidate.title) ?? text(info.title);
    const description = text(candidate.description);
    servers.push({
      name,
      url,
      transport: transport ?? 'streamable-http',
      ...(title ? { title } : {}),
      ...(description ? { description } : {}),
      ...(authentication ? { authentication } : {}),
      resources: namesIn(candidate.resources, 'uri'),
      tools: namesIn(candidate.tools, 'name'),
    });
  }
  return { servers, problems };
}

/** Merges servers from the manifest and the card by name; the card adds tools and resources. */
export function mergeMcpServers(...sources: McpServerInfo[][]): McpServerInfo[] {
  const merged = new Map<string, McpServerInfo>();
  for (const servers of sources) {
    for (const server of servers) {
      const existing = merged.get(server.name);
      merged.set(
        server.name,
        existing
          ? {
              ...server,
              ...existing,
              resources: [...new Set([...existing.resources, ...server.resources])],
              tools: [...new Set([...existing.tools, ...server.tools])],
            }
          : server,
      );
    }
  }
  return [...merged.values()];
}
