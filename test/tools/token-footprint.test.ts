import { beforeAll, describe, expect, it } from 'vitest';
import {
  dynamicToolDefinitions,
  loadTokenCounter,
  naiveToolFootprint,
  profileProblems,
  SCHEMA_PROFILES,
  serialiseToolDefinition,
  type TokenCounter,
  toolFootprint,
  typedToolDefinitions,
} from '../../src/tools/index.js';
import { emulatorOperations, fixtureOperations, type OperationSet } from './support/tool-operations.js';

let emulator: OperationSet;
let fixtures: OperationSet;
let countTokens: TokenCounter;
beforeAll(async () => {
  emulator = await emulatorOperations();
  fixtures = await fixtureOperations();
  countTokens = await loadTokenCounter();
});

describe('the token footprint of tool definitions (o200k_base)', () => {
  it('counts with a real tokenizer (the optional peer gpt-tokenizer, installed here)', () => {
    expect(countTokens.method).toBe('o200k_base');
    expect(countTokens('hello world')).toBe(2);
    expect(countTokens('v7_images_text_to_image')).toBeGreaterThan(3);
  });

  it('keeps the dynamic tools two orders of magnitude under typed tools for all 208 operations', () => {
    const typed = toolFootprint(typedToolDefinitions(emulator.operations), { countTokens });
    const dynamic = toolFootprint(dynamicToolDefinitions({ operations: emulator.operations }), {
      countTokens,
    });
    expect(typed.tools).toBe(208);
    expect(dynamic.tools).toBe(3);
    expect(dynamic.tokens).toBeLessThan(1_000);
    expect(typed.tokens).toBeGreaterThan(20_000);
    expect(dynamic.tokens * 40).toBeLessThan(typed.tokens);
  });

  it('keeps the typed tools for the emulator well under what a naive converter sends', () => {
    const typed = toolFootprint(typedToolDefinitions(emulator.operations), { countTokens });
    const naive = naiveToolFootprint(emulator.operations, {
      countTokens,
      rawInputSchemas: emulator.rawInputSchemas,
    });
    expect(emulator.rawInputSchemas.size).toBe(208);
    expect(typed.tokens).toBeLessThan(naive.tokens * 0.8);
  });

  it('costs about what a naive converter sends on the real fixtures, with richer descriptions', () => {
    const typed = toolFootprint(typedToolDefinitions(fixtures.operations), { countTokens });
    const naive = naiveToolFootprint(fixtures.operations, {
      countTokens,
      rawInputSchemas: fixtures.rawInputSchemas,
    });
    expect(fixtures.rawInputSchemas.size).toBe(33);
    expect(typed.tokens).toBeLessThan(naive.tokens * 1.1);
  });

  it('keeps the dynamic footprint nearly constant whatever the number of operations', () => {
    const many = toolFootprint(dynamicToolDefinitions({ operations: emulator.operations }), {
      countTokens,
    }).tokens;
    const few = toolFootprint(dynamicToolDefinitions({ operations: emulator.operations.slice(0, 5) }), {
      countTokens,
    }).tokens;
    expect(Math.abs(many - few)).toBeLessThan(100);
  });

  it('counts each tool as the chosen wire format sends it, and the total close to the sum', () => {
    const tools = typedToolDefinitions(emulator.operations.slice(0, 10));
    const tool = tools[0] as (typeof tools)[number];
    expect(JSON.parse(serialiseToolDefinition(tool, 'openai'))).toEqual({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
    });
    expect(Object.keys(JSON.parse(serialiseToolDefinition(tool, 'anthropic')))).toEqual([
      'name',
      'description',
      'input_schema',
    ]);
    for (const wire of ['openai', 'anthropic', 'gemini'] as const) {
      const footprint = toolFootprint(tools, { countTokens, wire });
      const sum = footprint.perTool.reduce((total, entry) => total + entry.tokens, 0);
      expect(Math.abs(footprint.tokens - sum)).toBeLessThanOrEqual(tools.length + 2);
    }
    expect(toolFootprint([], { countTokens })).toEqual({ tokens: 0, tools: 0, perTool: [] });
  });

  it('gives dynamic tool definitions that every profile accepts once shaped', async () => {
    const { toProfile } = await import('../../src/tools/index.js');
    for (const definition of dynamicToolDefinitions({ operations: emulator.operations }))
      for (const profile of SCHEMA_PROFILES)
        expect(profileProblems(toProfile(definition.inputSchema, profile).schema, profile)).toEqual([]);
  });
});
