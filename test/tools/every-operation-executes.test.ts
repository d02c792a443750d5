import { type Emulator, type EmulatorAccount, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Session } from '../../src/auth/index.js';
import { discover } from '../../src/discovery/discover.js';
import { readOpenApiSurface } from '../../src/discovery/openapi/index.js';
import { ServiceDescription } from '../../src/discovery/service-description.js';
import type { Operation } from '../../src/discovery/types.js';
import { createToolSpecs, type ToolResult, type ToolSpec } from '../../src/tools/index.js';
import { REAL_OPENAPI_FIXTURES, realOpenApiText } from '../support/fixtures.js';
import { virtualHttp } from '../support/virtual-http.js';
import { validSample } from './support/valid-sample.js';

const NEEDS_A_SECRET = new Set(['post_auth_verify_email', 'post_auth_reset_password']);
const ENDS_THE_SESSION = new Set([
  'post_auth_logout',
  'post_auth_logout_all',
  'post_auth_refresh',
  'patch_me_password',
]);

let emulator: Emulator;
let account: EmulatorAccount;
let service: ServiceDescription;
let owner: Session;

beforeAll(async () => {
  emulator = await startEmulator({
    clock: 'manual',
    queueLimit: 1000,
    rateLimits: {
      generation: { limit: 100_000, windowSeconds: 60 },
      control: { limit: 100_000, windowSeconds: 60 },
      billing: { limit: 100_000, windowSeconds: 60 },
      auth: { limit: 100_000, windowSeconds: 60 },
    },
  });
  account = emulator.createAccount({ credits: 10_000 });
  service = await discover(emulator.url);
});
afterAll(async () => {
  await owner?.close();
  await emulator.close();
});

/** A result the service (or the toolkit) refused because of the input: what this test must never see. */
function refusedInput(result: ToolResult): boolean {
  if (result.ok !== false || result.status !== 'error') return false;
  if (result.code === 'invalid_arguments') return true;
  // The service's own input check; a rule about the account's state (no card yet) is not one.
  return (
    result.code === 'validation_failed' &&
    (result.serviceCode === undefined || result.serviceCode === 'validation_error')
  );
}

async function runAll(session: Session, operations: readonly Operation[]) {
  const tools = createToolSpecs(session, {
    mode: 'typed',
    waitMs: 0,
    include: { ids: operations.map((operation) => operation.id) },
  });
  const refused: string[] = [];
  let executed = 0;
  for (const tool of tools.tools.filter((candidate: ToolSpec) => candidate.kind === 'operation')) {
    const operation = session.operation(tool.operationId as string);
    // Fetch and per-job operations need an id that only a job gives (the job tests exercise them);
    // the claim and the password reset need a secret only an e-mail gives; the calls that end
    // the session's token run last, in their own test.
    if (
      operation.isFetch ||
      operation.path.includes('{') ||
      NEEDS_A_SECRET.has(operation.id) ||
      ENDS_THE_SESSION.has(operation.id)
    )
      continue;
    const sample = withListedModel(operation, validSample(operation.input.schema), session);
    const result = await tool.execute(sample);
    executed += 1;
    if (refusedInput(result)) refused.push(`${operation.id}: ${JSON.stringify(result).slice(0, 300)}`);
  }
  return { refused, executed };
}

/**
 * A valid input names a model the service lists: a sample whose `model` is made-up text (the
 * schema says only "a string") gets the feed's first model of the operation's family instead.
 * Values the document itself names (enums, defaults, examples) are kept.
 */
function withListedModel(operation: Operation, sample: unknown, session: Session): unknown {
  if (typeof sample !== 'object' || sample === null) return sample;
  const input = sample as Record<string, unknown>;
  const family = session.service.models.filter((model) => model.category === operation.category);
  const properties = (operation.input.schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const replaced = { ...input };
  for (const field of ['model_id', 'model']) {
    const value = input[field];
    const property = properties[field] ?? {};
    const named = [
      property.default,
      property.example,
      ...((property.enum as unknown[]) ?? []),
      ...((property.examples as unknown[]) ?? []),
    ];
    if (typeof value !== 'string' || named.includes(value) || family.length === 0) continue;
    if (!session.service.models.some((model) => model.id === value)) replaced[field] = family[0]?.id;
  }
  return replaced;
}

describe('every operation, as a tool, with a valid sample input', () => {
  it('executes against the emulator without a validation error: all 208 operations', {
    timeout: 180_000,
  }, async () => {
    owner = await connect({
      service,
      apiKey: account.apiKey,
      auth: { email: account.email, password: account.password },
      operations: { all: true },
      http: virtualHttp(emulator),
    });
    expect(owner.operations).toHaveLength(208);
    const { refused, executed } = await runAll(owner, owner.operations);
    expect(executed).toBeGreaterThan(150);
    expect(refused).toEqual([]);
  });

  it('executes the operations of the four real documents against the same paths of the emulator', {
    timeout: 120_000,
  }, async () => {
    const operations: Operation[] = [];
    for (const name of REAL_OPENAPI_FIXTURES) {
      // The documents name production's servers; the emulator serves the same paths on its own origin.
      const text = realOpenApiText(name).replaceAll('https://modelslab.com', emulator.url);
      const surface = await readOpenApiSurface({
        document: JSON.parse(text),
        documentUrl: `${emulator.url}/fixtures/${name}`,
        surfaceId: name.replace('.json', ''),
        serviceOrigin: emulator.url,
      });
      operations.push(...surface.operations);
    }
    expect(operations).toHaveLength(33);
    const fixtures = ServiceDescription.fromSnapshot({ ...service.toSnapshot(), operations });
    const session = await connect({
      service: fixtures,
      apiKey: account.apiKey,
      operations: { all: true },
      http: virtualHttp(emulator),
    });
    try {
      const { refused, executed } = await runAll(session, session.operations);
      expect(executed).toBeGreaterThan(25);
      expect(refused).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('refuses invalid inputs for every operation before the network', { timeout: 60_000 }, async () => {
    const before = emulator.inspect(account.email)?.usage.length ?? 0;
    const tools = createToolSpecs(owner, { mode: 'typed' });
    for (const tool of tools.tools.filter((candidate) => candidate.kind === 'operation')) {
      const operation = owner.operation(tool.operationId as string);
      const required = (operation.input.schema.required ?? []) as string[];
      if (required.length === 0) continue;
      const result = await tool.execute({
        __proto__: { polluted: true },
        [required[0] as string]: { nested: ['not', 'valid'] },
      });
      expect(result, operation.id).toMatchObject({ ok: false, code: 'invalid_arguments' });
    }
    expect(emulator.inspect(account.email)?.usage.length).toBe(before);
  });
});
