import type { ServiceDescription } from 'generation-agent-toolkit';

function countBy<T>(items: readonly T[], key: (item: T) => string | undefined): [string, number][] {
  const counts = new Map<string, number>();
  for (const item of items) {
    const name = key(item) ?? 'other';
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

const list = (entries: [string, number][]) => entries.map(([name, count]) => `${name} ${count}`).join(', ');

/** A readable summary of what a service publishes: surfaces, operations, scopes, MCP servers, runbook, warnings. */
export function discoverySummary(service: ServiceDescription): string {
  const lines: string[] = [];
  lines.push(`Service ${service.baseUrl}`);
  for (const surface of service.surfaces) {
    const operations = service.operations.filter((operation) => operation.surface === surface.id);
    lines.push(`  ${surface.title} (${surface.id}): ${surface.operationCount} operations`);
    lines.push(`    by version:  ${list(countBy(operations, (operation) => operation.version))}`);
    lines.push(`    by category: ${list(countBy(operations, (operation) => operation.category))}`);
    const asynchronous = operations.filter((operation) => operation.async).length;
    const money = operations.filter(
      (operation) => operation.effect === 'money' || operation.effect === 'destructive',
    ).length;
    const deprecated = operations.filter((operation) => operation.deprecated).length;
    lines.push(
      `    ${asynchronous} asynchronous, ${money} moving money or destructive, ${deprecated} deprecated`,
    );
  }
  const scoped = service.scopes.filter((scope) => scope.requiredBy.length > 0);
  lines.push(`  Scopes: ${service.scopes.length} known, ${scoped.length} required by operations`);
  if (service.mcpServers.length) {
    lines.push(
      `  MCP servers: ${service.mcpServers.map((server) => `${server.name} (${server.transport})`).join(', ')}`,
    );
  }
  if (service.runbook) {
    lines.push(`  Registration runbook: ${service.runbook.steps.map((step) => step.kind).join(' -> ')}`);
  }
  const lifecycles =
    service.deprecationPolicy?.versions.filter((version) => version.lifecycle !== 'stable') ?? [];
  for (const version of lifecycles) {
    lines.push(
      `  ${version.version} is ${version.lifecycle}${version.sunsetAt ? `, sunset ${version.sunsetAt}` : ''}`,
    );
  }
  if (service.models.length)
    lines.push(
      `  Models: ${service.models.length} (${list(countBy(service.models, (model) => model.category))})`,
    );
  lines.push(`  Warnings: ${service.warnings.length}`);
  for (const warning of service.warnings.slice(0, 10))
    lines.push(`    - ${warning.code}: ${warning.message}`);
  return lines.join('\n');
}
