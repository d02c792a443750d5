/**
 * Which discovered operations serve which kind of model. Decided from what discovery says of an
 * operation (category, path, whether it queues, its input fields), so that an operation the
 * service adds tomorrow becomes a model without a release.
 * @module
 */
import type { NoSuchModelError } from '@ai-sdk/provider';
import type { Operation } from '../discovery/index.js';
import { hasInput, isRequired } from './operation-input.js';

export type GenerationModelKind = 'image' | 'speech' | 'transcription' | 'video';

export interface KindRule {
  /** For messages: "image", "speech"... */
  readonly label: string;
  readonly modelType: NoSuchModelError['modelType'];
  /** Whether `operation` can serve a model of this kind. */
  matches(operation: Operation): boolean;
  /** Categories of the model feed whose models run on this kind's operations (through `model_id`). */
  readonly catalogueCategories: readonly string[];
  /** The task a bare catalogue model id runs: the last path segment of the default operation. */
  readonly defaultTask?: RegExp;
}

const generates = (operation: Operation) => operation.async !== undefined && !operation.isFetch;

const TRANSCRIPTION = /speech[-_]to[-_]text|transcri/i;

export const KIND_RULES: Readonly<Record<GenerationModelKind, KindRule>> = {
  image: {
    label: 'image',
    modelType: 'imageModel',
    matches: (operation) =>
      generates(operation) && (operation.category === 'image' || operation.category === 'image-editing'),
    catalogueCategories: ['image'],
    defaultTask: /^(text-to-image|text2img)$/,
  },
  speech: {
    label: 'speech',
    modelType: 'speechModel',
    matches: (operation) =>
      generates(operation) &&
      operation.category === 'audio' &&
      hasInput(operation, 'prompt') &&
      !isRequired(operation, 'init_audio') &&
      !TRANSCRIPTION.test(operation.path),
    catalogueCategories: [],
  },
  transcription: {
    label: 'transcription',
    modelType: 'transcriptionModel',
    matches: (operation) =>
      generates(operation) &&
      operation.category === 'audio' &&
      TRANSCRIPTION.test(operation.path) &&
      hasInput(operation, 'init_audio'),
    catalogueCategories: [],
  },
  video: {
    label: 'video',
    modelType: 'videoModel',
    matches: (operation) => generates(operation) && operation.category === 'video',
    catalogueCategories: ['video'],
    defaultTask: /^(text-to-video|text2video)$/,
  },
};

/** Versions in the order a default is chosen: v7 first, as the service's current generation. */
export function versionRank(operation: Operation): number {
  const order = ['v7', 'v8', 'v6'];
  const index = order.indexOf(operation.version ?? '');
  return index === -1 ? order.length : index;
}
