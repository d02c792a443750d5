import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { DiscoveryDocumentError } from '../../../src/discovery/errors.js';
import { listenOnLoopback } from '../../support/loopback-server.js';
import {
  compile,
  DOCUMENT_URL,
  documentWith,
  type Json,
  operation,
  postWithBody,
  propertiesOf,
  read,
  warningCodes,
} from './openapi-test-support.js';

/** Awaits `promise`, expecting a DiscoveryDocumentError, and returns it. */
async function refusal(promise: Promise<unknown>): Promise<DiscoveryDocumentError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(DiscoveryDocumentError.isInstance(error), String(error)).toBe(true);
  return error as DiscoveryDocumentError;
}

describe('a document that cannot be used', () => {
  it.each([
    ['an array', []],
    ['a string', 'openapi: 3.1.0'],
    ['null', null],
  ])('refuses %s, naming the document and the place', async (_, document) => {
    const error = await refusal(read(document));
    expect(error.document).toBe(DOCUMENT_URL);
    expect(error.at).toBe('#');
    expect(error.message).toContain('must be a JSON object');
    expect(error.message).toContain(DOCUMENT_URL);
  });

  it('refuses openapi 2.0 and a Swagger document, pointing at #/openapi', async () => {
    const openapi2 = await refusal(read({ openapi: '2.0', paths: {} }));
    expect(openapi2.at).toBe('#/openapi');
    expect(openapi2.message).toContain('"2.0"');
    expect(openapi2.message).toContain('OpenAPI 3.0 or 3.1');
    const swagger = await refusal(read({ swagger: '2.0', info: { title: 'old', version: '1' }, paths: {} }));
    expect(swagger.at).toBe('#/openapi');
    expect(swagger.message).toContain('swagger 2.0');
  });

  it('refuses a document without paths, or with paths that are not an object', async () => {
    const missing = await refusal(read({ openapi: '3.1.0', info: { title: 'x', version: '1' } }));
    expect(missing.at).toBe('#/paths');
    expect(missing.message).toContain('no "paths"');
    const wrong = await refusal(read({ openapi: '3.1.0', paths: ['/a'] }));
    expect(wrong.at).toBe('#/paths');
  });

  it('refuses a document with more values than the limit, before reading any of it', async () => {
    const paths: Json = {};
    for (let index = 0; index < 2_000; index++) {
      paths[`/items/${index}`] = { get: { responses: { '200': { description: 'ok' } } } };
    }
    const started = performance.now();
    const error = await refusal(read(documentWith(paths), { limits: { maxDocumentNodes: 5_000 } }));
    expect(error.message).toContain('more than 5000 JSON values');
    expect(error.message).toContain('limits.maxDocumentNodes');
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuses a document nested deeper than the limit without overflowing the stack', async () => {
    let deep: Json = { type: 'string' };
    for (let level = 0; level < 100_000; level++) deep = { type: 'object', properties: { next: deep } };
    const error = await refusal(read(documentWith({ '/deep': { post: postWithBody(deep) } })));
    expect(error.message).toContain('nests deeper than 100 levels');
    expect(error.at).toMatch(
      /^#\/paths\/~1deep\/post\/requestBody\/content\/application~1json\/schema\/properties\/next\//,
    );
  });

  it('refuses more operations than the limit', async () => {
    const paths: Json = {};
    for (let index = 0; index < 30; index++) paths[`/items/${index}`] = { get: { responses: {} } };
    const error = await refusal(read(documentWith(paths), { limits: { maxOperations: 20 } }));
    expect(error.message).toContain('more than 20 operations');
    expect(error.at).toBe('#/paths/~1items~120/get');
  });

  it('refuses a document holding a function', async () => {
    const error = await refusal(read(documentWith({ '/a': { get: { responses: {}, 'x-hook': () => 1 } } })));
    expect(error.at).toBe('#/paths/~1a/get/x-hook');
  });
});

