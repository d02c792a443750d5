import { FIELDS } from './catalogue/fields.js';
import type { JsonSchema } from './catalogue/types.js';

export type ModelCategory = 'image' | 'video' | 'audio' | '3d' | 'llm' | 'image-editing' | 'training';

export interface CatalogueModel {
  readonly modelId: string;
  readonly name: string;
  readonly category: ModelCategory;
  readonly provider: string;
  readonly tags: readonly string[];
  /** Price per billing unit in US dollars. */
  readonly price: number;
  readonly billingUnit: string;
  /** Plans whose subscription covers the model. */
  readonly plans: readonly string[];
  readonly description: string;
}

const BILLING_UNIT: Record<ModelCategory, string> = {
  image: 'image',
  video: 'second of video',
  audio: 'minute of audio',
  '3d': 'model',
  llm: '1K tokens',
  'image-editing': 'image',
  training: 'training run',
};

const BASE_PRICE: Record<ModelCategory, number> = {
  image: 0.002,
  video: 0.04,
  audio: 0.01,
  '3d': 0.15,
  llm: 0.0004,
  'image-editing': 0.002,
  training: 1,
};

/** [provider, names, tags] per category: a plausible public catalogue, generated deterministically. */
const FAMILIES: ReadonlyArray<readonly [ModelCategory, string, readonly string[], readonly string[]]> = [
  [
    'image',
    'black-forest-labs',
    ['flux-dev', 'flux-schnell', 'flux-pro', 'flux-kontext'],
    ['photorealistic', 'fast'],
  ],
  ['image', 'stability', ['sdxl', 'sd3-medium', 'sd3-large', 'sd-turbo'], ['versatile']],
  [
    'image',
    'community',
    ['realistic-vision', 'dreamshaper', 'juggernaut-xl', 'anything-v5', 'epicrealism'],
    ['fine-tuned'],
  ],
  ['image', 'ideogram', ['ideogram-v2', 'ideogram-v3'], ['typography']],
  ['image', 'google', ['imagen-4', 'imagen-4-fast'], ['photorealistic']],
  ['video', 'kling', ['kling-2', 'kling-2-master', 'kling-1.6'], ['cinematic']],
  ['video', 'google', ['veo-3', 'veo-3-fast'], ['audio', 'cinematic']],
  ['video', 'wan', ['wan-2.2', 'wan-2.1-i2v'], ['open-weights']],
  ['video', 'bytedance', ['seedance-pro', 'seedance-lite'], ['fast']],
  ['video', 'minimax', ['hailuo-02'], ['motion']],
  ['audio', 'elevenlabs', ['eleven-multilingual-v2', 'eleven-turbo-v2.5', 'eleven-music'], ['voice']],
  [
    'audio',
    'community',
    ['xtts-v2', 'bark', 'musicgen-large', 'audioldm-2', 'whisper-large-v3'],
    ['open-weights'],
  ],
  ['audio', 'suno', ['suno-v4'], ['music']],
  ['3d', 'tencent', ['hunyuan3d-2', 'hunyuan3d-2-mini'], ['mesh']],
  ['3d', 'microsoft', ['trellis'], ['mesh', 'texture']],
  ['3d', 'stability', ['stable-fast-3d'], ['fast']],
  [
    'llm',
    'meta',
    ['llama-3.3-70b', 'llama-3.1-8b', 'llama-4-scout', 'llama-4-maverick'],
    ['chat', 'open-weights'],
  ],
  ['llm', 'mistral', ['mistral-large', 'mistral-small', 'mixtral-8x22b'], ['chat']],
  ['llm', 'qwen', ['qwen-3-235b', 'qwen-3-32b', 'qwen-2.5-coder-32b'], ['chat', 'code']],
  ['llm', 'deepseek', ['deepseek-v3', 'deepseek-r1'], ['reasoning']],
  ['llm', 'google', ['gemma-3-27b'], ['chat', 'open-weights']],
  ['image-editing', 'community', ['real-esrgan', 'gfpgan', 'codeformer', 'rembg', 'lama'], ['restoration']],
  ['image-editing', 'qwen', ['qwen-image-edit'], ['instruction']],
  ['training', 'community', ['lora-sdxl-trainer', 'lora-flux-trainer', 'dreambooth-sd15'], ['fine-tuning']],
];

const PLAN_TIERS = ['basic', 'standard', 'premium'] as const;

function build(): CatalogueModel[] {
  const models: CatalogueModel[] = [];
  FAMILIES.forEach(([category, provider, names, tags], familyIndex) => {
    names.forEach((name, index) => {
      const tier = (familyIndex + index) % PLAN_TIERS.length;
      models.push({
        modelId: name,
        name: name
          .split('-')
          .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
          .join(' '),
        category,
        provider,
        tags,
        price: Number((BASE_PRICE[category] * (1 + ((familyIndex * 7 + index * 3) % 9) / 4)).toFixed(6)),
        billingUnit: BILLING_UNIT[category],
        plans: PLAN_TIERS.slice(tier),
        description: `${name} by ${provider}: a ${category} model (${tags.join(', ')}).`,
      });
    });
  });
  return models;
}

/** Every publicly listed model, in a stable order. */
export const MODELS: readonly CatalogueModel[] = build();

export const MODEL_CATEGORIES: readonly ModelCategory[] = [...new Set(MODELS.map((model) => model.category))];

export function findModel(modelId: string): CatalogueModel | undefined {
  return MODELS.find((model) => model.modelId === modelId);
}

/** The generation parameters a model accepts, as JSON Schema (the "model detail" of the control plane). */
export function modelParameters(model: CatalogueModel): JsonSchema {
  const names: Record<ModelCategory, (keyof typeof FIELDS)[]> = {
    image: ['prompt', 'negative_prompt', 'width', 'height', 'samples', 'seed'],
    video: ['prompt', 'negative_prompt', 'duration@video', 'resolution', 'seed'],
    audio: ['prompt@voice', 'language', 'speed', 'output_format'],
    '3d': ['prompt', 'output_format@3d', 'resolution@3d'],
    llm: ['messages', 'max_tokens', 'temperature', 'top_p'],
    'image-editing': ['init_image', 'prompt'],
    training: ['images', 'instance_prompt', 'max_train_steps'],
  };
  const properties: Record<string, unknown> = {};
  for (const name of names[model.category]) properties[name.split('@')[0] as string] = FIELDS[name];
  return { type: 'object', properties };
}

/** The model feed's public record of a model. */
export function modelRecord(model: CatalogueModel): Record<string, unknown> {
  return {
    model_id: model.modelId,
    name: model.name,
    category: model.category,
    provider: model.provider,
    tags: model.tags,
    price: model.price,
    billing_unit: model.billingUnit,
    plans: model.plans,
  };
}
