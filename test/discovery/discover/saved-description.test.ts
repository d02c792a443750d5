/**
 * The compact saved form of a description (issue 25, cold start): what `save()` writes loads back
 * to the same description, smaller than the whole snapshot, with each operation decoded at its
 * first use and schemas only when read; a subset keeps the fetch operations its queued results
 * need; format 1 still loads (format 2 was never released: refused); anything else fails with a
 * typed error that says what to do, and an operation whose text is damaged throws one when used.
 */
import { inspect } from 'node:util';
import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../src/auth/connect.js';
import { discover } from '../../../src/discovery/discover.js';
import { ServiceDescription } from '../../../src/discovery/service-description.js';
import { UnknownOperationError } from '../../../src/discovery/unknown-operation-error.js';
import { UsageError } from '../../../src/errors/index.js';

let emulator: Emulator;
let service: ServiceDescription;

beforeAll(async () => {
  emulator = await startEmulator();
  service = await discover(emulator.url, { models: false });
});
afterAll(() => emulator.close());

const reload = (saved: unknown) => ServiceDescription.fromSnapshot(JSON.parse(JSON.stringify(saved)));

describe('a description saved with save()', () => {
  it('loads back to the same description, and is much smaller than the whole snapshot', () => {
    const text = JSON.stringify(service);
    expect(JSON.parse(text).snapshotVersion).toBe(3);
    expect(text.length).toBeLessThan(JSON.stringify(service.toSnapshot()).length * 0.6);
    const loaded = ServiceDescription.fromSnapshot(JSON.parse(text));
    expect(loaded.toSnapshot()).toEqual(service.toSnapshot());
    // Saved again from a loaded description: the same data.
    expect(JSON.parse(JSON.stringify(loaded))).toEqual(JSON.parse(text));
    expect(loaded.minimumScopes(['get_wallet_balance'])).toEqual(['wallet:read']);
  });

  it('decodes an operation’s schemas when they are first read, into plain data', () => {
    const loaded = reload(service.save());
    const operation = loaded.requireOperation('v7_images_text_to_image');
    expect(Object.getOwnPropertyDescriptor(operation.input, 'schema')?.get).toBeTypeOf('function');
    expect(operation.input.schema).toEqual(service.requireOperation('v7_images_text_to_image').input.schema);
    expect(Object.getOwnPropertyDescriptor(operation.input, 'schema')).toMatchObject({ writable: false });
    expect(operation.input.schema).toBe(operation.input.schema);
  });

  it('decodes a schema many operations share once: they read the same value', () => {
    const saved = service.save();
    const byIndex = new Map<number, string[]>();
    for (const [id, text] of saved.operations) {
      const index = (JSON.parse(text) as { input: { schema: number } }).input.schema;
      byIndex.set(index, [...(byIndex.get(index) ?? []), id]);
    }
    const shared = [...byIndex.values()].filter((ids) => ids.length > 1);
    expect(shared.length).toBeGreaterThan(0);
    const loaded = reload(saved);
    const parse = JSON.parse;
    let parsed = 0;
    JSON.parse = (...args: Parameters<typeof JSON.parse>) => {
      parsed += 1;
      return parse(...args);
    };
    try {
      for (const ids of shared) {
        const [first, ...others] = ids.map((id) => loaded.requireOperation(id));
        for (const other of others) expect(other?.input.schema).toBe(first?.input.schema);
      }
    } finally {
      JSON.parse = parse;
    }
    // One parse per operation's text and one per distinct schema, none per operation that shares it.
    const operations = shared.flat().length;
    expect(parsed).toBe(operations + shared.length);
  });

  it('keeps an operation served from another origin as it was', () => {
    const [first, ...rest] = service.toSnapshot().operations;
    const moved = {
      ...first,
      origin: 'https://other.example',
      url: 'https://other.example/x',
      crossOrigin: true,
    };
    const original = ServiceDescription.fromSnapshot({
      ...service.toSnapshot(),
      operations: [moved, ...rest],
    });
    const loaded = reload(original.save());
    expect(loaded.operations[0]).toEqual(moved);
  });

  it('keeps only the chosen operations and the fetch operations their queued results need', () => {
    const asyncOperation = service.operations.find((operation) => operation.async?.fetchOperationId);
    expect(asyncOperation).toBeDefined();
    const id = asyncOperation?.id as string;
    const saved = service.save({ operations: [id] });
    const loaded = reload(saved);
    expect(loaded.operations.map((operation) => operation.id).sort()).toEqual(
      [id, asyncOperation?.async?.fetchOperationId].sort(),
    );
    expect(loaded.requireOperation(id)).toEqual(service.requireOperation(id));
    expect(JSON.stringify(saved).length).toBeLessThan(JSON.stringify(service.save()).length / 4);
    expect(
      reload(service.save({ operations: (operation) => operation.effect === 'money' })).operations,
    ).toEqual(service.operations.filter((operation) => operation.effect === 'money'));
    expect(() => service.save({ operations: ['no_such_operation'] })).toThrow(UnknownOperationError);
  });
});