describe('references', () => {
  it('reads a broken $ref as {} with a warning naming the pointer and where it was', async () => {
    const reading = await read(
      documentWith(
        {
          '/things': {
            post: postWithBody({
              type: 'object',
              properties: { name: { type: 'string' }, shape: { $ref: '#/components/schemas/Missing' } },
            }),
          },
        },
        { components: { schemas: {} } },
      ),
    );
    const post = operation(reading, 'v1_things');
    expect(propertiesOf(post.input).shape).toEqual({});
    expect(compile(post.input.schema)({ name: 'a', shape: [1, 2] })).toBe(true);
    const broken = reading.warnings.find((warning) => warning.code === 'broken-ref');
    expect(broken?.at).toBe(
      '#/paths/~1things/post/requestBody/content/application~1json/schema/properties/shape',
    );
    expect(broken?.message).toContain('#/components/schemas/Missing');
  });

  it('keeps a circular schema as $defs that Ajv compiles, and validates nested data with it', async () => {
    const document = documentWith(
      { '/trees': { post: postWithBody({ $ref: '#/components/schemas/Node' }) } },
      {
        components: {
          schemas: {
            Node: {
              type: 'object',
              required: ['label'],
              properties: {
                label: { type: 'string' },
                children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
              },
            },
          },
        },
      },
    );
    const before = structuredClone(document);
    const reading = await read(document);
    expect(document).toEqual(before);
    const post = operation(reading, 'v1_trees');
    expect(post.input.locations).toEqual({ label: 'body', children: 'body' });
    expect(post.input.schema.$defs).toHaveProperty('Node');
    const validate = compile(post.input.schema);
    expect(validate({ label: 'root', children: [{ label: 'leaf', children: [] }] })).toBe(true);
    expect(validate({ label: 'root', children: [{ children: [] }] })).toBe(false);
  });

  it('never fetches an external $ref: the server it names sees no request', async () => {
    let hits = 0;
    const server = await listenOnLoopback(
      createServer((_, response) => {
        hits += 1;
        response.setHeader('content-type', 'application/json');
        response.end('{"type":"string"}');
      }),
    );
    const base = server.url;
    try {
      const reading = await read(
        documentWith({
          '/things': {
            post: postWithBody({
              type: 'object',
              properties: {
                remote: { $ref: `${base}/schemas/remote.json` },
                relative: { $ref: 'schemas/relative.json#/Thing', description: 'kept' },
              },
            }),
          },
        }),
        { documentUrl: `${base}/openapi.json` },
      );
      expect(hits).toBe(0);
      const properties = propertiesOf(operation(reading, 'v1_things').input);
      expect(properties.remote).toEqual({});
      expect(properties.relative).toEqual({ description: 'kept' });
      const external = reading.warnings.filter((warning) => warning.code === 'external-ref');
      expect(external.map((warning) => warning.at)).toEqual([
        '#/paths/~1things/post/requestBody/content/application~1json/schema/properties/relative',
        '#/paths/~1things/post/requestBody/content/application~1json/schema/properties/remote',
      ]);
      expect(external[0]?.message).toContain('was not fetched');
    } finally {
      await server.close();
    }
  });

  it('reads a loop of references that never reaches a schema as {}', async () => {
    const reading = await read(
      documentWith(
        {
          '/loop': {
            post: postWithBody({ type: 'object', properties: { odd: { $ref: '#/components/schemas/A' } } }),
          },
        },
        {
          components: {
            schemas: { A: { $ref: '#/components/schemas/B' }, B: { $ref: '#/components/schemas/A' } },
          },
        },
      ),
    );
    expect(propertiesOf(operation(reading, 'v1_loop').input).odd).toEqual({});
    expect(warningCodes(reading)).toContain('broken-ref');
  });

  it('reads a chain of 700 references in one pass, and cuts the schema it makes at the depth limit', async () => {
    const schemas: Json = { C0: { type: 'string' } };
    for (let index = 1; index < 700; index++) {
      schemas[`C${index}`] = {
        type: 'object',
        properties: { x: { $ref: `#/components/schemas/C${index - 1}` } },
      };
    }
    const started = performance.now();
    const reading = await read(
      documentWith(
        { '/chain': { post: postWithBody({ $ref: '#/components/schemas/C699' }) } },
        { components: { schemas } },
      ),
      { limits: { maxSchemaDepth: 64 } },
    );
    expect(performance.now() - started).toBeLessThan(5_000);
    const chain = operation(reading, 'v1_chain');
    expect(() => compile(chain.input.schema)).not.toThrow();
    expect(warningCodes(reading)).toContain('schema-cut');
  });

  it('cuts a schema that references explode into more than the size limit, quickly', async () => {
    // Each level refers to the one below twice: 2^30 copies once expanded.
    const schemas: Json = { L0: { type: 'string', enum: ['a', 'b', 'c'] } };
    for (let level = 1; level <= 30; level++) {
      schemas[`L${level}`] = {
        type: 'object',
        properties: {
          left: { $ref: `#/components/schemas/L${level - 1}` },
          right: { $ref: `#/components/schemas/L${level - 1}` },
        },
      };
    }
    const started = performance.now();
    const reading = await read(
      documentWith(
        { '/bomb': { post: postWithBody({ $ref: '#/components/schemas/L30' }) } },
        { components: { schemas } },
      ),
      { limits: { maxSchemaNodes: 2_000, maxSchemaDepth: 64 } },
    );
    expect(performance.now() - started).toBeLessThan(5_000);
    const bomb = operation(reading, 'v1_bomb');
    expect(() => compile(bomb.input.schema)).not.toThrow();
    expect(JSON.stringify(bomb.input.schema).length).toBeLessThan(200_000);
    const cut = reading.warnings.find((warning) => warning.code === 'schema-cut');
    expect(cut?.message).toContain('past the size limit');
  });

  it('cuts a schema nested deeper than the schema depth limit', async () => {
    let deep: Json = { type: 'string' };
    for (let level = 0; level < 40; level++) deep = { type: 'object', properties: { next: deep } };
    const reading = await read(documentWith({ '/deep': { post: postWithBody(deep) } }), {
      limits: { maxSchemaDepth: 10 },
    });
    const schema = JSON.stringify(operation(reading, 'v1_deep').input.schema);
    // Ten levels below the body are kept; the eleventh is cut to {}.
    expect(schema.match(/"next"/g)?.length).toBe(11);
    expect(schema).toContain('"next":{}');
    expect(reading.warnings.find((warning) => warning.code === 'schema-cut')?.message).toContain(
      'deeper than 10 levels',
    );
  });
});

