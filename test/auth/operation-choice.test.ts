/**
 * What `connect({ operations })` and the tools' `include` choose: selectors (`all`, `ids`,
 * `categories`, `versions`, `surfaces`) add up, filters (`effects`, `readOnly`, `where`, `exclude`)
 * narrow, and filters without a selector narrow the default choice. Each expectation is computed
 * from the discovered operations, not from the code under test.
 */

import { type Emulator, startEmulator } from 'generation-agent-toolkit-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAISDKTools } from '../../src/adapters/ai-sdk.js';
import {
  connect,
  createToolSpecs,
  discover,
  GenerationToolkitError,
  type Operation,
  type OperationChoice,
  type ServiceDescription,
  UnknownChoiceError,
  UnknownOperationError,
} from '../../src/index.js';
import { toolFor } from '../adapters/ai-sdk/support/tool-names.js';
import { type AdapterBed, startAdapterBed } from '../support/adapter-bed.js';
import { EMULATOR_SIGN_IN_OPERATIONS } from '../support/emulator-credential-operations.js';

/** The AI SDK quick start's choice, as the README prints it. */
const README_CHOICE = { categories: ['image', 'video'], ids: ['get_wallet_balance', 'post_wallet_fund'] };

let emulator: Emulator;
let service: ServiceDescription;

beforeAll(async () => {
  emulator = await startEmulator();
  service = await discover(emulator.url);
});
afterAll(async () => {
  await emulator.close();
});

const idsOf = (operations: readonly Operation[]) => operations.map((operation) => operation.id).sort();
const where = (predicate: (operation: Operation) => boolean) => idsOf(service.operations.filter(predicate));
/** Called with the scoped token of the control plane (login and signup are not: they make the token). */
const isControlPlane = (operation: Operation) =>
  operation.credential.kind === 'token' || operation.requiredScope !== null;
const inDefault = (operation: Operation) =>
  !EMULATOR_SIGN_IN_OPERATIONS.includes(operation.id) &&
  (!isControlPlane(operation) || operation.effect === 'read');

/** The ids connect() chose: offered, or withheld for want of a token (these tests log in nowhere). */
async function chosen(operations: OperationChoice | undefined): Promise<string[]> {
  const session = await connect({ service, ...(operations ? { operations } : {}) });
  await session.close();
  return [...idsOf(session.operations), ...session.withheld.map((entry) => entry.operationId)].sort();
}

describe('the README quick start choice', () => {
  let bed: AdapterBed;
  const expected = () =>
    where(
      (operation) =>
        ['image', 'video'].includes(operation.category ?? '') || README_CHOICE.ids.includes(operation.id),
    );

  beforeAll(async () => {
    bed = await startAdapterBed({ operations: README_CHOICE });
  });
  afterAll(async () => {
    await bed.close();
  });

  it('offers every image and video operation and the two wallet ones, asking only for the wallet scopes', () => {
    expect(expected().filter((id) => id.includes('images')).length).toBeGreaterThan(5);
    expect(idsOf(bed.session.operations)).toEqual(expected());
    expect(bed.session.withheld).toEqual([]);
    expect(bed.session.scopes.requested).toEqual(['wallet:read', 'wallet:write']);
  });

  it('gives the AI SDK a tool for each of them', () => {
    const tools = createAISDKTools(bed.session, { mode: 'typed', schema: 'openai-strict' });
    const operationIds = Object.values(tools)
      .map(
        (tool) =>
          (tool.metadata?.generationAgentToolkit as { operationId?: string } | undefined)?.operationId,
      )
      .filter((id) => id !== undefined);
    expect(operationIds.sort()).toEqual(expected());
  });

  it('offers the two wallet operations it names as tools of their own in every mode', () => {
    const operationIdsOf = (tools: ReturnType<typeof createAISDKTools>) =>
      Object.values(tools)
        .map(
          (tool) =>
            (tool.metadata?.generationAgentToolkit as { operationId?: string } | undefined)?.operationId,
        )
        .filter((id) => id !== undefined);
    // The quick start's own options (auto mode, the default budget), a small budget, and dynamic.
    for (const options of [
      { schema: 'openai-strict' },
      { schema: 'openai-strict', tokenBudget: 1_500 },
      { mode: 'dynamic' },
    ] as const) {
      const offered = operationIdsOf(createAISDKTools(bed.session, options));
      expect(offered, JSON.stringify(options)).toEqual(expect.arrayContaining(README_CHOICE.ids));
    }
    // Auto mode fills the rest of the budget with the other operations.
    expect(operationIdsOf(createAISDKTools(bed.session, { schema: 'openai-strict' })).length).toBeGreaterThan(
      README_CHOICE.ids.length,
    );
    // In dynamic mode the others stay behind the search, describe and call tools.
    expect(Object.keys(createAISDKTools(bed.session, { mode: 'dynamic' }))).toEqual(
      expect.arrayContaining(['search_operations', 'describe_operation', 'call_operation']),
    );
  });

  it("paints with the image tool, with the quick start's own tool options", async () => {
    const tools = createAISDKTools(bed.session, { schema: 'openai-strict' });
    const image = tools[toolFor(tools, 'v7_images_text_to_image')];
    const outputs: unknown[] = [];
    const iterable = image?.execute?.(
      { model_id: 'flux-dev', prompt: 'a lighthouse at dusk' },
      { toolCallId: 'paint', messages: [], context: {} },
    ) as AsyncIterable<unknown>;
    for await (const output of iterable) outputs.push(output);
    expect(outputs.at(-1)).toMatchObject({ ok: true, status: 'success' });
  });
});

