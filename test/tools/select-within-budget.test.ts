import { beforeAll, describe, expect, it } from 'vitest';
import type { Operation } from '../../src/discovery/types.js';
import {
  type CountTokens,
  DEFAULT_OPERATION_PRIORITY,
  dynamicToolDefinitions,
  loadTokenCounter,
  readFirst,
  selectWithinBudget,
  sortByPriority,
  toolFootprint,
  typedToolDefinitions,
} from '../../src/tools/index.js';
import { emulatorOperations, type OperationSet } from './support/tool-operations.js';

let emulator: OperationSet;
let countTokens: CountTokens;
let costs: Map<Operation, number>;
let dynamicTokens: number;
beforeAll(async () => {
  emulator = await emulatorOperations();
  countTokens = await loadTokenCounter();
  const footprint = toolFootprint(typedToolDefinitions(emulator.operations), { countTokens });
  costs = new Map(
    emulator.operations.map((operation, index) => [operation, footprint.perTool[index]?.tokens ?? 0]),
  );
  dynamicTokens = toolFootprint(dynamicToolDefinitions({ operations: emulator.operations }), {
    countTokens,
  }).tokens;
});

const select = (budget: number, operations: readonly Operation[] = emulator.operations) =>
  selectWithinBudget({
    operations,
    budget,
    toolTokens: (operation) => costs.get(operation) ?? 0,
    dynamicTokens,
  });

describe('selectWithinBudget()', () => {
  it('types every operation when they all fit, with no dynamic tools', () => {
    const selection = select(1_000_000);
    expect(selection.typed).toHaveLength(208);
    expect(selection.dynamic).toEqual([]);
    expect(selection.dynamicTokens).toBe(0);
  });

  it.each([2_000, 5_000, 10_000, 20_000])(
    'fits a budget of %i tokens, the dynamic tools included',
    (budget) => {
      const selection = select(budget);
      expect(selection.fits).toBe(true);
      expect(selection.typedTokens + selection.dynamicTokens).toBeLessThanOrEqual(budget);
      expect(selection.typed.length + selection.dynamic.length).toBe(208);
      expect(selection.typed.length).toBeGreaterThan(0);
      expect(new Set([...selection.typed, ...selection.dynamic]).size).toBe(208);
    },
  );

  it('prefers generation to the control plane, new versions to old, and leaves fetches for last', () => {
    const typed = select(10_000).typed;
    expect(typed.every((operation) => operation.credential.kind === 'api-key')).toBe(true);
    expect(typed.some((operation) => operation.isFetch)).toBe(false);
    expect(typed.map((operation) => operation.id)).toContain('v8_images_text_to_image');
    expect(typed.map((operation) => operation.id)).not.toContain('v6_images_text2img');
  });

  it('puts everything in the dynamic tools when they alone use up the budget, and says it does not fit', () => {
    const selection = select(dynamicTokens - 1);
    expect(selection.typed).toEqual([]);
    expect(selection.fits).toBe(false);
  });

  it('is deterministic, whatever the order of the operations, and keeps the order given', () => {
    const forward = select(8_000).typed.map((operation) => operation.id);
    const backward = select(8_000, [...emulator.operations].reverse()).typed.map((operation) => operation.id);
    expect([...backward].reverse()).toEqual(forward);
  });

  it('takes a caller priority: read first only', () => {
    const selection = selectWithinBudget({
      operations: emulator.operations,
      budget: 3_000,
      toolTokens: (operation) => costs.get(operation) ?? 0,
      dynamicTokens,
      priority: [readFirst],
    });
    expect(selection.typed.every((operation) => operation.effect === 'read')).toBe(true);
  });

  it('sorts by the default priority with ties broken by id', () => {
    const operations = sortByPriority(emulator.operations, DEFAULT_OPERATION_PRIORITY);
    expect(operations[0]).toMatchObject({
      effect: 'read',
      version: 'v8',
      isFetch: false,
      credential: { kind: 'api-key' },
    });
    const sorted = operations.map((operation) => operation.id);
    expect(sorted.indexOf('v8_images_text_to_image')).toBeLessThan(sorted.indexOf('v7_images_text_to_image'));
    expect(sorted.indexOf('v7_images_text_to_image')).toBeLessThan(sorted.indexOf('get_wallet_balance'));
    expect(sorted.indexOf('get_wallet_balance')).toBeLessThan(sorted.indexOf('post_wallet_fund'));
    expect(operations.at(-1)).toMatchObject({ effect: 'destructive', credential: { kind: 'token' } });
  });
});
