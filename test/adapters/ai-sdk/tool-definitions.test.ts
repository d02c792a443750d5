import { asSchema, generateText, isStepCount } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAISDKTools, getToolFootprint } from '../../../src/adapters/ai-sdk.js';
import { UsageError } from '../../../src/index.js';
import {
  createToolSpecs,
  profileProblems,
  SCHEMA_PROFILES,
  TOOL_NAME_PATTERN,
} from '../../../src/tools/index.js';
import { type EmulatorSession, startEmulatorSession } from './support/emulator-session.js';
import { scriptedModel } from './support/scripted-model.js';
import { toolOutput } from './support/tool-output.js';

let bed: EmulatorSession;

beforeAll(async () => {
  bed = await startEmulatorSession();
});
afterAll(async () => {
  await bed.close();
});

describe('the tool definitions the AI SDK sends', () => {
  it.each(SCHEMA_PROFILES)(
    'gives every tool a valid name and a schema that passes the %s profile',
    async (profile) => {
      const tools = createAISDKTools(bed.session, { mode: 'typed', schema: profile });
      const specs = createToolSpecs(bed.session, { mode: 'typed', schema: profile });
      expect(Object.keys(tools)).toEqual(specs.tools.map((spec) => spec.name));
      for (const [name, tool] of Object.entries(tools)) {
        expect(name).toMatch(TOOL_NAME_PATTERN);
        const schema = await asSchema(tool.inputSchema).jsonSchema;
        // Passed through unchanged, and within the family's rules.
        expect(schema).toEqual(specs.tool(name)?.inputSchema);
        expect(profileProblems(schema as Record<string, unknown>, profile), name).toEqual([]);
        expect(tool.strict === true).toBe(profile === 'openai-strict');
      }
    },
  );

  it('hands the model provider the names, descriptions and schemas of the chosen mode', async () => {
    const tools = createAISDKTools(bed.session, { mode: 'dynamic', schema: 'openai-strict', prefix: 'gen_' });
    const model = scriptedModel([{ text: 'Hello.' }]);
    await generateText({ model, tools, prompt: 'Hi.' });
    const sent = model.doGenerateCalls[0]?.tools ?? [];
    expect(sent.map((tool) => tool.name).sort()).toEqual([
      'gen_call_operation',
      'gen_describe_operation',
      'gen_resume_job',
      'gen_search_operations',
    ]);
    for (const tool of sent) {
      if (tool.type !== 'function') throw new Error(`unexpected ${tool.type} tool`);
      expect(tool.strict).toBe(true);
      expect(tool.description?.length).toBeGreaterThan(20);
      expect(profileProblems(tool.inputSchema as Record<string, unknown>, 'openai-strict')).toEqual([]);
    }
  });

  it('keeps auto mode within its token budget, and reports the footprint of each mode', async () => {
    const typed = await getToolFootprint(createAISDKTools(bed.session, { mode: 'typed' }));
    const dynamic = await getToolFootprint(createAISDKTools(bed.session, { mode: 'dynamic' }));
    const auto = await getToolFootprint(createAISDKTools(bed.session, { mode: 'auto', tokenBudget: 4000 }));
    expect(dynamic.perTool).toHaveLength(4);
    expect(dynamic.tokens).toBeLessThan(auto.tokens);
    expect(auto.tokens).toBeLessThan(5000);
    expect(typed.tokens).toBeGreaterThan(auto.tokens * 5);
    expect(typed).toEqual(await createToolSpecs(bed.session, { mode: 'typed' }).footprint());
    await expect(getToolFootprint({ ...createAISDKTools(bed.session, { mode: 'dynamic' }) })).rejects.toThrow(
      UsageError,
    );
  });

  it('runs an operation through the dynamic tools: search, then call', async () => {
    const tools = createAISDKTools(bed.session, { mode: 'dynamic' });
    const model = scriptedModel([
      { toolCalls: [{ tool: 'search_operations', input: { query: 'wallet balance' } }] },
      { toolCalls: [{ tool: 'call_operation', input: { operation: 'get_wallet_balance', arguments: {} } }] },
      { text: 'Found it.' },
    ]);
    const result = await generateText({ model, tools, stopWhen: isStepCount(4), prompt: 'Balance?' });
    const matches = toolOutput<{ data: { matches: { operationId: string }[] } }>(result).data.matches;
    expect(matches.map((match) => match.operationId)).toContain('get_wallet_balance');
    expect(result.steps[1]?.toolResults[0]?.output).toMatchObject({
      ok: true,
      data: { currency: expect.any(String) },
    });
    expect(result.text).toBe('Found it.');
  });
});
