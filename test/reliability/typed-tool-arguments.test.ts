import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FuzzBed, fuzzTool, startFuzzBed } from './support/argument-fuzz-bed.js';
import { emulatorService } from './support/emulator-service.js';
import { SecretCollector } from './support/secret-collector.js';
import { watchFile } from './support/watch-file.js';

/** Generated arguments per tool; raise it (GENTK_FUZZ_RUNS) for a longer hunt. */
const RUNS = Number(process.env.GENTK_FUZZ_RUNS ?? 100);
const SEED = 9_001;

const service = await emulatorService();
const operations = service.operations.map((operation, index) => ({ id: operation.id, index }));

let bed: FuzzBed;
const collector = new SecretCollector();
const watch = watchFile(collector);

beforeAll(async () => {
  bed = await startFuzzBed({ collector });
});
afterAll(async () => {
  await bed.close();
});

describe(`every typed tool, ${RUNS} generated arguments each`, () => {
  it('offers one typed tool per operation of both surfaces', () => {
    expect(bed.tools.typedOperationIds).toHaveLength(service.operations.length);
    expect(service.operations.length).toBeGreaterThanOrEqual(208);
  });

  it.each(operations)(
    '$id: answers every argument, refuses readably, sends only what the emulator takes',
    async ({ id, index }) => {
      const tool = bed.tools.tools.find((candidate) => candidate.operationId === id);
      expect(tool, id).toBeDefined();
      await fuzzTool(bed, collector, tool!, { seed: SEED + index, runs: RUNS, judgeValidity: true });
    },
  );

  it('sent and refused both, leaked nothing, left nothing unhandled', () => {
    const { calls, refused, sent } = bed.counts;
    expect(calls).toBe(RUNS * operations.length);
    expect(refused).toBeGreaterThan(calls * 0.3);
    expect(sent).toBeGreaterThan(calls * 0.2);
    expect(collector.checked).toBeGreaterThan(calls);
    expect(collector.leaks()).toEqual([]);
    expect(watch.escaped).toEqual([]);
  });
});
