import { GENERATION_OPERATIONS } from '../catalogue/generation-operations.js';
import type { GenerationCategory } from '../catalogue/types.js';
import { API_VERSIONS } from '../http/versioning.js';
import type { ResolvedEmulatorOptions } from '../options.js';
import { VERSION } from '../version.js';
import { CATEGORY_GUIDE } from './category-guide.js';
import { generationComponents } from './generation-components.js';
import { generationOperationObject } from './generation-operation.js';
import { SURFACES } from './surfaces.js';

function infoDescription(options: ResolvedEmulatorOptions): string {
  const versions = API_VERSIONS.filter((version) => /^v\d+$/.test(version.version))
    .map((version) => `${version.version} (${version.lifecycle})`)
    .join(', ');
  const { limit, windowSeconds } = options.rateLimits.generation;
  return [
    `Generate images, video, audio, 3D models and text with many models: ${GENERATION_OPERATIONS.length} operations under ${versions}.`,
    'Authenticate with a generation API key: the header `Authorization: Bearer <key>` where an operation lists bearerAuth, or the body field `key` where its body has one. Keys come from the agent control plane (/agents-openapi.json; registration runbook at /auth.md).',
    'Many operations are asynchronous: they answer `status: "processing"` with an `id`, and the operation named in their description (and in their `fetchResult` link) fetches the result.',
    'Errors often come with HTTP 200 and `status: "error"`: always read `status`.',
    `Every answer carries RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy and RateLimit; the generation policy allows ${limit} requests per ${windowSeconds} seconds, and a 429 adds Retry-After.`,
    'Prices are in credits; one credit is one US dollar.',
  ].join('\n\n');
}

function tags() {
  const categories = [...new Set(GENERATION_OPERATIONS.map((operation) => operation.category))];
  return categories.map((category: GenerationCategory) => ({
    name: category,
    description: `${CATEGORY_GUIDE[category].name}: ${CATEGORY_GUIDE[category].description}`,
  }));
}

/** The OpenAPI 3.1 document of the generation API, with absolute URLs on `origin`. */
export function buildGenerationOpenApi(
  options: ResolvedEmulatorOptions,
  origin: string,
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of GENERATION_OPERATIONS) {
    const item = paths[operation.path] ?? {};
    item[operation.method.toLowerCase()] = generationOperationObject(options, operation);
    paths[operation.path] = item;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: SURFACES.generation.title,
      summary: SURFACES.generation.summary,
      description: infoDescription(options),
      version: VERSION,
    },
    servers: [
      {
        url: origin,
        description: 'The service; operation paths carry their version (/api/v6, /api/v7, /api/v8).',
      },
    ],
    externalDocs: { description: 'Reference by operation', url: `${origin}${SURFACES.generation.docsPath}` },
    tags: tags(),
    paths,
    components: generationComponents(options),
  };
}
