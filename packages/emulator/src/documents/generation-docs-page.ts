import { FIELDS, publishedName } from '../catalogue/fields.js';
import { GENERATION_OPERATIONS } from '../catalogue/generation-operations.js';
import { generationBodySchema, pathParameters } from '../catalogue/request-schema.js';
import type { GenerationOperation, JsonSchema } from '../catalogue/types.js';
import type { ResolvedEmulatorOptions } from '../options.js';
import { CATEGORY_GUIDE } from './category-guide.js';
import { fieldTableHtml } from './field-table-html.js';
import { describeGenerationOperation } from './generation-description.js';
import { escapeHtml, htmlPage, inlineHtml } from './html.js';
import { describeSchema, type SchemaField, schemaFields, typeLabel } from './schema-fields.js';
import { PAGE_PATHS, SURFACES } from './surfaces.js';

function parameterFields(operation: GenerationOperation): SchemaField[] {
  const path = pathParameters(operation.path).map((name) => ({
    name,
    type: operation.version === 'v6' && name === 'id' ? 'integer' : 'string',
    required: true,
    description: 'In the path: the identifier returned by the call that queued the work.',
  }));
  const query = operation.query.map((name) => {
    const schema = (FIELDS as Record<string, JsonSchema>)[name] ?? {};
    return {
      name: publishedName(name),
      type: typeLabel(schema),
      required: false,
      description: describeSchema(schema),
    };
  });
  return [...path, ...query];
}

function operationSection(options: ResolvedEmulatorOptions, operation: GenerationOperation): string {
  return `<section id="${escapeHtml(operation.operationId)}">
<h3><code>${operation.method} ${escapeHtml(operation.path)}</code></h3>
<p><strong>${escapeHtml(operation.summary)}</strong> &middot; operationId <code>${escapeHtml(operation.operationId)}</code>${operation.deprecated ? ' &middot; <strong>deprecated</strong>' : ''}</p>
<p>${inlineHtml(describeGenerationOperation(options, operation))}</p>
${fieldTableHtml('Parameters', parameterFields(operation))}
${fieldTableHtml('Body (JSON)', schemaFields(generationBodySchema(operation)))}
</section>`;
}

/** The HTML reference of the generation API (the catalogue's `service-doc`), by category. */
export function buildGenerationDocsPage(options: ResolvedEmulatorOptions, origin: string): string {
  const categories = [...new Set(GENERATION_OPERATIONS.map((operation) => operation.category))];
  const contents = categories
    .map((category) => `<li><a href="#${category}">${escapeHtml(CATEGORY_GUIDE[category].name)}</a></li>`)
    .join('\n');
  const sections = categories.map((category) => {
    const operations = GENERATION_OPERATIONS.filter((operation) => operation.category === category);
    return `<h2 id="${category}">${escapeHtml(CATEGORY_GUIDE[category].name)}</h2>
<p>${escapeHtml(CATEGORY_GUIDE[category].description)}</p>
${operations.map((operation) => operationSection(options, operation)).join('\n')}`;
  });
  return htmlPage({
    title: SURFACES.generation.title,
    body: `<p>${GENERATION_OPERATIONS.length} operations. Machine-readable: <a href="${escapeHtml(origin)}${SURFACES.generation.openapiPath}">OpenAPI 3.1</a>. Get an API key through the <a href="${escapeHtml(origin)}${PAGE_PATHS.authRunbook}">agent registration runbook</a>.</p>
<p>Asynchronous operations answer <code>status: "processing"</code> with an <code>id</code>; each names the operation that fetches its result. Errors often come with HTTP 200 and <code>status: "error"</code>.</p>
<ul>
${contents}
</ul>
${sections.join('\n')}`,
  });
}