describe('loading what older or newer versions saved', () => {
  // Format 2 (every operation whole but its schemas) was never in a release: the review of
  // issue 26 dropped its reader, so it is refused as any unknown format is, saying what to do.
  it('refuses format 2, which no release wrote, with a typed error that says to save again', () => {
    const saved = service.save();
    const format2 = {
      ...saved,
      snapshotVersion: 2,
      operations: saved.operations.map(([id, text]) => ({ id, ...JSON.parse(text) })),
    };
    expect(() => ServiceDescription.fromSnapshot(JSON.parse(JSON.stringify(format2)))).toThrow(UsageError);
    expect(() => ServiceDescription.fromSnapshot(format2)).toThrow(
      /not a service description snapshot \(format 1 or 3\).*save\(\)/,
    );
    const [first, ...rest] = saved.operations;
    const entry = JSON.parse(first?.[1] ?? '{}');
    const pointingNowhere = {
      ...saved,
      operations: [
        [first?.[0], JSON.stringify({ ...entry, input: { ...entry.input, schema: 99_999 } })],
        ...rest,
      ],
    };
    expect(() => ServiceDescription.fromSnapshot(pointingNowhere).operations[0]?.input).toThrow(
      /damaged.*save it again/,
    );
  });

  it('still loads the whole snapshot of format 1', () => {
    const loaded = ServiceDescription.fromSnapshot(JSON.parse(JSON.stringify(service.toSnapshot())));
    expect(loaded.toSnapshot()).toEqual(service.toSnapshot());
  });

  it('refuses a newer format with a typed error that says to upgrade or save again', () => {
    const future = { ...service.save(), snapshotVersion: 4 };
    expect(() => ServiceDescription.fromSnapshot(future)).toThrow(UsageError);
    expect(() => ServiceDescription.fromSnapshot(future)).toThrow(
      /format 4.*upgrade the library, or save it again/,
    );
  });

  it('refuses what is not a description, and a damaged one, with a typed error that says what to do', () => {
    for (const wrong of [null, 'text', { hello: 1 }, { snapshotVersion: 2, baseUrl: 'https://x.example' }])
      expect(() => ServiceDescription.fromSnapshot(wrong)).toThrow(
        /not a service description snapshot.*save\(\)/,
      );
    const saved = service.save();
    const notPairs = { ...saved, operations: [{ id: 'x' }, ...saved.operations] };
    expect(() => ServiceDescription.fromSnapshot(notPairs)).toThrow(/damaged.*save it again/);
    const notJson = ServiceDescription.fromSnapshot({ ...saved, schemas: saved.schemas.map(() => '{') });
    expect(() => notJson.operations[0]?.input.schema).toThrow(/damaged.*save it again/);
  });
});

