import { beforeAll, describe, expect, it } from 'vitest';
import { assignToolNames, TOOL_NAME_PATTERN, ToolNameError } from '../../src/tools/index.js';
import { emulatorOperations, fixtureOperations, type OperationSet } from './support/tool-operations.js';

let sets: OperationSet[];
beforeAll(async () => {
  sets = [await emulatorOperations(), await fixtureOperations()];
});

const PREFIX_OF_20 = 'gentk_service_tools_';

describe('assignToolNames() on every operation of the emulator and of the real fixtures', () => {
  it('reads 208 and 33 operations', () => {
    expect(sets.map((set) => set.operations.length)).toEqual([208, 33]);
  });

  it.each([
    ['no prefix', ''],
    ['a 20-character prefix', PREFIX_OF_20],
  ])('gives every operation a valid, unique name of at most 64 characters with %s', (_label, prefix) => {
    expect(PREFIX_OF_20).toHaveLength(20);
    for (const { operations } of sets) {
      const names = assignToolNames(operations, { prefix });
      const all = operations.map((operation) => names.nameOf(operation.id));
      for (const name of all) {
        expect(name).toMatch(TOOL_NAME_PATTERN);
        expect(name?.startsWith(prefix)).toBe(true);
        expect(name?.length).toBeLessThanOrEqual(64);
      }
      expect(new Set(all).size).toBe(operations.length);
      for (const operation of operations)
        expect(names.operationIdOf(names.nameOf(operation.id) as string)).toBe(operation.id);
    }
  });

  it('keeps the operation id as the name when it fits: lower case, [a-z0-9_]', () => {
    const names = assignToolNames(sets[0]?.operations ?? []);
    expect(names.nameOf('v7_images_text_to_image')).toBe('v7_images_text_to_image');
    expect(names.nameOf('get_wallet_balance')).toBe('get_wallet_balance');
    expect(names.nameOf('put_billing_payment_methods_by_id_default')).toBe(
      'put_billing_payment_methods_by_id_default',
    );
  });

  it('gives the same names whatever the order of the operations', () => {
    for (const { operations } of sets) {
      const forward = assignToolNames(operations, { prefix: PREFIX_OF_20 });
      const backward = assignToolNames([...operations].reverse(), { prefix: PREFIX_OF_20 });
      for (const operation of operations)
        expect(backward.nameOf(operation.id)).toBe(forward.nameOf(operation.id));
    }
  });

  it('shortens a name that is too long with the prefix, readably, and ends it with a stable hash', () => {
    const names = assignToolNames(sets[0]?.operations ?? [], { prefix: PREFIX_OF_20, maxLength: 48 });
    const name = names.nameOf('put_billing_payment_methods_by_id_default') as string;
    expect(name.length).toBeLessThanOrEqual(48);
    expect(name).toMatch(/^gentk_service_tools_put_bill\w*_[0-9a-z]{8}$/);
    expect(
      assignToolNames(sets[0]?.operations ?? [], { prefix: PREFIX_OF_20, maxLength: 48 }).nameOf(
        'put_billing_payment_methods_by_id_default',
      ),
    ).toBe(name);
  });
});