describe('OpenAPI 3.0 documents', () => {
  it('reads nullable, boolean exclusive bounds and example the 3.1 way', async () => {
    const reading = await read({
      openapi: '3.0.3',
      info: { title: 'Old', version: '1' },
      servers: [{ url: '/api/v2' }],
      paths: {
        '/items': {
          post: postWithBody({
            type: 'object',
            required: ['name'],
            properties: {
              name: { type: 'string', nullable: true, example: 'lamp' },
              price: { type: 'number', minimum: 0, exclusiveMinimum: true },
            },
          }),
        },
      },
    });
    const post = operation(reading, 'v2_items');
    expect(post.path).toBe('/api/v2/items');
    expect(post.url).toBe('https://docs.example.test/api/v2/items');
    expect(post.crossOrigin).toBe(false);
    expect(propertiesOf(post.input).name).toEqual({ type: ['string', 'null'], examples: ['lamp'] });
    expect(propertiesOf(post.input).price).toEqual({ type: 'number', exclusiveMinimum: 0 });
    const validate = compile(post.input.schema);
    expect(validate({ name: null, price: 1 })).toBe(true);
    expect(validate({ name: 'a', price: 0 })).toBe(false);
    expect(reading.openapiVersion).toBe('3.0.3');
  });

  it('reads a nullable $ref, a nullable allOf and a nullable-only union arm as "or null", without a warning', async () => {
    const reading = await read({
      openapi: '3.0.1',
      info: { title: 'Old', version: '1' },
      components: {
        schemas: {
          Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
          Size: { type: 'integer', minimum: 1, maximum: 10, exclusiveMaximum: true, exclusiveMinimum: false },
        },
      },
      paths: {
        '/items': {
          post: postWithBody({
            type: 'object',
            properties: {
              viaRef: { $ref: '#/components/schemas/Pet', nullable: true, description: 'or nothing' },
              viaAllOf: { allOf: [{ $ref: '#/components/schemas/Pet' }], nullable: true },
              viaArm: { oneOf: [{ nullable: true }, { $ref: '#/components/schemas/Size' }] },
              // Data is never rewritten, whatever it looks like.
              note: { type: 'string', default: 'x', example: { nullable: true, exclusiveMinimum: true } },
            },
          }),
        },
      },
    });
    const validate = compile(operation(reading, 'items').input.schema);
    for (const field of ['viaRef', 'viaAllOf', 'viaArm']) {
      expect(validate({ [field]: null }), field).toBe(true);
      expect(validate({ [field]: 'text' }), field).toBe(false);
    }
    expect(validate({ viaRef: { name: 'Rex' }, viaAllOf: { name: 'Rex' }, viaArm: 9 })).toBe(true);
    expect(validate({ viaArm: 10 })).toBe(false);
    expect(validate({ viaArm: 1 })).toBe(true);
    expect(propertiesOf(operation(reading, 'items').input).note).toEqual({
      type: 'string',
      default: 'x',
      examples: [{ nullable: true, exclusiveMinimum: true }],
    });
    expect(warningCodes(reading)).not.toContain('schema-repaired');
  });
});

