import { describe, expect, it } from 'vitest';
import { DiscoveryDocumentError } from '../../../src/discovery/errors.js';
import { closestName } from '../../../src/discovery/openapi/closest-name.js';
import { deriveOperationId } from '../../../src/discovery/openapi/index.js';
import { fetchFamilyByPath } from '../../../src/discovery/openapi/infer-async-behaviour.js';
import { categoryOf, versionOf } from '../../../src/discovery/openapi/operation-category.js';
import { classifyEffect } from '../../../src/discovery/openapi/operation-effect.js';

describe('deriveOperationId', () => {
  it.each([
    ['/api/v6/video/fetch/{id}', 'v6_video_fetch_id'],
    ['/api/v7/video-fusion/text-to-video', 'v7_video_fusion_text_to_video'],
    ['/api/v6/training/fine_tune_status/{training_id}', 'v6_training_fine_tune_status_training_id'],
    ['/api/v7/llm/v1/messages/count_tokens', 'v7_llm_v1_messages_count_tokens'],
    ['/chat/completions', 'chat_completions'],
    ['/', 'root'],
  ])('names %s like the service: %s', (path, id) => {
    expect(deriveOperationId(path)).toBe(id);
  });
});

describe('classifyEffect', () => {
  const effect = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, isFetch = false) =>
    classifyEffect({ method, path, id: deriveOperationId(path), isFetch });

  it('reads GETs and fetches', () => {
    expect(effect('GET', '/api/agents/v1/wallet/balance')).toBe('read');
    expect(effect('POST', '/api/v6/video/fetch/{id}', true)).toBe('read');
  });

  it('marks DELETE and the words delete, remove, revoke, logout as destructive, and withdrawing as money', () => {
    expect(effect('DELETE', '/api/agents/v1/teams/{id}')).toBe('destructive');
    expect(effect('POST', '/api/v6/training/delete/{training_id}')).toBe('destructive');
    expect(effect('POST', '/api/agents/v1/auth/tokens/revoke-others')).toBe('destructive');
    expect(effect('POST', '/api/agents/v1/auth/logout-all')).toBe('destructive');
    expect(effect('POST', '/api/agents/v1/wallet/withdraw')).toBe('money');
    expect(classifyEffect({ method: 'POST', path: '/x', id: 'removeMember', isFetch: false })).toBe(
      'destructive',
    );
  });

  it('does not mistake removal tools for removal', () => {
    expect(effect('POST', '/api/v6/image_editing/removebg_mask')).toBe('write');
    expect(effect('POST', '/api/v6/video/watermark_remover')).toBe('write');
    expect(effect('POST', '/api/v8/images/background-removal')).toBe('write');
  });

  it('marks billing, wallet, payment and subscription writes as moving money', () => {
    expect(effect('POST', '/api/agents/v1/wallet/fund')).toBe('money');
    expect(effect('PUT', '/api/agents/v1/billing/info')).toBe('money');
    expect(effect('POST', '/api/agents/v1/subscriptions/{id}/pause')).toBe('money');
    expect(effect('POST', '/api/v6/images/text2img')).toBe('write');
  });
});

describe('versionOf and categoryOf', () => {
  it.each([
    ['/api/v6/images/text2img', 'v6', 'image'],
    ['/api/v6/realtime/text2img', 'v6', 'image'],
    ['/api/v6/voice/fetch', 'v6', 'audio'],
    ['/api/v7/video-fusion/lip-sync', 'v7', 'video'],
    ['/api/v6/image_editing/inpaint', 'v6', 'image-editing'],
    ['/api/v8/3d/fetch/{id}', 'v8', '3d'],
    ['/api/agents/v1/billing/info', 'v1', 'billing'],
    ['/api/agents/v1/me', 'v1', 'profile'],
  ])('%s is %s, %s', (path, version, category) => {
    expect(versionOf(path)).toBe(version);
    expect(categoryOf(path, [])).toBe(category);
  });

  it('falls back to the first tag without a version in the path', () => {
    expect(versionOf('/chat')).toBeUndefined();
    expect(categoryOf('/chat', ['Chat', 'LLM'])).toBe('Chat');
    expect(categoryOf('/api/v1/constructor', [])).toBe('constructor');
  });
});

describe('fetchFamilyByPath', () => {
  it('recognises the fetch and status routes and the family they serve', () => {
    expect(fetchFamilyByPath('/api/v6/images/fetch')).toEqual(['api', 'v6', 'images']);
    expect(fetchFamilyByPath('/api/v6/video/fetch/{id}')).toEqual(['api', 'v6', 'video']);
    expect(fetchFamilyByPath('/api/v6/training/fine_tune_status/{training_id}')).toEqual([
      'api',
      'v6',
      'training',
    ]);
    expect(fetchFamilyByPath('/api/agents/v1/payments/{id}/status')).toBeUndefined();
    expect(fetchFamilyByPath('/api/v6/video/text2video')).toBeUndefined();
  });
});

describe('closestName', () => {
  it('suggests a property that contains the name as a word, or is a typo away', () => {
    expect(closestName('image', ['key', 'init_image', 'multi_image', 'seed'])).toBe('init_image');
    expect(closestName('promt', ['prompt', 'negative_prompt'])).toBe('prompt');
  });

  it('suggests nothing when no property is close', () => {
    expect(closestName('image', ['seed', 'resolution'])).toBeUndefined();
  });
});

describe('DiscoveryDocumentError', () => {
  it('names the document and the place in its message, and is recognised across copies of the package', () => {
    const error = new DiscoveryDocumentError({
      document: 'https://x.test/openapi.json',
      at: '#/paths',
      message: 'No paths.',
    });
    expect(error.message).toBe('No paths. (https://x.test/openapi.json, at #/paths)');
    expect(error.name).toBe('DiscoveryDocumentError');
    expect(DiscoveryDocumentError.isInstance(error)).toBe(true);
    const foreign = Object.assign(new Error('x'), {
      [Symbol.for('generation-agent-toolkit.error.DiscoveryDocumentError')]: true,
    });
    expect(DiscoveryDocumentError.isInstance(foreign)).toBe(true);
    expect(DiscoveryDocumentError.isInstance(new Error('x'))).toBe(false);
  });
});