describe('an operation decoded at its first use', () => {
  it('is its id until then, and plain data once used: spread, keys, JSON, equality', () => {
    const loaded = reload(service.save());
    const operation = loaded.requireOperation('v7_images_text_to_image');
    const original = service.requireOperation('v7_images_text_to_image');
    expect(operation.id).toBe('v7_images_text_to_image');
    expect('async' in operation).toBe(true);
    expect(Object.keys(operation).sort()).toEqual(Object.keys(original).sort());
    expect({ ...operation }).toEqual(original);
    expect(JSON.parse(JSON.stringify(operation))).toEqual(JSON.parse(JSON.stringify(original)));
    expect(Object.isFrozen(Object.freeze(reload(service.save()).operations[0]))).toBe(true);
    expect(inspect(loaded.operations[1])).toContain(`path: '${service.operations[1]?.path}'`);
  });

  it('loads the rest of the description when one operation is damaged, and says so at its use', () => {
    const saved = service.save();
    const [[id, text] = ['', ''], ...rest] = saved.operations;
    for (const wrong of [
      '{',
      'null',
      '[1]',
      '{"input":{"schema":0}}',
      text.replace('"schema":', '"schema":9999,"x":'),
    ]) {
      const loaded = ServiceDescription.fromSnapshot({ ...saved, operations: [[id, wrong], ...rest] });
      const damaged = loaded.requireOperation(id);
      expect(damaged.id).toBe(id);
      expect(() => damaged.input).toThrow(UsageError);
      expect(() => ({ ...damaged })).toThrow(new RegExp(`damaged \\(operation ${id} .*save it again`));
      // Every read throws the same typed error again, and the other operations are whole.
      expect(() => damaged.path).toThrow(UsageError);
      expect(loaded.operations[1]).toEqual(service.operations[1]);
      expect(inspect(damaged)).toContain(id);
    }
  });

  it('connects for the chosen operations without decoding the others', async () => {
    const saved = service.save();
    const chosen = 'v7_images_text_to_image';
    const kept = new Set([chosen, service.requireOperation(chosen).async?.fetchOperationId]);
    // Every other operation damaged: a connect that decoded one of them would throw.
    const others = saved.operations.map(([id, text]) => [id, kept.has(id) ? text : '{'] as const);
    const loaded = ServiceDescription.fromSnapshot({ ...saved, operations: others });
    const account = emulator.createAccount({ credits: 1 });
    const session = await connect({ service: loaded, apiKey: account.apiKey, operations: { ids: [chosen] } });
    try {
      expect(session.operations.map((operation) => operation.id)).toEqual([chosen]);
    } finally {
      await session.close();
    }
    // Choosing a damaged one is the typed error at connect, not a crash.
    const damagedId = saved.operations.find(([id]) => !kept.has(id))?.[0] as string;
    await expect(
      connect({ service: loaded, apiKey: account.apiKey, operations: { ids: [damagedId] } }),
    ).rejects.toThrow(UsageError);
  });
});

describe('the text form of a saved description', () => {
  it('loads back to the same description as the JSON form, and is read as it is', () => {
    const text = service.saveText();
    expect(text.split('\n')[0]).toBe('generation-agent-toolkit service description 3');
    const loaded = ServiceDescription.fromSnapshot(text);
    expect(loaded.toSnapshot()).toEqual(service.toSnapshot());
    expect(JSON.stringify(loaded)).toBe(JSON.stringify(service));
    // The JSON form's text is read too, and a text with a line break at its end.
    expect(ServiceDescription.fromSnapshot(JSON.stringify(service)).toSnapshot()).toEqual(
      service.toSnapshot(),
    );
    expect(ServiceDescription.fromSnapshot(`${text}\r\n`).operations).toHaveLength(service.operations.length);
    const subset = service.saveText({ operations: ['v7_images_text_to_image'] });
    expect(subset.length).toBeLessThan(text.length / 4);
  });

  it('refuses a newer, foreign or damaged text with a typed error that says what to do', () => {
    const text = service.saveText();
    const [, header = '', ...rest] = text.split('\n');
    const newer = ['generation-agent-toolkit service description 4', header, ...rest].join('\n');
    expect(() => ServiceDescription.fromSnapshot(newer)).toThrow(/format 4.*upgrade the library/);
    for (const foreign of ['', 'hello', '{"snapshotVersion":', '[1,2]'])
      expect(() => ServiceDescription.fromSnapshot(foreign)).toThrow(/not a service description snapshot/);
    const cut = text.split('\n').slice(0, -1).join('\n');
    const wrongHeader = ['generation-agent-toolkit service description 3', '{"operations":1}', ...rest].join(
      '\n',
    );
    for (const wrong of [cut, wrongHeader, `${text}\nextra`])
      expect(() => ServiceDescription.fromSnapshot(wrong)).toThrow(UsageError);
    expect(() => ServiceDescription.fromSnapshot(cut)).toThrow(/damaged.*more or fewer lines/);
    // An operation's line damaged: the rest loads, and that one throws where it is used.
    const lines = text.split('\n');
    lines[2] = '{"path":';
    const loaded = ServiceDescription.fromSnapshot(lines.join('\n'));
    expect(() => loaded.operations[0]?.input).toThrow(/damaged \(operation .* is not JSON/);
    expect(loaded.operations[1]).toEqual(service.operations[1]);
  });
});
