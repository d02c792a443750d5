import { afterEach, describe, expect, it } from 'vitest';
import { discover } from '../../../src/discovery/discover.js';
import type { ServiceDescription } from '../../../src/discovery/service-description.js';
import { validateArguments } from '../../../src/schema/validate-arguments.js';
import { typedToolDefinitions } from '../../../src/tools/tool-definitions.js';
import { type DocumentServer, serveDocuments } from '../../support/document-server.js';
import { REAL_OPENAPI_FIXTURES, readFixtureJson, realOpenApiText } from '../../support/fixtures.js';

let server: DocumentServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Discovery of documents published at `/specs/<name>`, listed in this order by the catalogue. */
async function discoverDocuments(documents: Record<string, string>): Promise<ServiceDescription> {
  const routes: Record<string, { body: string; type?: string }> = {};
  for (const [name, text] of Object.entries(documents)) routes[`/specs/${name}`] = { body: text };
  routes['/.well-known/api-catalog'] = {
    type: 'application/linkset+json',
    body: JSON.stringify({
      linkset: Object.keys(documents).map((name) => ({
        anchor: `/apis/${name}`,
        'service-desc': [{ href: `/specs/${name}`, type: 'application/openapi+json' }],
      })),
    }),
  };
  server = await serveDocuments(routes);
  return discover(server.url, { models: false });
}

/** A small OpenAPI document of POST operations served from production's v6 server. */
function document(title: string, operations: Record<string, { id: string; body: object }>): string {
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title, version: '1' },
    servers: [{ url: 'https://modelslab.com/api/v6' }],
    paths: Object.fromEntries(
      Object.entries(operations).map(([path, { id, body }]) => [
        path,
        {
          post: {
            operationId: id,
            summary: `${title}: ${path}`,
            requestBody: { content: { 'application/json': { schema: body } } },
            responses: { '200': { description: 'ok' } },
          },
        },
      ]),
    ),
  });
}

/** The fields issue 15 found refused on text2img, declared only by the image-generation document. */
const ISSUE_15_TEXT2IMG_EXTRAS = [
  'scheduler',
  'upscale',
  'enhance_prompt',
  'multi_lingual',
  'highres_fix',
  'use_karras_sigmas',
  'algorithm_type',
  'ip_adapter_id',
  'ip_adapter_scale',
  'ip_adapter_image',
];

/** A request body with the credential and a prompt, plus `properties`; `required` beside `key`. */
const requestBody = (required: readonly string[], properties: Record<string, object>) => ({
  type: 'object',
  required: ['key', ...required],
  properties: { key: { type: 'string' }, prompt: { type: 'string' }, ...properties },
});

// Shaped like production's community-models, image-generation and image-editing documents, which
// publish text2img and img2img twice each with different fields (issue 15).
const communityModels = document('Community models API', {
  '/images/text2img': {
    id: 'v6_images_text2img',
    body: requestBody(['prompt', 'model_id'], {
      prompt: { type: 'string', description: 'What to draw.' },
      model_id: { type: 'string' },
      samples: { type: 'integer', minimum: 1, maximum: 4 },
    }),
  },
  '/images/img2img': {
    id: 'v6_images_img2img',
    body: requestBody(['prompt', 'init_image'], {
      init_image: { type: 'string' },
      strength: { type: 'number' },
    }),
  },
});
const imageGeneration = document('Image generation API', {
  '/images/text2img': {
    id: 'v6_images_text2img',
    body: requestBody(['prompt'], {
      prompt: { type: 'string', description: 'A description of the image.' },
      model_id: { type: 'string' },
      scheduler: { type: 'string' },
      upscale: { type: 'string', enum: ['no', '1', '2', '3'] },
      enhance_prompt: { type: 'string', enum: ['yes', 'no'] },
      samples: { type: 'integer', minimum: 1, maximum: 4, description: 'How many images.' },
      ...Object.fromEntries(ISSUE_15_TEXT2IMG_EXTRAS.slice(3).map((name) => [name, { type: 'string' }])),
    }),
  },
});
const imageEditing = document('Image editing API', {
  '/images/img2img': {
    id: 'v6_images_img2img',
    body: requestBody(['prompt', 'init_image'], {
      init_image: { type: 'string' },
      init_image_2: { type: 'string' },
      guidance: { type: 'number' },
      strength: { type: 'string', enum: ['low', 'high'] },
    }),
  },
});

const propertiesOf = (service: ServiceDescription, id: string) =>
  service.requireOperation(id).input.schema.properties as Record<string, Record<string, unknown>>;

