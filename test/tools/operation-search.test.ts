import { beforeAll, describe, expect, it } from 'vitest';
import {
  assignToolNames,
  createOperationIndex,
  type OperationIndex,
  profileProblems,
} from '../../src/tools/index.js';
import { emulatorOperations, fixtureOperations, type OperationSet } from './support/tool-operations.js';

let emulator: OperationSet;
let fixtures: OperationSet;
let index: OperationIndex;
beforeAll(async () => {
  emulator = await emulatorOperations();
  fixtures = await fixtureOperations();
  index = createOperationIndex(emulator.operations);
});

const top = (query: string, limit = 3) => index.search(query, { limit }).map((entry) => entry.operationId);

describe('createOperationIndex().search() over the 208 operations of the emulator', () => {
  it.each([
    ['make a video from text', /^v\d_video(_fusion)?_text_?(to|2)_?video$/],
    ['wallet balance', /^get_wallet_balance$/],
    ['transcribe audio', /speech_to_text$/],
    ['text to speech', /text_to_speech$/],
    ['fund my wallet', /^post_wallet_fund$/],
    ['delete an api key', /^delete_api_keys_by_id$/],
    ['chat with a language model', /^v\d_llm_(\w+_)?chat/],
    ['remove the background of a picture', /background_removal|removebg/],
    ['generate a 3d model from an image', /3d_image_to_3d$/],
    ['lip sync', /lip_sync$/],
  ])('finds what "%s" asks for first', (query, expected) => {
    expect(top(query, 1)[0]).toMatch(expected);
  });

  it('puts the newest version of an operation first, and fetches after what they fetch', () => {
    expect(top('make a video from text', 1)).toEqual(['v8_video_text_to_video']);
    expect(top('video from image', 5).some((id) => id.includes('fetch'))).toBe(false);
    expect(top('fetch a video result', 1)[0]).toMatch(/video.*fetch/);
  });

  it('returns compact entries with the tool name', () => {
    const names = assignToolNames(emulator.operations, { prefix: 'gen_' });
    const named = createOperationIndex(emulator.operations, { names });
    expect(named.search('wallet balance', { limit: 1 })).toEqual([
      {
        name: 'gen_get_wallet_balance',
        operationId: 'get_wallet_balance',
        summary: 'Wallet balance',
        category: 'wallet',
        effect: 'read',
        async: false,
      },
    ]);
  });

  it('filters by category, effect, version and asynchrony, and honours the limit', () => {
    const money = index.search('wallet', { limit: 20, filters: { effect: 'money' } });
    expect(money.length).toBeGreaterThan(0);
    expect(money.every((entry) => entry.effect === 'money')).toBe(true);
    const v8 = index.search('video', { limit: 50, filters: { version: 'v8', category: 'video' } });
    expect(v8.map((entry) => entry.operationId).every((id) => id.startsWith('v8_video'))).toBe(true);
    expect(index.search('image', { limit: 2 })).toHaveLength(2);
    expect(index.search('image', { limit: 5, filters: { async: true } }).every((entry) => entry.async)).toBe(
      true,
    );
    expect(index.search('', { limit: 100, filters: { category: 'teams' } }).length).toBe(7);
    expect(
      index.search('scene', { filters: { includeDeprecated: false } }).map((entry) => entry.operationId),
    ).not.toContain('v6_video_scene_maker');
  });

  it('is deterministic and never throws on odd queries', () => {
    expect(index.search('image to image')).toEqual(index.search('image to image'));
    for (const query of ['', '   ', '🙂🙂', 'x'.repeat(100_000), '__proto__ constructor', '((((', 'v7']) {
      expect(Array.isArray(index.search(query))).toBe(true);
    }
    expect(index.search('zzzz qqqq')).toEqual([]);
  });

  it('works on the real fixtures too', () => {
    const real = createOperationIndex(fixtures.operations);
    expect(real.search('make a video from text', { limit: 1 })[0]?.operationId).toBe('v6_video_text2video');
    expect(real.search('transcribe audio', { limit: 1 })[0]?.operationId).toBe('v6_voice_speech_to_text');
  });
});

describe('createOperationIndex().describe()', () => {
  it('describes an operation by tool name or id, with its description and profiled schema', () => {
    const names = assignToolNames(emulator.operations, { prefix: 'gen_' });
    const strict = createOperationIndex(emulator.operations, { names, profile: 'openai-strict' });
    const described = strict.describe('gen_v7_images_text_to_image');
    expect(described).toMatchObject({
      name: 'gen_v7_images_text_to_image',
      operationId: 'v7_images_text_to_image',
      category: 'image',
      effect: 'write',
      async: true,
      version: 'v7',
      deprecated: false,
    });
    expect(described?.description).toMatch(/^Generate images from text\./);
    expect(profileProblems(described?.inputSchema ?? {}, 'openai-strict')).toEqual([]);
    expect(strict.describe('v7_images_text_to_image')?.name).toBe('gen_v7_images_text_to_image');
    expect(strict.describe('no_such_operation')).toBeUndefined();
    expect(strict.describe('__proto__')).toBeUndefined();
  });

  it('describes money operations with the approval the caller decides', () => {
    const withApproval = createOperationIndex(emulator.operations, {
      describe: (operation) => ({
        approval: operation.effect === 'money' || operation.effect === 'destructive',
      }),
    });
    expect(withApproval.describe('post_wallet_fund')?.description).toContain(
      'Asks a person for approval first.',
    );
    expect(withApproval.describe('get_wallet_balance')?.description).not.toContain('approval');
  });
});
