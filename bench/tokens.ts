/**
 * Tool-definition tokens (o200k_base, counted exactly: the optional peer gpt-tokenizer is a
 * devDependency here), per model family's schema profile, each sent in its family's wire format:
 * typed mode for every operation, dynamic mode and auto mode within a budget, against what a naive
 * converter makes of the raw OpenAPI schemas, measured in the same run on the same operations. A
 * session with every operation (208) connects to the emulator over HTTP, as an agent's would. Then
 * the error of the estimate that counts when gpt-tokenizer is not installed.
 *
 * Run: npx tsx bench/tokens.ts
 * @module
 */

import { startEmulator } from 'generation-agent-toolkit-emulator';
import { connect, createToolSpecs, type SchemaProfile, type Session } from '../src/index.js';
import {
  type CountTokens,
  loadTokenCounter,
  naiveToolFootprint,
  SCHEMA_PROFILES,
  toolFootprint,
  typedToolDefinitions,
  WIRE_FORMAT_OF_PROFILE,
} from '../src/tools/index.js';
import { measureEstimateError } from '../test/tools/support/estimate-error.js';
import { rawInputSchemas } from '../test/tools/support/raw-input-schemas.js';
import { emulatorOperations, fixtureOperations } from '../test/tools/support/tool-operations.js';
import { type BenchFigure, type BenchSection, figure } from './section.js';
import { runDirectly } from './support/run-directly.js';

/** Tokens the typed tools of auto mode may take. */
const AUTO_BUDGET = 8_000;

/** How each family's tools travel: the wire format its API uses. */

/** Each operation's request schema as the emulator's OpenAPI documents publish it. */
async function rawSchemasOf(session: Session) {
  const raw = new Map<string, Record<string, unknown>>();
  for (const surface of session.service.surfaces) {
    const response = await fetch(surface.specUrl);
    for (const [id, schema] of rawInputSchemas(await response.json(), session.operations))
      raw.set(id, schema);
  }
  return raw;
}

function profileFigures(session: Session, profile: SchemaProfile, countTokens: CountTokens, naive: number) {
  const wire = WIRE_FORMAT_OF_PROFILE[profile];
  const tokensOf = (mode: 'typed' | 'dynamic' | 'auto') => {
    const set = createToolSpecs(session, {
      mode,
      schema: profile,
      tokenBudget: AUTO_BUDGET,
      countTokens,
    });
    const definitions = set.tools.map(({ name, description, inputSchema }) => ({
      name,
      description,
      inputSchema,
    }));
    return { tokens: toolFootprint(definitions, { countTokens, wire }).tokens, set };
  };
  const baseline = { name: `naive OpenAPI conversion, ${wire} wire`, value: naive };
  const typed = tokensOf('typed');
  const dynamic = tokensOf('dynamic');
  const auto = tokensOf('auto');
  return [
    figure({
      name: `${profile}: typed mode, all ${typed.set.typedOperationIds.length} operations`,
      value: typed.tokens,
      unit: 'tokens',
      baseline,
    }),
    figure({
      name: `${profile}: dynamic mode (${dynamic.set.tools.length} tools)`,
      value: dynamic.tokens,
      unit: 'tokens',
      baseline,
    }),
    figure({
      name: `${profile}: auto mode, budget ${AUTO_BUDGET.toLocaleString('en-US')} (${auto.set.typedOperationIds.length} typed)`,
      value: auto.tokens,
      unit: 'tokens',
      baseline,
      note: 'the whole set within the budget, resume_job and the meta-tools included',
    }),
  ];
}

/** Typed tools against the naive conversion for the four real OpenAPI documents of production. */
async function fixtureFigure(countTokens: CountTokens): Promise<BenchFigure> {
  const fixtures = await fixtureOperations();
  const typed = toolFootprint(typedToolDefinitions(fixtures.operations), { countTokens }).tokens;
  const naive = naiveToolFootprint(fixtures.operations, {
    countTokens,
    rawInputSchemas: fixtures.rawInputSchemas,
  }).tokens;
  return figure({
    name: `real production OpenAPI documents: typed mode, ${fixtures.operations.length} operations`,
    value: typed,
    unit: 'tokens',
    baseline: { name: 'naive OpenAPI conversion', value: naive },
    note: 'richer descriptions at about the same cost',
  });
}

/** How far the estimate used without the optional peer gpt-tokenizer is from o200k_base. */
async function estimateFigures(countTokens: CountTokens): Promise<BenchFigure[]> {
  const error = measureEstimateError([await emulatorOperations(), await fixtureOperations()], countTokens);
  const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
  return [
    figure({
      name: `estimate without gpt-tokenizer: largest error of a set's total (${error.sets.length} sets)`,
      value: error.worstSet * 100,
      unit: '%',
      note: 'emulator and real documents; typed, dynamic and naive; every profile',
    }),
    figure({
      name: `estimate without gpt-tokenizer: error of one definition (${error.definitions.toLocaleString('en-US')})`,
      value: error.perDefinition.median * 100,
      unit: '% (median)',
      note: `95th percentile ${percent(error.perDefinition.p95)}, largest ${percent(error.perDefinition.worst)}`,
    }),
  ];
}

export async function run(): Promise<BenchSection> {
  const emulator = await startEmulator({ rateLimits: { auth: { limit: 1_000, windowSeconds: 60 } } });
  const account = emulator.createAccount();
  const session = await connect({
    baseUrl: emulator.url,
    apiKey: account.apiKey,
    auth: { email: account.email, password: account.password },
    operations: { all: true },
  });
  try {
    const countTokens = await loadTokenCounter();
    const raw = await rawSchemasOf(session);
    const figures: BenchFigure[] = [];
    for (const profile of SCHEMA_PROFILES) {
      const naive = naiveToolFootprint(session.operations, {
        countTokens,
        rawInputSchemas: raw,
        wire: WIRE_FORMAT_OF_PROFILE[profile],
      }).tokens;
      figures.push(...profileFigures(session, profile, countTokens, naive));
    }
    figures.push(await fixtureFigure(countTokens));
    figures.push(...(await estimateFigures(countTokens)));
    return { id: 'tokens', title: 'Tool-definition tokens', figures };
  } finally {
    await session.close();
    await emulator.close();
  }
}

await runDirectly(import.meta.url, run);
