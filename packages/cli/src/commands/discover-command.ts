import { Command } from 'commander';
import { discover, type ServiceDescription } from 'generation-agent-toolkit';
import { action, type SetExit } from '../action.js';
import { baseUrlOf } from '../base-url.js';
import { timeoutOf, withJson, withTimeout } from '../common-options.js';
import { discoverySummary } from '../discovery-summary.js';

function countBy<T>(items: readonly T[], key: (item: T) => string | undefined): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) {
    const name = key(item) ?? 'other';
    counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

/** The JSON summary of `gentk discover --json`: the figures, not the whole description (use --full for that). */
export function summaryJson(service: ServiceDescription): Record<string, unknown> {
  return {
    baseUrl: service.baseUrl,
    surfaces: service.surfaces.map((surface) => ({
      id: surface.id,
      title: surface.title,
      specUrl: surface.specUrl,
      operations: surface.operationCount,
      byVersion: countBy(
        service.operations.filter((operation) => operation.surface === surface.id),
        (operation) => operation.version,
      ),
      byCategory: countBy(
        service.operations.filter((operation) => operation.surface === surface.id),
        (operation) => operation.category,
      ),
    })),
    operations: service.operations.length,
    scopes: service.scopes.map((scope) => ({ name: scope.name, requiredBy: scope.requiredBy.length })),
    mcpServers: service.mcpServers.map((server) => ({
      name: server.name,
      url: server.url,
      transport: server.transport,
      tools: server.tools.length,
    })),
    runbook:
      service.runbook?.steps.map((step) => ({
        kind: step.kind,
        endpoint: step.endpoint ? `${step.endpoint.method} ${step.endpoint.path}` : null,
      })) ?? null,
    deprecations:
      service.deprecationPolicy?.versions.filter((version) => version.lifecycle !== 'stable') ?? [],
    deprecatedOperations: service.operations
      .filter((operation) => operation.deprecated)
      .map((operation) => operation.id),
    models: service.models.length,
    warnings: service.warnings,
  };
}

export function discoverCommand(setExit: SetExit): Command {
  return withTimeout(withJson(new Command('discover')))
    .description(
      'Read everything a service publishes: surfaces, operations by version and category, scopes, MCP servers, runbook, deprecations, warnings.',
    )
    .argument('[url]', 'the service base URL (default: GENTK_BASE_URL)')
    .option('--full', 'with --json, print the whole description (a snapshot that loads offline)')
    .option('--mcp', 'also connect to the MCP servers to list their tools and resources')
    .action(
      action<{ json?: boolean; full?: boolean; mcp?: boolean; timeout?: number }>(
        setExit,
        async (output, options, url) => {
          // The MCP SDK is an optional peer dependency: loaded only when asked for.
          const mcp = options.mcp
            ? (await import('generation-agent-toolkit/mcp')).createMcpInspector()
            : undefined;
          const service = await discover(baseUrlOf(url), { ...(mcp ? { mcp } : {}), ...timeoutOf(options) });
          if (output.json) output.data(options.full ? service.toSnapshot() : summaryJson(service));
          else output.line(discoverySummary(service));
          return undefined;
        },
      ),
    );
}
