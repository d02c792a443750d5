import { beforeAll, describe, expect, it } from 'vitest';
import type { Operation } from '../../src/discovery/types.js';
import { describeTool, returnedContent, typedToolDefinitions } from '../../src/tools/index.js';
import { emulatorOperations, fixtureOperations, type OperationSet } from './support/tool-operations.js';

let sets: OperationSet[];
let all: Operation[];
beforeAll(async () => {
  sets = [await emulatorOperations(), await fixtureOperations()];
  all = sets.flatMap((set) => set.operations);
});

const byId = (id: string, set = 0) =>
  sets[set]?.operations.find((operation) => operation.id === id) as Operation;

describe('describeTool() on every operation of the emulator and of the real fixtures', () => {
  it('writes a short description of at most 600 characters, derived from the operation', () => {
    for (const operation of all) {
      const description = describeTool(operation);
      expect(description.length).toBeGreaterThan(20);
      expect(description.length).toBeLessThanOrEqual(600);
      expect(description).not.toMatch(/Authorization: Bearer|Authentication:|fetch_result|Requires a token/);
    }
  });

  it('says what it changes, what it returns and, for jobs, that it waits and how to resume', () => {
    for (const operation of all) {
      const description = describeTool(operation, { resumeToolName: 'gen_resume_job' });
      const effect = {
        read: 'Read-only.',
        write: 'Not read-only',
        money: 'Moves money.',
        destructive: 'Destructive: cannot be undone.',
      };
      expect(description).toContain(effect[operation.effect]);
      expect(description).toMatch(/Returns (the URLs of the|text\.|JSON\.|the model's reply\.)/);
      if (operation.async)
        expect(description).toContain(
          'Waits for the job and returns the result, or a handle to resume with gen_resume_job if it takes too long.',
        );
      else expect(description).not.toContain('Waits for the job');
    }
  });

  it('stays within a smaller budget, keeping its own statements whole', () => {
    for (const operation of all) {
      const description = describeTool(operation, { maxLength: 200, approval: true });
      expect(description.length).toBeLessThanOrEqual(200);
    }
    const short = describeTool(byId('v7_images_text_to_image'), { maxLength: 250 });
    expect(short).toMatch(
      /^Generate images from text\. .*Returns the URLs of the images\. Waits for the job/,
    );
  });

  it('says when a person approves first, and when the operation is deprecated', () => {
    expect(describeTool(byId('post_wallet_fund'), { approval: true })).toBe(
      'Fund the wallet. Moves money. Returns JSON. Asks a person for approval first.',
    );
    expect(describeTool(byId('v6_video_scene_maker'))).toMatch(/ Deprecated: prefer a newer operation\.$/);
    expect(describeTool(byId('v6_video_scene_maker')).match(/Deprecated/g)).toHaveLength(1);
  });

  it('keeps what a model needs from the documents: duration, price, deprecation of the version', () => {
    expect(describeTool(byId('v7_images_text_to_image'))).toBe(
      'Generate images from text. Typical duration: 4-12 seconds. Price: 0.02 credits per call (1 credit = 1 US dollar). Not read-only. Returns the URLs of the images. Waits for the job and returns the result, or a handle to resume with resume_job if it takes too long.',
    );
    // The emulator dates v6's deprecation from its start: the dates are those its policy publishes.
    const v6 = sets[0]?.deprecationPolicy?.versions.find((version) => version.version === 'v6');
    const day = (instant: string | undefined) => instant?.slice(0, 10) ?? 'missing';
    expect(day(v6?.deprecatedAt)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(describeTool(byId('v6_voice_speech_to_text'))).toContain(
      `Version v6 is deprecated since ${day(v6?.deprecatedAt)} and sunsets on ${day(v6?.sunsetAt)}.`,
    );
  });
});

describe('returnedContent()', () => {
  it('reads what an operation returns from its category and answer', () => {
    expect(returnedContent(byId('v7_images_text_to_image'))).toBe('images');
    expect(returnedContent(byId('v8_video_text_to_video'))).toBe('video');
    expect(returnedContent(byId('v8_audio_text_to_speech'))).toBe('audio');
    expect(returnedContent(byId('v8_3d_text_to_3d'))).toBe('3d');
    expect(returnedContent(byId('v8_audio_speech_to_text'))).toBe('text');
    expect(returnedContent(byId('v6_voice_speech_to_text', 1))).toBe('text');
    expect(returnedContent(byId('v7_llm_chat_completions'))).toBe('reply');
    expect(returnedContent(byId('v8_training_create'))).toBe('json');
    expect(returnedContent(byId('v8_video_fetch_id'))).toBe('video');
    expect(returnedContent(byId('get_wallet_balance'))).toBe('json');
    expect(returnedContent(byId('v6_video_text2video', 1))).toBe('video');
  });
});

describe('typedToolDefinitions() of operations whose ids say nothing of what they act on', () => {
  it('says in the description which surface and address the operation acts on', () => {
    const fetch3d = (sets[1]?.operations ?? []).find(
      (operation) => operation.path === '/api/v6/3d/fetch/{id}',
    ) as Operation;
    const generic = { ...fetch3d, id: 'fetch_id', surface: 'modelslab-3d' };
    const qualified = { ...fetch3d, id: 'v1_enterprise_3d_fetch_id', surface: 'enterprise' };
    const [first, second] = typedToolDefinitions([generic, qualified]);
    expect(first?.name).toBe('modelslab_3d_fetch_id');
    expect(first?.description).toContain('Acts on the modelslab-3d API (POST /api/v6/3d/fetch/{id}).');
    expect(second?.description).not.toContain('Acts on');
  });
});
