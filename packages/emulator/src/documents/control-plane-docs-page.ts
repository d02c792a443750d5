import { CONTROL_PLANE_OPERATIONS } from '../catalogue/control-plane-operations.js';
import { pathParameters } from '../catalogue/request-schema.js';
import type { ControlPlaneOperation } from '../catalogue/types.js';
import { describeControlPlaneOperation } from './control-plane-description.js';
import { fieldTableHtml } from './field-table-html.js';
import { escapeHtml, htmlPage, inlineHtml } from './html.js';
import { schemaFields, typeLabel } from './schema-fields.js';
import { PAGE_PATHS, SURFACES } from './surfaces.js';

function operationSection(operation: ControlPlaneOperation): string {
  const parameters = [
    ...pathParameters(operation.path).map((name) => ({
      name,
      type: 'string',
      required: true,
      description: 'In the path: identifier of the resource.',
    })),
    ...schemaFields(operation.query),
  ];
  const scope = operation.requiredScope ? `<code>${operation.requiredScope}</code>` : 'none';
  return `<section id="${escapeHtml(operation.operationId)}">
<h3><code>${operation.method} ${escapeHtml(operation.path)}</code></h3>
<p><strong>${escapeHtml(operation.summary)}</strong> &middot; operationId <code>${escapeHtml(operation.operationId)}</code> &middot; scope ${scope}${operation.idempotent ? ' &middot; takes <code>Idempotency-Key</code>' : ''}</p>
<p>${inlineHtml(describeControlPlaneOperation(operation))}</p>
${fieldTableHtml('Parameters', parameters)}
${fieldTableHtml('Body (JSON)', schemaFields(operation.body))}
<p>Answers <code>{data, error, meta}</code> with <code>data</code>: ${escapeHtml(typeLabel(operation.data))}.</p>
</section>`;
}

/** The HTML reference of the control plane (the catalogue's `service-doc`), by resource. */
export function buildControlPlaneDocsPage(origin: string): string {
  const resources = [...new Set(CONTROL_PLANE_OPERATIONS.map((operation) => operation.resource))];
  const sections = resources.map(
    (resource) => `<h2 id="${escapeHtml(resource)}">${escapeHtml(resource)}</h2>
${CONTROL_PLANE_OPERATIONS.filter((operation) => operation.resource === resource)
  .map(operationSection)
  .join('\n')}`,
  );
  return htmlPage({
    title: SURFACES.controlPlane.title,
    body: `<p>${CONTROL_PLANE_OPERATIONS.length} operations under <code>${SURFACES.controlPlane.basePath}</code>. Machine-readable: <a href="${escapeHtml(origin)}${SURFACES.controlPlane.openapiPath}">OpenAPI 3.1</a>. Agents register by the <a href="${escapeHtml(origin)}${PAGE_PATHS.authRunbook}">runbook</a>.</p>
<ul>
${resources.map((resource) => `<li><a href="#${escapeHtml(resource)}">${escapeHtml(resource)}</a></li>`).join('\n')}
</ul>
${sections.join('\n')}`,
  });
}
