/**
 * How a service description looks in a notebook: a compact summary of what the service publishes,
 * never the whole description (which runs to megabytes for a large service).
 * @module
 */
import type { DisplayView } from '../display/display-view.js';
import type { ServiceDescriptionData } from './service-description.js';

function counted<T>(items: readonly T[], key: (item: T) => string): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].map(([name, count]) => `${count} ${name}`).join(', ');
}

/** The description's summary: operations by effect and family, scopes, models, MCP servers, runbook. */
export function serviceDescriptionView(service: ServiceDescriptionData): DisplayView {
  const operations = service.operations;
  const queued = operations.filter((operation) => operation.async).length;
  const rows: Array<[string, string]> = [
    ['base URL', service.baseUrl],
    ['operations', `${operations.length} (${counted(operations, (operation) => operation.effect)})`],
    ['families', counted(operations, (operation) => operation.category ?? 'other')],
    ['queued jobs', `${queued} operation${queued === 1 ? '' : 's'} answer with a job`],
    ['scopes', String(service.scopes.length)],
    ['models', String(service.models.length)],
    ['MCP servers', String(service.mcpServers.length)],
    ['registration', service.runbook ? 'a runbook for agents is published' : 'no runbook published'],
    ['discovered', service.discoveredAt],
  ];
  return {
    title: `Service at ${service.baseUrl}: ${operations.length} operations`,
    rows,
    notes: service.warnings.slice(0, 5).map((warning) => `warning: ${warning.message}`),
  };
}
