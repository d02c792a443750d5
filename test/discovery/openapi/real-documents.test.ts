import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiSurfaceReading } from '../../../src/discovery/openapi/index.js';
import { deriveOperationId } from '../../../src/discovery/openapi/index.js';
import { operationsCatalogue, REAL_OPENAPI_FIXTURES, readFixtureJson } from '../../support/fixtures.js';
import {
  compile,
  countOperations,
  type Json,
  operation,
  propertiesOf,
  read,
  SERVICE_ORIGIN,
  warningCodes,
} from './openapi-test-support.js';

const fixture = (name: string) => readFixtureJson<Json>(`real-openapi/${name}`);
const catalogue = operationsCatalogue();
const catalogueIdByRoute = new Map(
  [...catalogue.generation, ...catalogue.control_plane].map((entry) => [
    `${entry.method} ${entry.path}`,
    entry.operationId,
  ]),
);

const EXPECTED_COUNTS: Record<(typeof REAL_OPENAPI_FIXTURES)[number], number> = {
  '3d-api.json': 4,
  'llm-api.json': 4,
  'video-api.json': 9,
  'voice-cloning.json': 16,
};

const readings = new Map<string, OpenApiSurfaceReading>();
beforeAll(async () => {
  for (const name of REAL_OPENAPI_FIXTURES) {
    readings.set(
      name,
      await read(fixture(name), {
        documentUrl: `http://127.0.0.1:4010/${name}`,
        serviceOrigin: 'http://127.0.0.1:4010',
      }),
    );
  }
});
const reading = (name: string) => readings.get(name) as OpenApiSurfaceReading;

describe.each(REAL_OPENAPI_FIXTURES)('the production document %s', (name) => {
  it('describes every operation it lists', () => {
    expect(countOperations(fixture(name))).toBe(EXPECTED_COUNTS[name]);
    expect(reading(name).operations).toHaveLength(EXPECTED_COUNTS[name]);
  });

  it('gives every operation an input and output schema that Ajv compiles as JSON Schema 2020-12', () => {
    for (const op of reading(name).operations) {
      expect(() => compile(op.input.schema), op.id).not.toThrow();
      if (op.outputSchema) expect(() => compile(op.outputSchema), op.id).not.toThrow();
      expect(op.input.schema.type).toBe('object');
      // Every property has a place on the wire.
      expect(Object.keys(op.input.locations).sort()).toEqual(Object.keys(propertiesOf(op.input)).sort());
    }
  });

  it('never offers the API key as input', () => {
    for (const op of reading(name).operations) {
      expect(propertiesOf(op.input)).not.toHaveProperty('key');
      expect(op.input.locations).not.toHaveProperty('key');
      expect(op.input.schema.required ?? []).not.toContain('key');
      expect(op.input.locations).not.toHaveProperty('x-api-key');
      expect(op.credential.kind).toBe('api-key');
    }
  });

  it('derives unique ids the way the service names its operations, equal to the catalogue where it lists the route', () => {
    const ids = reading(name).operations.map((op) => op.id);
    expect(new Set(ids).size).toBe(ids.length);
    let known = 0;
    for (const op of reading(name).operations) {
      expect(op.id).toBe(deriveOperationId(op.path));
      const catalogued = catalogueIdByRoute.get(`${op.method} ${op.path}`);
      if (catalogued) {
        known += 1;
        expect(op.id).toBe(catalogued);
      }
    }
    expect(known).toBeGreaterThanOrEqual(ids.length - 1);
    const missing = reading(name).warnings.filter((warning) => warning.code === 'missing-operation-id');
    expect(missing).toHaveLength(1);
    expect(missing[0]?.message).toContain(`${ids.length} of ${ids.length} operations have no operationId`);
  });

  it('serves every operation from its production server, marked as another origin than the local copy', () => {
    for (const op of reading(name).operations) {
      expect(op.origin).toBe('https://modelslab.com');
      expect(op.url).toBe(`https://modelslab.com${op.path}`);
      expect(op.crossOrigin).toBe(true);
    }
    expect(warningCodes(reading(name))).not.toContain('no-servers');
  });

  it('reads the same document the same way every time, without changing it', async () => {
    const document = fixture(name);
    const before = structuredClone(document);
    const again = await read(document, {
      documentUrl: `http://127.0.0.1:4010/${name}`,
      serviceOrigin: 'http://127.0.0.1:4010',
    });
    expect(document).toEqual(before);
    expect(again).toEqual(reading(name));
  });
});