describe('assignToolNames() on awkward ids', () => {
  it('never lets two long ids that share their start collide', () => {
    const stem = 'post_very_long_resource_name_with_many_segments_that_goes_on_and_on_forever';
    const ids = Array.from({ length: 50 }, (_, index) => `${stem}_${index}`);
    const names = assignToolNames(ids);
    const all = ids.map((id) => names.nameOf(id) as string);
    expect(new Set(all).size).toBe(50);
    for (const name of all) {
      expect(name).toMatch(TOOL_NAME_PATTERN);
      expect(name.startsWith('post_very')).toBe(true);
    }
  });

  it('tells apart ids that clean up to the same name, and hashes both', () => {
    const names = assignToolNames(['get-wallet', 'get_wallet', 'getWallet']);
    const all = ['get-wallet', 'get_wallet', 'getWallet'].map((id) => names.nameOf(id) as string);
    expect(new Set(all).size).toBe(3);
    for (const name of all) expect(name).toMatch(/^get_wallet_[0-9a-z]{8}$/);
  });

  it('makes a name start with a letter, and makes something of an id with no usable character', () => {
    const names = assignToolNames(['3d-render', '___', 'Ünïcödé/path', 'GET /api/v7/images/{id}']);
    expect(names.nameOf('3d-render')).toBe('op_3d_render');
    expect(names.nameOf('___')).toBe('op');
    expect(names.nameOf('Ünïcödé/path')).toMatch(TOOL_NAME_PATTERN);
    expect(names.nameOf('GET /api/v7/images/{id}')).toBe('get_api_v7_images_id');
  });

  it('stays off reserved names', () => {
    const names = assignToolNames(['search_operations', 'resume_job', 'other'], {
      reserved: ['search_operations', 'resume_job'],
    });
    expect(names.nameOf('search_operations')).not.toBe('search_operations');
    expect(names.nameOf('search_operations')).toMatch(/^search_operations_[0-9a-z]{8}$/);
    expect(names.nameOf('other')).toBe('other');
  });

  it('refuses a prefix that leaves no room, with a clear error', () => {
    expect(() => assignToolNames(['a'], { prefix: `p${'x'.repeat(55)}` })).toThrow(ToolNameError);
    expect(() => assignToolNames(['a'], { prefix: `p${'x'.repeat(55)}` })).toThrow(
      /leaves 8 of 64 characters.*shorter prefix/,
    );
  });

  it('refuses a prefix names cannot start with, a maxLength over 64, and repeated ids', () => {
    expect(() => assignToolNames(['a'], { prefix: '1gen_' })).toThrow(/cannot start a tool name/);
    expect(() => assignToolNames(['a'], { prefix: 'gen-' })).toThrow(ToolNameError);
    expect(() => assignToolNames(['a'], { maxLength: 65 })).toThrow(/from 1 to 64/);
    expect(() => assignToolNames(['a', 'a'])).toThrow(/given twice/);
    try {
      assignToolNames(['a', 'a']);
    } catch (error) {
      expect(ToolNameError.isInstance(error)).toBe(true);
    }
  });
});

describe('assignToolNames() makes names a person and a model can read', () => {
  it('splits acronyms and digits sensibly', () => {
    const ids = ['fetch3DResponse', 'getHTTPStatus', 'v7ImagesTextToImage', 'text2img', 'upload2FAKey'];
    const names = assignToolNames(ids);
    expect(ids.map((id) => names.nameOf(id))).toEqual([
      'fetch_3d_response',
      'get_http_status',
      'v7_images_text_to_image',
      'text2img',
      'upload_2fa_key',
    ]);
  });

  it('qualifies an id that another id ends with by the surface of its operation, stably', () => {
    const operations = [
      { id: 'restart_server', surface: 'modelslab-3d' },
      { id: 'clear_cache', surface: 'modelslab-3d' },
      { id: 'v1_enterprise_3d_restart_server', surface: 'enterprise' },
      { id: 'v1_enterprise_video_restart_server', surface: 'enterprise' },
      { id: 'v1_enterprise_3d_clear_cache', surface: 'enterprise' },
      { id: 'get_wallet_balance', surface: 'agents' },
    ];
    const names = assignToolNames(operations);
    expect(operations.map(({ id }) => names.nameOf(id))).toEqual([
      'modelslab_3d_restart_server',
      'modelslab_3d_clear_cache',
      'v1_enterprise_3d_restart_server',
      'v1_enterprise_video_restart_server',
      'v1_enterprise_3d_clear_cache',
      'get_wallet_balance',
    ]);
    const reversed = assignToolNames([...operations].reverse());
    for (const { id } of operations) expect(reversed.nameOf(id)).toBe(names.nameOf(id));
    expect(names.operationIdOf('modelslab_3d_restart_server')).toBe('restart_server');
  });
});
