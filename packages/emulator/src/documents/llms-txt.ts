import { CONTROL_PLANE_OPERATIONS } from '../catalogue/control-plane-operations.js';
import { GENERATION_OPERATIONS } from '../catalogue/generation-operations.js';
import type { ControlPlaneOperation, GenerationOperation } from '../catalogue/types.js';
import { CATEGORY_GUIDE } from './category-guide.js';
import { PAGE_PATHS, SURFACES } from './surfaces.js';

interface LinkItem {
  readonly name: string;
  readonly path: string;
  readonly description: string;
}

const list = (origin: string, items: readonly LinkItem[]) =>
  items.map((item) => `- [${item.name}](${origin}${item.path}): ${item.description}`).join('\n');

const DOCUMENTS: readonly LinkItem[] = [
  {
    name: 'Generation API (OpenAPI 3.1)',
    path: SURFACES.generation.openapiPath,
    description: 'every generation operation with its input schema, result shapes, fetch links and price',
  },
  {
    name: 'Control plane (OpenAPI 3.1)',
    path: SURFACES.controlPlane.openapiPath,
    description: 'account, keys, billing, wallet, teams; each operation names its scope in x-required-scope',
  },
  { name: 'API catalog', path: PAGE_PATHS.apiCatalog, description: 'RFC 9727 linkset of both API surfaces' },
  {
    name: 'OAuth metadata',
    path: PAGE_PATHS.authorizationServer,
    description: 'token, revocation and registration endpoints and the supported scopes (RFC 8414, RFC 9728)',
  },
  {
    name: 'MCP servers',
    path: PAGE_PATHS.mcpManifest,
    description: 'Model Context Protocol servers of both surfaces',
  },
  {
    name: 'Model feed',
    path: PAGE_PATHS.modelsFeed,
    description: 'public models with category, price, billing unit and plans; paginated, ?category= filters',
  },
];

const GUIDES: readonly LinkItem[] = [
  {
    name: 'Agent registration runbook',
    path: PAGE_PATHS.authRunbook,
    description: 'sign up, claim by e-mail, exchange for a least-privilege token, revoke',
  },
  {
    name: 'Generation API reference',
    path: SURFACES.generation.docsPath,
    description: 'every operation, by category',
  },
  {
    name: 'Control plane reference',
    path: SURFACES.controlPlane.docsPath,
    description: 'every operation, by resource',
  },
  {
    name: 'Deprecation policy',
    path: PAGE_PATHS.deprecationPolicy,
    description: 'versions, their lifecycle, Deprecation and Sunset dates',
  },
];

const OPTIONAL: readonly LinkItem[] = [
  {
    name: 'Full index',
    path: PAGE_PATHS.llmsFullTxt,
    description: 'this index plus every operation of both surfaces',
  },
  { name: 'Status', path: PAGE_PATHS.status, description: 'health of each surface (JSON)' },
  { name: 'Terms of service', path: PAGE_PATHS.terms, description: 'terms' },
  { name: 'Privacy policy', path: PAGE_PATHS.privacy, description: 'what is kept and for how long' },
];

function categoryItems(): LinkItem[] {
  const categories = [...new Set(GENERATION_OPERATIONS.map((operation) => operation.category))];
  return categories.map((category) => {
    const count = GENERATION_OPERATIONS.filter((operation) => operation.category === category).length;
    return {
      name: CATEGORY_GUIDE[category].name,
      path: `${SURFACES.generation.docsPath}#${category}`,
      description: `${count} ${count === 1 ? 'operation' : 'operations'}. ${CATEGORY_GUIDE[category].description}`,
    };
  });
}

function generationItem(operation: GenerationOperation): LinkItem {
  const mode = { sync: 'synchronous', async: 'asynchronous', fetch: 'fetches a queued result' }[
    operation.mode
  ];
  const price = operation.price > 0 ? `${operation.price} credits` : 'free';
  return {
    name: operation.operationId,
    path: `${SURFACES.generation.docsPath}#${operation.operationId}`,
    description: `${operation.method} ${operation.path}: ${operation.summary}. ${mode}; ${price}; scope: none (API key)${operation.deprecated ? '; deprecated' : ''}.`,
  };
}

function controlPlaneItem(operation: ControlPlaneOperation): LinkItem {
  return {
    name: operation.operationId,
    path: `${SURFACES.controlPlane.docsPath}#${operation.operationId}`,
    description: `${operation.method} ${operation.path}: ${operation.summary}. scope: ${operation.requiredScope ?? `none (${operation.notes ?? 'no scope needed'})`}.`,
  };
}

/**
 * `/llms.txt` (llmstxt.org): a title, a blockquote summary, paragraphs, then `## Section` lists
 * of links. `full` adds every operation of both surfaces (`/llms-full.txt`).
 */
export function buildLlmsTxt(origin: string, full: boolean): string {
  const sections: Array<[string, string]> = [
    ['Machine-readable documents', list(origin, DOCUMENTS)],
    ['Guides', list(origin, GUIDES)],
    ['Generation API by category', list(origin, categoryItems())],
  ];
  if (full) {
    sections.push(
      ['Generation operations', list(origin, GENERATION_OPERATIONS.map(generationItem))],
      ['Control-plane operations', list(origin, CONTROL_PLANE_OPERATIONS.map(controlPlaneItem))],
    );
  }
  sections.push(['Optional', list(origin, OPTIONAL)]);
  return `# Generation service

> A hosted API that generates images, video, audio, 3D models and text with many models (${GENERATION_OPERATIONS.length} generation operations under /api/v6, /api/v7 and /api/v8), and an agent control plane (${CONTROL_PLANE_OPERATIONS.length} operations under ${SURFACES.controlPlane.basePath}) for accounts, tokens, API keys, billing, wallet, subscriptions and teams.

Generation calls authenticate with an API key, as \`Authorization: Bearer <key>\` or the body field \`key\`, as each operation says. Many are asynchronous: they answer \`status: "processing"\` with an \`id\`, and a fetch operation returns the result later. Errors often come with HTTP 200 and \`status: "error"\`.

The control plane takes bearer tokens with scopes. Every operation names the scope it needs, so an agent can ask for exactly those when it logs in; the registration runbook shows how to get an account and a key.

${sections.map(([title, content]) => `## ${title}\n\n${content}`).join('\n\n')}
`;
}