describe('the 3D document', () => {
  it('puts the v6 prefix of its server before every path', () => {
    expect(reading('3d-api.json').operations.map((op) => `${op.method} ${op.path}`)).toEqual([
      'POST /api/v6/3d/image_to_3d',
      'POST /api/v6/3d/text_to_3d',
      'POST /api/v6/3d/base64_to_url',
      'POST /api/v6/3d/fetch/{id}',
    ]);
    for (const op of reading('3d-api.json').operations) {
      expect(op.version).toBe('v6');
      expect(op.category).toBe('3d');
    }
  });

  it('drops the required "image" that is not among the properties, with a warning that suggests init_image', () => {
    const imageTo3d = operation(reading('3d-api.json'), 'v6_3d_image_to_3d');
    expect(imageTo3d.input.schema.required ?? []).not.toContain('image');
    expect(propertiesOf(imageTo3d.input)).toHaveProperty('init_image');
    const repaired = reading('3d-api.json').warnings.filter(
      (warning) => warning.code === 'required-not-in-properties',
    );
    expect(repaired).toHaveLength(1);
    expect(repaired[0]).toMatchObject({
      document: 'http://127.0.0.1:4010/3d-api.json',
      at: '#/components/schemas/ImageTo3DRequest/required',
    });
    expect(repaired[0]?.message).toContain('"image"');
    expect(repaired[0]?.message).toContain('"init_image"');
  });

  it('reads the OpenAPI 3.0 nullable left in this 3.1 document as a null type, and says so', () => {
    const textTo3d = operation(reading('3d-api.json'), 'v6_3d_text_to_3d');
    expect(propertiesOf(textTo3d.input).webhook).toEqual({
      type: ['string', 'null'],
      description: 'Webhook URL for completion notification',
    });
    expect(compile(textTo3d.input.schema)({ prompt: 'a dog', webhook: null })).toBe(true);
    expect(
      reading('3d-api.json').warnings.some(
        (warning) =>
          warning.code === 'schema-repaired' &&
          warning.at === '#/components/schemas/TextTo3DRequest/properties/webhook/nullable',
      ),
    ).toBe(true);
  });

  it('keeps descriptions, enums, defaults and bounds', () => {
    const properties = propertiesOf(operation(reading('3d-api.json'), 'v6_3d_image_to_3d').input);
    expect(properties.output_format).toEqual({
      type: 'string',
      enum: ['obj', 'stl', 'ply', 'glb'],
      default: 'glb',
      description: 'Specifies the format of the generated 3D object',
    });
    expect(properties.mesh_simplify).toMatchObject({ minimum: 0.9, maximum: 0.98, default: 0.9 });
  });

  it('links both generation operations to the fetch operation, which takes the id in its path as an integer or a string', () => {
    for (const id of ['v6_3d_image_to_3d', 'v6_3d_text_to_3d']) {
      expect(operation(reading('3d-api.json'), id).async).toEqual({
        fetchOperationId: 'v6_3d_fetch_id',
        fetchStyle: 'path',
        idField: 'id',
      });
    }
    const fetch = operation(reading('3d-api.json'), 'v6_3d_fetch_id');
    expect(fetch).toMatchObject({ isFetch: true, effect: 'read' });
    expect(fetch.async).toBeUndefined();
    expect(fetch.input.locations).toEqual({ id: 'path' });
    expect(fetch.input.schema.required).toEqual(['id']);
    const validate = compile(fetch.input.schema);
    expect(validate({ id: 1234 })).toBe(true);
    expect(validate({ id: '1234' })).toBe(true);
    expect(validate({ id: 'abc' })).toBe(false);
    const upload = operation(reading('3d-api.json'), 'v6_3d_base64_to_url');
    expect(upload).toMatchObject({ isFetch: false, effect: 'write' });
    expect(upload.async).toBeUndefined();
  });

  it('records that the key travels in the body field key', () => {
    for (const op of reading('3d-api.json').operations) {
      expect(op.credential).toEqual({ kind: 'api-key', bearer: false, bodyField: 'key' });
    }
  });
});