describe('connect({ operations })', () => {
  it('without a choice, takes every generation operation and the read-only control plane', async () => {
    expect(await chosen(undefined)).toEqual(where(inDefault));
  });

  it('adds up selectors: a surface and two ids', async () => {
    expect(await chosen({ surfaces: ['generation'], ids: ['get_me', 'post_wallet_fund'] })).toEqual(
      where(
        (operation) =>
          operation.surface === 'generation' || ['get_me', 'post_wallet_fund'].includes(operation.id),
      ),
    );
  });

  it('adds up a version and a category', async () => {
    expect(await chosen({ versions: ['v8'], categories: ['audio'] })).toEqual(
      where((operation) => operation.version === 'v8' || operation.category === 'audio'),
    );
  });

  it('narrows the selectors with every filter given', async () => {
    expect(
      await chosen({
        all: true,
        effects: ['read', 'money'],
        where: (operation) => operation.version !== 'v6',
        exclude: ['get_me'],
      }),
    ).toEqual(
      where(
        (operation) =>
          ['read', 'money'].includes(operation.effect) &&
          operation.version !== 'v6' &&
          operation.id !== 'get_me',
      ),
    );
  });

  it('narrows the default choice with filters alone, so that they never widen it', async () => {
    expect(await chosen({ readOnly: true })).toEqual(
      where((operation) => inDefault(operation) && operation.effect === 'read'),
    );
    expect(await chosen({ exclude: ['v6_images_text2img'] })).toEqual(
      where((operation) => inDefault(operation) && operation.id !== 'v6_images_text2img'),
    );
    // Money lives on the control plane, which the default takes only to read: nothing is left.
    expect(await chosen({ effects: ['money'] })).toEqual([]);
  });

  it('starts from every operation with all: true', async () => {
    expect(await chosen({ all: true })).toEqual(where(() => true));
    expect(await chosen({ all: true, readOnly: true })).toEqual(
      where((operation) => operation.effect === 'read'),
    );
  });

  it('chooses nothing for a selector given empty', async () => {
    expect(await chosen({ ids: [] })).toEqual([]);
  });
});

describe('a choice that names what the service does not have', () => {
  const refusal = (operations: unknown) =>
    connect({ service, operations: operations as OperationChoice }).then(
      () => {
        throw new Error('connect() accepted the choice');
      },
      (error: unknown) => error,
    );

  it.each([
    ['categories', 'imge', 'image'],
    ['versions', 'V8', 'v8'],
    ['surfaces', 'generations', 'generation'],
    ['effects', 'money!', 'money'],
  ] as const)(
    'refuses an unknown value of %s, naming the closest (%s -> %s)',
    async (selector, value, closest) => {
      const error = await refusal({ [selector]: [value] });
      expect(UnknownChoiceError.isInstance(error)).toBe(true);
      expect(error).toBeInstanceOf(GenerationToolkitError);
      expect(error).toMatchObject({ code: 'unknown_choice', selector, value });
      expect((error as UnknownChoiceError).suggestions[0]).toBe(closest);
      expect((error as Error).message).toContain(`connect options.operations.${selector} names "${value}"`);
      expect((error as Error).message).toContain(`Did you mean "${closest}"`);
    },
  );

  it('refuses an unknown id, to choose or to exclude, naming the closest', async () => {
    for (const choice of [{ ids: ['v7_images_text_to_imag'] }, { exclude: ['v7_images_text_to_imag'] }]) {
      const error = await refusal(choice);
      expect(UnknownOperationError.isInstance(error)).toBe(true);
      expect((error as UnknownOperationError).suggestions[0]).toBe('v7_images_text_to_image');
    }
  });

  it('refuses a selector that is not a list of strings', async () => {
    const error = await refusal({ ids: 'get_me' });
    expect(error).toMatchObject({ code: 'invalid_usage' });
    expect((error as Error).message).toContain('connect options.operations.ids must be an array of strings');
  });
});

describe('the tools of a session: include', () => {
  let bed: AdapterBed;

  beforeAll(async () => {
    bed = await startAdapterBed();
  });
  afterAll(async () => {
    await bed.close();
  });

  const offeredWhere = (predicate: (operation: Operation) => boolean) =>
    idsOf(bed.session.operations.filter(predicate));

  it('adds up selectors and narrows with filters, as connect() does', () => {
    const set = createToolSpecs(bed.session, {
      mode: 'typed',
      include: { categories: ['video'], ids: ['get_wallet_balance'], exclude: ['v8_video_text_to_video'] },
    });
    expect([...set.typedOperationIds].sort()).toEqual(
      offeredWhere(
        (operation) =>
          (operation.category === 'video' || operation.id === 'get_wallet_balance') &&
          operation.id !== 'v8_video_text_to_video',
      ),
    );
  });

  it('narrows every offered operation with filters alone', () => {
    const set = createToolSpecs(bed.session, { mode: 'typed', include: { effects: ['money'] } });
    expect([...set.typedOperationIds].sort()).toEqual(
      offeredWhere((operation) => operation.effect === 'money'),
    );
    expect(set.typedOperationIds).toContain('post_wallet_fund');
  });

  it('refuses an id the session does not offer, and a category the service does not have', () => {
    expect(() => createToolSpecs(bed.session, { include: { ids: ['get_me'] } })).toThrow(
      /does not offer "get_me"/,
    );
    expect(() => createAISDKTools(bed.session, { include: { categories: ['imagez'] } })).toThrow(
      'createAISDKTools options.include.categories names "imagez"',
    );
  });
});
