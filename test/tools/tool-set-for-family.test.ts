import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect, type Session } from '../../src/auth/index.js';
import { discover } from '../../src/discovery/discover.js';
import { forgetEmittedWarnings } from '../../src/tools/create-tool-specs.js';
import {
  createToolSpecs,
  loadTokenCounter,
  type SchemaProfile,
  selectWithinBudget,
  serialiseToolDefinition,
  TOOL_COUNT_LIMITS,
  type ToolWireFormat,
  toolFootprint,
} from '../../src/tools/index.js';
import { virtualHttp } from '../support/virtual-http.js';

let emulator: Emulator;
let session: Session;

beforeAll(async () => {
  emulator = await startEmulator({ clock: 'manual' });
  const account = emulator.createAccount();
  session = await connect({
    service: await discover(emulator.url),
    apiKey: account.apiKey,
    // The 133 generation operations: more than OpenAI's 128 tools.
    operations: { where: (operation) => !operation.path.startsWith('/api/agents/') },
    http: virtualHttp(emulator),
  });
});
afterAll(async () => {
  await session.close();
  await emulator.close();
});

describe('a tool set larger than the model family takes', () => {
  it('warns in typed mode, saying what to do, as data and as a process warning', () => {
    // The warning is shown once per process; files share processes (vitest's isolate: false).
    forgetEmittedWarnings();
    const emitted = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const set = createToolSpecs(session, { mode: 'typed', schema: 'openai-strict' });
      expect(set.tools.length).toBeGreaterThan(128);
      expect(set.warnings).toEqual([
        {
          code: 'too-many-tools',
          message: expect.stringMatching(
            /^\d+ tools are more than the 128 that OpenAI accepts in one request.*mode 'auto'.*'dynamic'.*include/,
          ),
        },
      ]);
      expect(emitted).toHaveBeenCalledWith(set.warnings[0]?.message, { code: 'GENTK_TOO_MANY_TOOLS' });
    } finally {
      emitted.mockRestore();
    }
  });

  it('keeps auto mode within the limit, however large the token budget', () => {
    const set = createToolSpecs(session, { mode: 'auto', schema: 'openai-strict', tokenBudget: 10_000_000 });
    expect(set.tools.length).toBeLessThanOrEqual(128);
    expect(set.warnings).toEqual([]);
    expect(set.dynamicOperationIds.length).toBeGreaterThan(0);
    expect(set.typedOperationIds.length + set.dynamicOperationIds.length).toBe(session.operations.length);
  });

  it('says nothing for a family that documents no limit, or a set within it', () => {
    expect(createToolSpecs(session, { mode: 'typed', schema: 'anthropic' }).warnings).toEqual([]);
    expect(createToolSpecs(session, { mode: 'dynamic', schema: 'openai-strict' }).warnings).toEqual([]);
    expect(TOOL_COUNT_LIMITS['openai-strict']).toEqual({ family: 'OpenAI', maxTools: 128 });
  });
});

describe('selectWithinBudget() with a tool limit', () => {
  it('sends operations to the dynamic tools past the limit even when their tokens fit', () => {
    const operations = session.operations.slice(0, 10);
    const select = (maxTools: number) =>
      selectWithinBudget({ operations, budget: 1e9, toolTokens: () => 10, dynamicTokens: 30, maxTools });
    expect(select(10).typed).toHaveLength(10);
    const capped = select(8);
    expect(capped.typed).toHaveLength(5);
    expect(capped.dynamic).toHaveLength(5);
  });
});

describe('the footprint of a tool set', () => {
  it.each<[SchemaProfile, ToolWireFormat]>([
    ['default', 'openai'],
    ['openai-strict', 'openai'],
    ['gemini', 'gemini'],
    ['anthropic', 'anthropic'],
  ])('of the %s profile is counted on the %s wire format', async (profile, wire) => {
    const set = createToolSpecs(session, { mode: 'typed', schema: profile });
    const definitions = set.tools.map(({ name, description, inputSchema }) => ({
      name,
      description,
      inputSchema,
    }));
    const countTokens = await loadTokenCounter();
    const footprint = await set.footprint();
    expect(footprint.tokens).toBe(toolFootprint(definitions, { countTokens, wire }).tokens);
    if (wire !== 'openai')
      expect(footprint.tokens).toBeLessThan(
        toolFootprint(definitions, { countTokens, wire: 'openai' }).tokens,
      );
  });

  it('is what the auto mode spends its budget on, on the profile’s wire format', () => {
    const count = (text: string) => text.length;
    for (const [profile, wire] of [
      ['gemini', 'gemini'],
      ['anthropic', 'anthropic'],
    ] as const) {
      const typed = createToolSpecs(session, { mode: 'typed', schema: profile });
      const onWire = typed.tools.reduce((sum, tool) => sum + count(serialiseToolDefinition(tool, wire)), 0);
      const onOpenAi = typed.tools.reduce(
        (sum, tool) => sum + count(serialiseToolDefinition(tool, 'openai')),
        0,
      );
      expect(onOpenAi).toBeGreaterThan(onWire);
      // A budget the whole typed set fits on its own wire, and would not fit on OpenAI's.
      const auto = createToolSpecs(session, {
        mode: 'auto',
        schema: profile,
        tokenBudget: onWire,
        countTokens: count,
      });
      expect(auto.dynamicOperationIds).toEqual([]);
      expect(auto.typedOperationIds).toHaveLength(session.operations.length);
    }
  });
});