describe('the LLM document', () => {
  it('reads the per-operation servers: /api/v7/llm paths, no warning about missing servers', () => {
    expect(reading('llm-api.json').operations.map((op) => `${op.method} ${op.path}`)).toEqual([
      'POST /api/v7/llm/chat/completions',
      'POST /api/v7/llm/v1/messages',
      'POST /api/v7/llm/v1/messages/count_tokens',
      'GET /api/v7/llm/v1/models',
    ]);
    expect(
      reading('llm-api.json').operations.every((op) => op.category === 'llm' && op.version === 'v7'),
    ).toBe(true);
  });

  it('sends the key as a Bearer token to chat completions', () => {
    const chat = operation(reading('llm-api.json'), 'v7_llm_chat_completions');
    expect(chat.url).toBe('https://modelslab.com/api/v7/llm/chat/completions');
    expect(chat.credential).toEqual({ kind: 'api-key', bearer: true });
    expect(chat.input.schema.required).toEqual(['messages']);
    expect(chat.async).toBeUndefined();
  });

  it('sends the key in the x-api-key header of its apiKey scheme, and keeps anthropic-version as a header input', () => {
    const messages = operation(reading('llm-api.json'), 'v7_llm_v1_messages');
    expect(messages.credential).toEqual({ kind: 'api-key', bearer: false, header: 'x-api-key' });
    expect(messages.input.locations['anthropic-version']).toBe('header');
    expect(propertiesOf(messages.input)['anthropic-version']).toMatchObject({ default: '2023-06-01' });
    expect(messages.input.schema.required).toEqual(['model', 'max_tokens', 'messages']);
  });

  it('classifies the model list as a read and the rest as writes', () => {
    expect(reading('llm-api.json').operations.map((op) => op.effect)).toEqual([
      'write',
      'write',
      'write',
      'read',
    ]);
  });
});

describe('the video and voice documents', () => {
  it.each([
    ['video-api.json', 'v6_video_fetch_id', ['v6_video_base64_to_url']],
    [
      'voice-cloning.json',
      'v6_voice_fetch_id',
      ['v6_voice_voice_upload', 'v6_voice_voice_list', 'v6_voice_base64_to_url'],
    ],
  ])(
    '%s: every operation that can answer processing is fetched by %s, by id in the path',
    (name, fetchId, synchronous) => {
      for (const op of reading(name).operations) {
        if (op.id === fetchId) {
          expect(op).toMatchObject({ isFetch: true, effect: 'read' });
          expect(op.async).toBeUndefined();
        } else if (synchronous.includes(op.id)) {
          expect(op.async, op.id).toBeUndefined();
        } else {
          expect(op.async, op.id).toEqual({ fetchOperationId: fetchId, fetchStyle: 'path', idField: 'id' });
          expect(op.effect).toBe('write');
        }
      }
    },
  );

  it('does not read removal tools as destructive', () => {
    expect(operation(reading('video-api.json'), 'v6_video_watermark_remover').effect).toBe('write');
  });

  it('reads the voice category from the voice path', () => {
    expect(reading('voice-cloning.json').operations.every((op) => op.category === 'audio')).toBe(true);
  });

  it('widens a string type whose enum lists null, and says what it repaired', () => {
    const speechToText = operation(reading('voice-cloning.json'), 'v6_voice_speech_to_text');
    expect(propertiesOf(speechToText.input).timestamp_level?.type).toEqual(['string', 'null']);
    expect(
      compile(speechToText.input.schema)({
        init_audio: 'https://x.test/a.mp3',
        language: 'en',
        timestamp_level: null,
      }),
    ).toBe(true);
    const repaired = reading('voice-cloning.json').warnings.find(
      (warning) => warning.code === 'schema-repaired',
    );
    expect(repaired?.at).toBe('#/components/schemas/SpeechToTextRequest/properties/timestamp_level/enum');
    expect(repaired?.message).toContain('enum lists null');
  });

  it('keeps the oneOf of the song generator, without the key in its branches', () => {
    const song = operation(reading('voice-cloning.json'), 'v6_voice_song_generator');
    const validate = compile(song.input.schema);
    expect(validate({ lyrics_generation: true, prompt: 'a song', caption: 'pop' })).toBe(true);
    expect(validate({ lyrics_generation: true })).toBe(false);
    expect(validate({ lyrics_generation: false, lyrics: 'la la' })).toBe(true);
    expect(JSON.stringify(song.input.schema)).not.toContain('"key"');
  });

  it('gives the video operations the required fields of their bodies, without the key', () => {
    const textToVideo = operation(reading('video-api.json'), 'v6_video_text2video');
    expect(textToVideo.input.schema.required).toEqual(['model_id', 'prompt']);
    expect(textToVideo.input.bodyContentType).toBe('application/json');
    expect(textToVideo.credential.bodyField).toBe('key');
  });
});

describe('reading the production documents from their local copies', () => {
  it('marks operations served from the service origin as same-origin', async () => {
    const local = await read(fixture('video-api.json'), { serviceOrigin: 'https://modelslab.com' });
    expect(local.operations.every((op) => op.crossOrigin === false)).toBe(true);
    expect(SERVICE_ORIGIN).not.toBe('https://modelslab.com');
  });
});