describe('discover() when several documents describe one operation', () => {
  it('lists each (method, URL) once, accepting every field any document declares', async () => {
    const service = await discoverDocuments({
      'community.json': communityModels,
      'generation.json': imageGeneration,
      'editing.json': imageEditing,
    });
    expect(service.operations.map((operation) => operation.id)).toEqual([
      'v6_images_text2img',
      'v6_images_img2img',
    ]);
    expect(Object.keys(propertiesOf(service, 'v6_images_text2img'))).toEqual([
      'prompt',
      'model_id',
      'samples',
      ...ISSUE_15_TEXT2IMG_EXTRAS,
    ]);
    expect(Object.keys(propertiesOf(service, 'v6_images_img2img'))).toEqual(
      expect.arrayContaining(['init_image_2', 'guidance']),
    );
  });

  it('requires a field only where every document requires it, and unites conflicting types', async () => {
    const service = await discoverDocuments({
      'community.json': communityModels,
      'generation.json': imageGeneration,
      'editing.json': imageEditing,
    });
    expect(service.requireOperation('v6_images_text2img').input.schema.required).toEqual(['prompt']);
    expect(service.requireOperation('v6_images_img2img').input.schema.required).toEqual([
      'prompt',
      'init_image',
    ]);
    // The same bounds with other words are one field; other values are a union.
    expect(propertiesOf(service, 'v6_images_text2img').samples).toMatchObject({ minimum: 1, maximum: 4 });
    expect(propertiesOf(service, 'v6_images_img2img').strength).toEqual({
      anyOf: [{ type: 'number' }, { type: 'string', enum: ['low', 'high'] }],
    });
  });

  it('says which documents it merged', async () => {
    const service = await discoverDocuments({
      'community.json': communityModels,
      'generation.json': imageGeneration,
      'editing.json': imageEditing,
    });
    const merged = service.warnings.filter((warning) => warning.code === 'operation-described-twice');
    expect(merged).toHaveLength(2);
    expect(merged[0]?.message).toContain('/specs/community.json');
    expect(merged[0]?.message).toContain('/specs/generation.json');
    expect(merged[0]?.message).toContain('scheduler');
    expect(merged[1]?.message).toContain('/specs/editing.json');
  });

  it('makes one tool that validates every field of every document', async () => {
    const service = await discoverDocuments({
      'community.json': communityModels,
      'generation.json': imageGeneration,
      'editing.json': imageEditing,
    });
    const tools = typedToolDefinitions(service.operations, { profile: 'openai-strict' });
    expect(tools.map((tool) => tool.name)).toEqual(['v6_images_text2img', 'v6_images_img2img']);
    const text2img = service.requireOperation('v6_images_text2img').input.schema;
    expect(
      validateArguments(text2img, { prompt: 'a fox', scheduler: 'DDPMScheduler', upscale: '2', samples: 2 }),
    ).toMatchObject({ ok: true });
    const img2img = service.requireOperation('v6_images_img2img').input.schema;
    for (const strength of [0.5, 'high'])
      expect(
        validateArguments(img2img, { prompt: 'a fox', init_image: 'https://x/a.png', guidance: 7, strength }),
      ).toMatchObject({ ok: true });
    expect(
      validateArguments(img2img, { prompt: 'a fox', init_image: 'x', strength: 'medium' }),
    ).toMatchObject({
      ok: false,
    });
  });

  it('is deprecated only when every document says so', async () => {
    const deprecatedCopy = JSON.parse(communityModels) as {
      paths: Record<string, { post: { deprecated?: boolean } }>;
    };
    (deprecatedCopy.paths['/images/text2img'] as { post: { deprecated?: boolean } }).post.deprecated = true;
    const service = await discoverDocuments({
      'community.json': JSON.stringify(deprecatedCopy),
      'generation.json': imageGeneration,
    });
    expect(service.requireOperation('v6_images_text2img').deprecated).toBe(false);
  });

  it('gives two different operations that share an id distinct, stable names', async () => {
    const threeD = document('3D API', {
      '/3d/restart_server': { id: 'restart_server', body: { type: 'object', properties: {} } },
    });
    const enterprise = document('Enterprise API', {
      '/enterprise/restart_server': { id: 'restart_server', body: { type: 'object', properties: {} } },
    });
    const first = await discoverDocuments({ '3d.json': threeD, 'enterprise.json': enterprise });
    await server?.close();
    const again = await discoverDocuments({ '3d.json': threeD, 'enterprise.json': enterprise });
    const ids = first.operations.map((operation) => operation.id);
    expect(ids).toEqual(['restart_server', 'restart_server_enterprise']);
    expect(again.operations.map((operation) => operation.id)).toEqual(ids);
    expect(first.requireOperation('restart_server_enterprise').path).toBe(
      '/api/v6/enterprise/restart_server',
    );
    expect(first.warnings.find((warning) => warning.code === 'duplicate-operation-id')?.message).toContain(
      'restart_server_enterprise',
    );
  });
});

describe('discover() on the real documents published twice', () => {
  it('keeps one operation per address and adds the second copy’s fields', async () => {
    const video = readFixtureJson<{
      info: { title: string };
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    }>('real-openapi/video-api.json');
    video.info.title = 'ModelsLab Video API (second copy)';
    const text2video = video.components.schemas.TextToVideoRequest as { properties: Record<string, unknown> };
    text2video.properties.camera_motion = { type: 'string' };
    const documents: Record<string, string> = {};
    for (const name of REAL_OPENAPI_FIXTURES) documents[name] = realOpenApiText(name);
    documents['video-copy.json'] = JSON.stringify(video);

    const service = await discoverDocuments(documents);
    expect(service.operations).toHaveLength(33);
    expect(new Set(service.operations.map((operation) => `${operation.method} ${operation.url}`)).size).toBe(
      33,
    );
    expect(new Set(service.operations.map((operation) => operation.id)).size).toBe(33);
    const operation = service.operations.find((item) => item.path === '/api/v6/video/text2video');
    expect(Object.keys(operation?.input.schema.properties as object)).toContain('camera_motion');
    expect(service.warnings.filter((warning) => warning.code === 'operation-described-twice')).toHaveLength(
      9,
    );
  });
});
