import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Operation } from '../../src/discovery/types.js';
import type { ToolResult, ToolSpec } from '../../src/tools/index.js';
import { withoutCallbackFields } from '../../src/tools/model-callbacks.js';
import { argumentCases } from './support/argument-cases.js';
import { type FuzzBed, refused, startFuzzBed } from './support/argument-fuzz-bed.js';
import { emulatorRefusal } from './support/emulator-request-check.js';
import { HOSTILE_STRINGS, HUGE_VALUES, nonJsonValues } from './support/hostile-values.js';
import { unreadableRefusal } from './support/refusal-checks.js';
import { SecretCollector } from './support/secret-collector.js';
import { watchFile } from './support/watch-file.js';

/** Generated calls per meta-tool; raise it (GENTK_FUZZ_RUNS) for a longer hunt. */
const RUNS = Number(process.env.GENTK_FUZZ_RUNS ?? 1_000);
const SEED = 7_331;

let bed: FuzzBed;
const collector = new SecretCollector();
const watch = watchFile(collector);

beforeAll(async () => {
  bed = await startFuzzBed({ collector, mode: 'dynamic' });
});
afterAll(async () => {
  await bed.close();
});

function tool(name: string): ToolSpec {
  const found = bed.tools.tool(name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

/** Anything a model might put where a name or a value goes. */
const anything = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HUGE_VALUES),
  fc.constantFrom(...nonJsonValues()),
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
);

/** Calls `spec`, checks the answer is an answer (never a throw, never an internal failure) and returns it with what was sent. */
async function callChecked(spec: ToolSpec, args: unknown) {
  const approval = await spec.needsApproval(args);
  expect(typeof approval).toBe('boolean');
  const result: ToolResult = await spec.execute(args);
  collector.record(spec.name, result);
  JSON.stringify(result);
  if (!result.ok && result.status === 'error') {
    expect(result.code, result.message).not.toBe('internal_error');
    expect(result.message.length, result.message.slice(0, 300)).toBeLessThanOrEqual(4_000);
  }
  const sent = bed.wire.take();
  if (refused(result)) expect(sent, 'a refused call sent requests').toEqual([]);
  return { result, sent };
}

describe(`the dynamic mode's tools, ${RUNS} generated calls each`, () => {
  it('call_operation: any operation name with any arguments answers, and sends only what the emulator takes', async () => {
    const call = tool('call_operation');
    const operations = bed.session.operations;
    const named = fc.nat({ max: operations.length - 1 }).chain((index) => {
      const operation = operations[index] as Operation;
      // What a model is shown: callback fields belong to the application (issue 22).
      return argumentCases(withoutCallbackFields(operation).input.schema).map((testCase) => ({
        operation,
        args: testCase.args,
      }));
    });
    const calls = fc.oneof(
      {
        weight: 4,
        arbitrary: named.map(({ operation, args }) => ({
          expected: operation,
          args: { operation: operation.id, arguments: args },
        })),
      },
      {
        weight: 1,
        arbitrary: fc
          .record({ operation: anything, arguments: anything })
          .map((args) => ({ expected: undefined, args })),
      },
      { weight: 1, arbitrary: anything.map((args) => ({ expected: undefined, args })) },
    );
    await fc.assert(
      fc.asyncProperty(calls, async ({ expected, args }) => {
        const { result, sent } = await callChecked(call, args);
        if (refused(result)) {
          if (result.problems) expect(unreadableRefusal(result)).toBeUndefined();
          return;
        }
        expect(result.ok, JSON.stringify(result).slice(0, 300)).toBe(true);
        expect(expected, 'only a real operation can be called').toBeDefined();
        expect(sent).toHaveLength(1);
        const refusal = emulatorRefusal(sent[0]!, { operationId: expected!.id, origin: expected!.origin });
        expect(
          refusal,
          `${sent[0]?.method} ${sent[0]?.url.href} ${sent[0]?.body?.slice(0, 300)}`,
        ).toBeUndefined();
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('search_operations and describe_operation: any query or name answers briefly, sending nothing', async () => {
    const search = tool('search_operations');
    const describeTool = tool('describe_operation');
    const args = fc.record(
      {
        query: anything,
        limit: anything,
        category: anything,
        version: anything,
        effect: anything,
        operation: anything,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(args, fc.boolean(), async (input, searching) => {
        const { result, sent } = await callChecked(searching ? search : describeTool, input);
        expect(sent).toEqual([]);
        expect(JSON.stringify(result).length).toBeLessThan(40_000);
      }),
      { seed: SEED + 1, numRuns: RUNS },
    );
  });

  it('resume_job: any operation and request id answers, and polls only the fetch operation of that family', async () => {
    const resume = tool('resume_job');
    const asynchronous = bed.session.operations.filter((operation) => operation.async?.fetchOperationId);
    const requestIds = fc.oneof(
      fc.uuid(),
      fc.integer(),
      fc.stringMatching(/^-?[0-9]{1,12}$/),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      anything,
    );
    const args = fc.oneof(
      fc.record({
        operation: fc.constantFrom(...asynchronous.map((operation) => operation.id)),
        request_id: requestIds,
      }),
      fc.record({ operation: anything, request_id: requestIds }),
      anything,
    );
    await fc.assert(
      fc.asyncProperty(args, async (input) => {
        const { result, sent } = await callChecked(resume, input);
        if (refused(result)) return;
        const operation = asynchronous.find(
          (candidate) => candidate.id === (input as { operation: string }).operation,
        );
        expect(operation, 'only an asynchronous operation can be resumed').toBeDefined();
        const fetchId = operation!.async!.fetchOperationId!;
        for (const request of sent) {
          const refusal = emulatorRefusal(request, { operationId: fetchId, origin: operation!.origin });
          expect(
            refusal,
            `${request.method} ${request.url.href} ${request.body?.slice(0, 300)}`,
          ).toBeUndefined();
        }
      }),
      { seed: SEED + 2, numRuns: RUNS },
    );
  });

  it('leaked nothing and left nothing unhandled', () => {
    expect(collector.checked).toBeGreaterThan(RUNS);
    expect(collector.leaks()).toEqual([]);
    expect(watch.escaped).toEqual([]);
  });
});