describe('ids', () => {
  it('makes duplicate operationIds unique, with a warning', async () => {
    const reading = await read(
      documentWith({
        '/a': { get: { operationId: 'list', responses: {} } },
        '/b': { get: { operationId: 'list', responses: {} } },
      }),
    );
    expect(reading.operations.map((op) => op.id)).toEqual(['list', 'list_2']);
    expect(reading.warnings.find((warning) => warning.code === 'duplicate-operation-id')).toMatchObject({
      at: '#/paths/~1b/get/operationId',
    });
  });

  it('adds the method to a derived id only where two operations would share it', async () => {
    const reading = await read(
      documentWith({
        '/things/{id}': {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          get: { responses: {} },
          delete: { responses: {} },
        },
        '/things': { post: { responses: {} } },
      }),
    );
    expect(reading.operations.map((op) => op.id)).toEqual([
      'v1_things_id_get',
      'v1_things_id_delete',
      'v1_things',
    ]);
    expect(reading.operations.map((op) => op.effect)).toEqual(['read', 'destructive', 'write']);
  });
});

describe('inputs', () => {
  it('keeps a path parameter and a body field of the same name, renaming the body one', async () => {
    const reading = await read(
      documentWith({
        '/things/{id}': {
          put: postWithBody(
            {
              type: 'object',
              required: ['id', 'name'],
              properties: { id: { type: 'string' }, name: { type: 'string' } },
            },
            {
              operationId: 'rename',
              parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
            },
          ),
        },
      }),
    );
    const rename = operation(reading, 'rename');
    expect(rename.input.locations).toEqual({ id: 'path', body_id: 'body', name: 'body' });
    expect(rename.input.wireNames).toEqual({ body_id: 'id' });
    expect(rename.input.schema.required).toEqual(['id', 'body_id', 'name']);
    expect(propertiesOf(rename.input).id).toEqual({ type: 'integer' });
    expect(reading.warnings.find((warning) => warning.code === 'name-collision')?.message).toContain(
      '"body_id"',
    );
  });

  it('leaves credentials and transport headers out, and notes an Idempotency-Key', async () => {
    const reading = await read(
      documentWith(
        {
          '/wallet/fund': {
            post: postWithBody(
              { type: 'object', properties: { amount: { type: 'number', minimum: 1 } } },
              {
                operationId: 'fund',
                'x-required-scope': 'wallet:write',
                security: [{ token: ['wallet:write'] }],
                parameters: [
                  { name: 'Idempotency-Key', in: 'header', schema: { type: 'string' } },
                  { name: 'Authorization', in: 'header', schema: { type: 'string' } },
                  { name: 'X-Api-Key', in: 'header', schema: { type: 'string' } },
                  { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
                  { name: 'session', in: 'cookie', schema: { type: 'string' } },
                ],
              },
            ),
          },
        },
        {
          components: {
            securitySchemes: {
              token: { type: 'http', scheme: 'bearer' },
              key: { type: 'apiKey', in: 'header', name: 'x-api-key' },
            },
          },
        },
      ),
    );
    const fund = operation(reading, 'fund');
    expect(fund.input.locations).toEqual({ 'X-Trace': 'header', amount: 'body' });
    expect(fund).toMatchObject({
      idempotencyKey: true,
      effect: 'money',
      requiredScope: 'wallet:write',
      credential: { kind: 'token', bearer: true },
    });
    expect(warningCodes(reading)).toContain('unsupported-parameter');
  });

  it('offers a body that is not an object whole, as "body"', async () => {
    const reading = await read(
      documentWith({
        '/tags': { post: postWithBody({ type: 'array', items: { type: 'string' }, maxItems: 5 }) },
      }),
    );
    const post = operation(reading, 'v1_tags');
    expect(post.input.bodyProperty).toBe('body');
    expect(post.input.locations).toEqual({ body: 'body' });
    expect(post.input.schema.required).toEqual(['body']);
    expect(compile(post.input.schema)({ body: ['a', 'b'] })).toBe(true);
  });

  it('reads form bodies like JSON ones', async () => {
    const reading = await read(
      documentWith({
        '/upload': {
          post: {
            requestBody: {
              content: {
                'text/plain': { schema: { type: 'string' } },
                'multipart/form-data': {
                  schema: {
                    type: 'object',
                    properties: { file: { type: 'string', contentMediaType: 'image/png' } },
                  },
                },
              },
            },
            responses: {},
          },
        },
      }),
    );
    expect(operation(reading, 'v1_upload').input).toMatchObject({
      bodyContentType: 'multipart/form-data',
      locations: { file: 'body' },
    });
  });

  it('lifts the fields only oneOf branches declare, and takes the key out of every branch', async () => {
    const reading = await read(
      documentWith({
        '/either': {
          post: postWithBody({
            oneOf: [
              {
                type: 'object',
                required: ['key', 'url'],
                properties: { key: { type: 'string' }, url: { type: 'string' } },
              },
              {
                type: 'object',
                required: ['key', 'data'],
                properties: { key: { type: 'string' }, data: { type: 'string' } },
              },
            ],
          }),
        },
      }),
    );
    const either = operation(reading, 'v1_either');
    expect(either.input.locations).toEqual({ url: 'body', data: 'body' });
    expect(either.credential).toEqual({ kind: 'api-key', bearer: false, bodyField: 'key' });
    expect(JSON.stringify(either.input.schema)).not.toContain('"key"');
    const validate = compile(either.input.schema);
    expect(validate({ url: 'https://x.test/a.png' })).toBe(true);
    expect(validate({})).toBe(false);
  });

  it('repairs hostile keyword values so that Ajv still compiles the schema', async () => {
    const reading = await read(
      documentWith({
        '/odd': {
          post: postWithBody({
            type: 'object',
            required: 'name',
            properties: {
              name: { type: 'str', pattern: '([a-z', minLength: -1, maxLength: '12' },
              file: { type: 'file' },
              size: { type: 'integer', minimum: 'small', maximum: '10', multipleOf: 0 },
              mode: { enum: [] },
              pair: {
                type: 'array',
                items: [{ type: 'string' }, { type: 'number' }],
                additionalItems: false,
              },
              meta: {
                $schema: 'http://example.test/unknown-meta',
                $id: 'urn:x',
                type: 'object',
                'x-internal': true,
              },
              flag: { type: 'boolean', deprecated: 'yes', examples: 'true' },
              bad: 'string',
            },
            patternProperties: { '(': { type: 'string' } },
          }),
        },
      }),
    );
    const odd = operation(reading, 'v1_odd');
    const validate = compile(odd.input.schema);
    const properties = propertiesOf(odd.input);
    expect(properties.name).toEqual({ type: 'string', maxLength: 12 });
    expect(properties.file).toEqual({});
    expect(properties.size).toEqual({ type: 'integer', maximum: 10 });
    expect(properties.pair).toEqual({
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: 'number' }],
      items: false,
    });
    expect(properties.meta).toEqual({ type: 'object' });
    expect(odd.input.schema.required).toEqual(['name']);
    expect(validate({ name: 'abc', pair: ['a', 1] })).toBe(true);
    expect(validate({ pair: ['a', 1, 2] })).toBe(false);
    expect(
      reading.warnings.filter((warning) => warning.code === 'schema-repaired').length,
    ).toBeGreaterThanOrEqual(8);
    expect(warningCodes(reading)).toContain('invalid-schema');
  });

  it('keeps property names such as __proto__ as plain data', async () => {
    const document = JSON.parse(
      '{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/p":{"post":{"requestBody":{"content":{"application/json":{"schema":{"type":"object","required":["__proto__"],"properties":{"__proto__":{"type":"string"},"constructor":{"type":"string"}}}}}},"responses":{}}}}}',
    );
    const reading = await read(document);
    const post = operation(reading, 'p');
    expect(Object.keys(propertiesOf(post.input))).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(post.input.schema.properties)).toBe(Object.prototype);
    expect(({} as Json).type).toBeUndefined();
  });

  it('adds a path parameter the document forgot, and drops one that is not in the path', async () => {
    const reading = await read(
      documentWith({
        '/jobs/{jobId}': {
          get: {
            parameters: [{ name: 'other', in: 'path', required: true, schema: { type: 'string' } }],
            responses: {},
          },
        },
      }),
    );
    const get = operation(reading, 'v1_jobs_jobid');
    expect(get.input.locations).toEqual({ jobId: 'path' });
    expect(warningCodes(reading)).toEqual(
      expect.arrayContaining(['undeclared-path-parameter', 'unused-path-parameter']),
    );
  });
});

