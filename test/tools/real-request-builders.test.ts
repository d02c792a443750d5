/**
 * Every profile's schemas through request builders and judges the toolkit did not write:
 * `@ai-sdk/google` (the Google provider of `ai` 7) and `@google/genai` build real requests to a
 * loopback server standing in for Gemini; `@openai/agents-core`'s strict tool check and the
 * `openai` package's `toStrictJsonSchema` judge the `openai-strict` schemas.
 */
import { createServer } from 'node:http';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { GoogleGenAI } from '@google/genai';
import { tool as openAiAgentTool } from '@openai/agents-core';
import { generateText, jsonSchema, tool } from 'ai';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { toStrictJsonSchema } from 'openai/lib/transform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../src/discovery/types.js';
import { SCHEMA_PROFILES, type TypedToolDefinition, typedToolDefinitions } from '../../src/tools/index.js';
import { type LoopbackServer, listenOnLoopback } from '../support/loopback-server.js';
import { emulatorOperations, fixtureOperations, type OperationSet } from './support/tool-operations.js';

/** A stand-in for Gemini's generateContent: records each request body, answers a short text. */
let gemini: LoopbackServer;
const requests: Record<string, unknown>[] = [];
let sets: OperationSet[];

beforeAll(async () => {
  gemini = await listenOnLoopback(
    createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        requests.push(JSON.parse(body) as Record<string, unknown>);
        response.writeHead(200, { 'Content-Type': 'application/json' }).end(
          JSON.stringify({
            candidates: [
              { content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP', index: 0 },
            ],
            usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
          }),
        );
      });
    }),
  );
  sets = [await emulatorOperations(), await fixtureOperations()];
});
afterAll(() => gemini.close());

/** The function declarations of the last request the stand-in received. */
function sentDeclarations(): { name: string; parametersJsonSchema?: unknown; parameters?: unknown }[] {
  const body = requests.at(-1) as { tools?: { functionDeclarations?: [] }[] };
  return body.tools?.flatMap((entry) => entry.functionDeclarations ?? []) ?? [];
}

/** Every key used anywhere in a schema (to look for OpenAPI's `nullable`). */
function keywordsOf(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(keywordsOf);
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    key === 'properties' ? Object.values(value as object).flatMap(keywordsOf) : [key, ...keywordsOf(value)],
  );
}

const cases = () =>
  SCHEMA_PROFILES.flatMap((profile) =>
    ['emulator', 'real fixtures'].map((label) => [profile, label] as const),
  );

const definitionsOf = (label: string, profile: (typeof SCHEMA_PROFILES)[number]): TypedToolDefinition[] =>
  typedToolDefinitions(sets.find((set) => set.label === label)?.operations ?? [], { profile });

describe.each(cases())('the %s schemas of the %s operations', (profile, label) => {
  it('are sent unchanged by @ai-sdk/google as parametersJsonSchema', async () => {
    const definitions = definitionsOf(label, profile);
    const google = createGoogleGenerativeAI({ apiKey: 'test-key', baseURL: `${gemini.url}/v1beta` });
    await generateText({
      model: google('gemini-2.5-flash'),
      prompt: 'hello',
      tools: Object.fromEntries(
        definitions.map((definition) => [
          definition.name,
          tool({ description: definition.description, inputSchema: jsonSchema(definition.inputSchema) }),
        ]),
      ),
    });
    const sent = sentDeclarations();
    expect(sent.map((declaration) => declaration.name)).toEqual(
      definitions.map((definition) => definition.name),
    );
    for (const [index, definition] of definitions.entries())
      expect(sent[index]?.parametersJsonSchema, definition.name).toEqual(definition.inputSchema);
  });

  it('are sent unchanged by @google/genai as parametersJsonSchema', async () => {
    const definitions = definitionsOf(label, profile);
    const client = new GoogleGenAI({ apiKey: 'test-key', httpOptions: { baseUrl: gemini.url } });
    await client.models.generateContent({
      model: 'gemini-2.5-flash',
      contents: 'hello',
      config: {
        tools: [
          {
            functionDeclarations: definitions.map((definition) => ({
              name: definition.name,
              description: definition.description,
              parametersJsonSchema: definition.inputSchema,
            })),
          },
        ],
      },
    });
    const sent = sentDeclarations();
    for (const [index, definition] of definitions.entries())
      expect(sent[index]?.parametersJsonSchema, definition.name).toEqual(definition.inputSchema);
  });
});

describe('the gemini profile writes JSON Schema', () => {
  const strictAjv = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true });
  (addFormats as unknown as (ajv: Ajv2020) => void)(strictAjv);

  it.each(['emulator', 'real fixtures'])(
    'with no OpenAPI nullable, nullability as a union with null, and its bounds kept (%s)',
    (label) => {
      const definitions = definitionsOf(label, 'gemini');
      let nullableNodes = 0;
      for (const definition of definitions) {
        expect(keywordsOf(definition.inputSchema), definition.name).not.toContain('nullable');
        // Strict Ajv refuses keywords JSON Schema does not define, `nullable` among them.
        expect(() => strictAjv.compile(definition.inputSchema), definition.name).not.toThrow();
        nullableNodes += JSON.stringify(definition.inputSchema).split('"null"]').length - 1;
      }
      expect(nullableNodes).toBeGreaterThan(0);
      // Every bound the documents give survives (as a keyword, not only as words).
      const canonical = new Set(
        (sets.find((set) => set.label === label)?.operations ?? []).flatMap((operation) =>
          keywordsOf(operation.input.schema),
        ),
      );
      const kept = new Set(definitions.flatMap((definition) => keywordsOf(definition.inputSchema)));
      for (const bound of ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'])
        if (canonical.has(bound)) expect(kept, bound).toContain(bound);
    },
  );

  it('lets a model send null where the canonical schema accepts it', () => {
    const textToAudio = sets[0]?.operations.filter((operation) => operation.id === 'v6_voice_text_to_audio');
    const [definition] = typedToolDefinitions(textToAudio ?? [], { profile: 'gemini' });
    if (!definition) throw new Error('the emulator publishes v6_voice_text_to_audio');
    const initAudio = (definition.inputSchema.properties as Record<string, JsonSchema>).init_audio;
    expect(initAudio?.type).toEqual(['string', 'null']);
    expect(strictAjv.validate(definition.inputSchema, { prompt: 'Hello', init_audio: null })).toBe(true);
  });
});

describe('the openai-strict schemas before the OpenAI judges', () => {
  it.each(['emulator', 'real fixtures'])(
    'pass @openai/agents-core strict tools and openai toStrictJsonSchema unchanged (%s)',
    (label) => {
      for (const definition of definitionsOf(label, 'openai-strict')) {
        const agentTool = openAiAgentTool({
          name: definition.name,
          description: definition.description,
          parameters: definition.inputSchema as never,
          strict: true,
          execute: () => 'ok',
        });
        expect(agentTool.parameters, definition.name).toEqual(definition.inputSchema);
        expect(toStrictJsonSchema(definition.inputSchema as never), definition.name).toEqual(
          definition.inputSchema,
        );
      }
    },
  );
});
