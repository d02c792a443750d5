/**
 * A session whose wire is captured: a token and a key (both canaries), every operation of the
 * emulator's documents offered, and every request that would be sent checked by the emulator's
 * own rules instead. One property per tool: whatever the arguments, the tool answers (never
 * throws, never fails internally); arguments it refuses send nothing and are refused readably,
 * naming the field that was broken; arguments it accepts make exactly the requests the emulator
 * takes; arguments valid by an independent validator are never refused.
 * @module
 */

import fc from 'fast-check';
import { connect, type Session } from '../../../src/auth/index.js';
import type { Operation } from '../../../src/discovery/types.js';
import { fieldName } from '../../../src/schema/argument-problem.js';
import {
  createToolSpecs,
  type SchemaProfile,
  type ToolFailure,
  type ToolMode,
  type ToolResult,
  type ToolSet,
  type ToolSpec,
} from '../../../src/tools/index.js';
import { withoutCallbackFields } from '../../../src/tools/model-callbacks.js';
import { type ArgumentCase, argumentCases } from './argument-cases.js';
import { CANARY_KEY, CANARY_TOKEN } from './canaries.js';
import { type CapturingWire, captureWire } from './capture-wire.js';
import { emulatorRefusal } from './emulator-request-check.js';
import { emulatorService } from './emulator-service.js';
import { namesField, unreadableRefusal } from './refusal-checks.js';
import type { SecretCollector } from './secret-collector.js';
import { mustBeSent, namesUnlistedModel } from './sendable.js';

export interface FuzzBed {
  readonly session: Session;
  readonly tools: ToolSet;
  readonly wire: CapturingWire;
  /** Calls made, refused and sent, for the report. */
  readonly counts: { calls: number; refused: number; sent: number };
  close(): Promise<void>;
}

export async function startFuzzBed(options: {
  readonly collector: SecretCollector;
  readonly profile?: SchemaProfile;
  /** @default 'typed' */
  readonly mode?: ToolMode;
}): Promise<FuzzBed> {
  const service = await emulatorService();
  const wire = captureWire();
  const session = await connect({
    service,
    apiKey: CANARY_KEY,
    auth: { token: CANARY_TOKEN, scopes: ['*'] },
    operations: { all: true },
    http: { transport: wire.transport, onEvent: (event) => options.collector.record('http event', event) },
  });
  const tools = createToolSpecs(session, {
    mode: options.mode ?? 'typed',
    waitMs: 1_000,
    ...(options.profile ? { schema: options.profile } : {}),
  });
  return {
    session,
    tools,
    wire,
    counts: { calls: 0, refused: 0, sent: 0 },
    close: () => session.close(),
  };
}

const NEVER_A_WHOLE_FIELD = new Set(['huge-value', 'non-json-value', 'deep-nesting']);

export function refused(result: ToolResult): result is ToolFailure {
  return !result.ok && result.status === 'error' && result.code === 'invalid_arguments';
}

/** Runs one argument case through `tool` and checks every claim; throws on a breach. */
export async function checkCase(
  bed: FuzzBed,
  collector: SecretCollector,
  tool: ToolSpec,
  operation: Operation,
  testCase: ArgumentCase,
  options: { readonly judgeValidity: boolean },
): Promise<void> {
  const { args, mutation } = testCase;
  bed.counts.calls += 1;
  const approval = await tool.needsApproval(args);
  if (typeof approval !== 'boolean') throw new Error(`needsApproval answered ${String(approval)}`);
  const checked = tool.check?.(args);
  const result = await tool.execute(args);
  const sent = bed.wire.take();
  collector.record(tool.name, result);
  JSON.stringify(result);
  if (!result.ok && result.status === 'error' && result.code === 'internal_error')
    throw new Error(`the tool failed internally: ${result.message}`);
  if (refused(result)) {
    bed.counts.refused += 1;
    if (sent.length > 0) throw new Error(`refused, yet sent ${sent.length} request(s)`);
    if (!checked) throw new Error('execute refused what check() let pass');
    const unreadable = unreadableRefusal(result);
    if (unreadable)
      throw new Error(`unreadable refusal (${unreadable}): ${JSON.stringify(result).slice(0, 600)}`);
    // A model the service does not list is refused as the service would, whatever else was mutated.
    if (
      /lists no model/.test(result.message) &&
      namesUnlistedModel(operation, args as Record<string, unknown>)
    )
      return;
    const field = mutation?.path && fieldName(mutation.path);
    if (field !== undefined && !namesField(result, field)) {
      const wholeAllowed = NEVER_A_WHOLE_FIELD.has(mutation?.kind ?? '') && namesField(result, 'arguments');
      if (!wholeAllowed)
        throw new Error(
          `the refusal does not name ${JSON.stringify(field)}: ${result.message.slice(0, 600)}`,
        );
    }
    if (options.judgeValidity && mustBeSent(operation, args))
      throw new Error(`valid arguments refused: ${result.message.slice(0, 600)}`);
    return;
  }
  if (checked) throw new Error(`check() refused what execute sent: ${checked.message}`);
  if (!result.ok) throw new Error(`a canned success answered ${JSON.stringify(result).slice(0, 400)}`);
  if (sent.length !== 1) throw new Error(`one call sent ${sent.length} requests`);
  bed.counts.sent += 1;
  const request = sent[0]!;
  const refusal = emulatorRefusal(request, { operationId: operation.id, origin: operation.origin });
  if (refusal)
    throw new Error(
      `an invalid request went on the wire (${refusal}): ${request.method} ${request.url.pathname}${request.url.search} ${String(request.body).slice(0, 400)}`,
    );
}

/** The property of one typed tool, with `runs` generated cases from `seed`. */
export async function fuzzTool(
  bed: FuzzBed,
  collector: SecretCollector,
  tool: ToolSpec,
  options: { readonly seed: number; readonly runs: number; readonly judgeValidity: boolean },
): Promise<void> {
  const operation = bed.session.operation(tool.operationId as string);
  await fc.assert(
    // What a model is shown: callback fields belong to the application (issue 22).
    fc.asyncProperty(argumentCases(withoutCallbackFields(operation).input.schema), (testCase) =>
      checkCase(bed, collector, tool, operation, testCase, options),
    ),
    { seed: options.seed, numRuns: options.runs },
  );
}