describe('servers', () => {
  it('serves from the document origin, with one warning, when no server is named', async () => {
    const reading = await read({
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      paths: { '/a': { get: { responses: {} } }, '/b': { get: { responses: {} } } },
    });
    expect(reading.operations.map((op) => op.url)).toEqual([
      'https://docs.example.test/a',
      'https://docs.example.test/b',
    ]);
    expect(reading.warnings.filter((warning) => warning.code === 'no-servers')).toHaveLength(1);
  });

  it('fills server variables from their defaults and prefers the path item servers over the document ones', async () => {
    const reading = await read({
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      servers: [
        {
          url: 'https://{region}.example.test/{base}',
          variables: { region: { default: 'eu' }, base: { default: 'api/v3' } },
        },
      ],
      paths: {
        '/a': { get: { responses: {} } },
        '/b': { servers: [{ url: 'https://other.example.test' }], get: { responses: {} } },
      },
    });
    expect(reading.operations.map((op) => op.url)).toEqual([
      'https://eu.example.test/api/v3/a',
      'https://other.example.test/b',
    ]);
    expect(reading.operations.map((op) => op.version)).toEqual(['v3', undefined]);
  });
});

describe('asynchronous operations', () => {
  const processing = {
    type: 'object',
    properties: {
      status: { type: 'string', enum: ['success', 'processing', 'error'] },
      id: { type: 'string' },
    },
  };
  const answers = (links?: Json) => ({
    '200': {
      description: 'ok',
      content: { 'application/json': { schema: processing } },
      ...(links ? { links } : {}),
    },
  });

  it('follows an OpenAPI link to the fetch operation, by operationId or operationRef', async () => {
    const reading = await read(
      documentWith({
        '/render': {
          post: { operationId: 'render', responses: answers({ result: { operationId: 'poll' } }) },
        },
        '/bake': {
          post: {
            operationId: 'bake',
            responses: answers({ result: { operationRef: '#/paths/~1jobs~1{jobId}/get' } }),
          },
        },
        '/jobs/{jobId}': {
          get: {
            operationId: 'poll',
            parameters: [{ name: 'jobId', in: 'path', required: true, schema: { type: 'string' } }],
            responses: answers(),
          },
        },
      }),
    );
    for (const id of ['render', 'bake']) {
      expect(operation(reading, id).async).toEqual({
        fetchOperationId: 'poll',
        fetchStyle: 'path',
        idField: 'jobId',
      });
    }
    expect(operation(reading, 'poll')).toMatchObject({ isFetch: true, effect: 'read' });
    expect(operation(reading, 'poll').async).toBeUndefined();
  });

  it('finds a fetch by request_id in the body of the family, and says unknown where there is none', async () => {
    const reading = await read(
      documentWith({
        '/images/draw': { post: { responses: answers() } },
        '/images/fetch': {
          post: postWithBody({
            type: 'object',
            properties: { key: { type: 'string' }, request_id: { type: 'string' } },
          }),
        },
        '/music/compose': { post: { responses: answers() } },
      }),
    );
    expect(operation(reading, 'v1_images_draw').async).toEqual({
      fetchOperationId: 'v1_images_fetch',
      fetchStyle: 'body',
      idField: 'request_id',
    });
    expect(operation(reading, 'v1_images_fetch').input.locations).toEqual({ request_id: 'body' });
    expect(operation(reading, 'v1_music_compose').async).toEqual({ fetchStyle: 'unknown' });
  });

  it('reads a GET of <family>/{id} beside an asynchronous operation as its fetch', async () => {
    const reading = await read(
      documentWith({
        '/training/create': { post: { responses: answers() } },
        '/training/{id}': {
          get: {
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: answers(),
          },
        },
      }),
    );
    expect(operation(reading, 'v1_training_create').async).toEqual({
      fetchOperationId: 'v1_training_id',
      fetchStyle: 'path',
      idField: 'id',
    });
    expect(operation(reading, 'v1_training_id').isFetch).toBe(true);
  });
});
