import { describe, expect, it } from 'vitest';
import { GENERATION_OPERATIONS } from '../../src/catalogue/generation-operations.js';
import type { GenerationOperation } from '../../src/catalogue/types.js';
import { baseToolName, generationToolNames, TOOL_NAME_PATTERN } from '../../src/mcp/generation-tool-names.js';

const byPath = (path: string) => GENERATION_OPERATIONS.find((operation) => operation.path === path)!;
const named = (operations: readonly GenerationOperation[]) => {
  const names = generationToolNames(operations);
  return operations.map((operation) => names.get(operation.operationId));
};

describe('baseToolName', () => {
  it.each([
    ['/api/v7/images/text-to-image', 'text-to-image'],
    ['/api/v7/llm/chat/completions', 'chat-completions'],
    ['/api/v7/llm/v1/messages', 'messages'],
    ['/api/v7/llm/v1/messages/count_tokens', 'count-tokens'],
    ['/api/v7/images/fetch/{id}', 'fetch-image'],
    ['/api/v8/3d/fetch/{id}', 'fetch-3d'],
    ['/api/v8/training/{id}', 'fetch-training'],
    ['/api/v8/training/{id}/cancel', 'cancel'],
    ['/api/v8/training', 'training'],
  ])('names %s %s', (path, name) => {
    expect(baseToolName(byPath(path))).toBe(name);
  });
});

describe('generationToolNames', () => {
  it('gives the bare name to the first operation and the family prefix to a later one', () => {
    expect(named([byPath('/api/v8/images/upscale'), byPath('/api/v8/video/upscale')])).toEqual([
      'upscale',
      'video-upscale',
    ]);
  });

  it('gives the bare name to the operation at the version root, whatever the order', () => {
    expect(named([byPath('/api/v7/llm/v1/models'), byPath('/api/v7/models')])).toEqual([
      'llm-models',
      'models',
    ]);
  });

  it('keeps existing names when an operation is appended', () => {
    const v8 = GENERATION_OPERATIONS.filter((operation) => operation.version === 'v8');
    const before = generationToolNames(v8);
    const appended: GenerationOperation = {
      ...byPath('/api/v8/images/upscale'),
      operationId: 'v8_x_upscale',
      path: '/api/v8/x/upscale',
    };
    const after = generationToolNames([...v8, appended]);
    for (const [operationId, name] of before) expect(after.get(operationId)).toBe(name);
    expect(after.get('v8_x_upscale')).toBe('x-upscale');
  });

  it('gives unique, valid names to every version of the catalogue, v6 included', () => {
    for (const version of ['v6', 'v7', 'v8'] as const) {
      const names = [
        ...generationToolNames(GENERATION_OPERATIONS.filter((op) => op.version === version)).values(),
      ];
      expect(new Set(names).size).toBe(names.length);
      for (const name of names) expect(name).toMatch(TOOL_NAME_PATTERN);
    }
  });
});
