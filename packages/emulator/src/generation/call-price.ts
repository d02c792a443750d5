/**
 * What a generation call is charged, by the model feed: the named model's price times the units
 * its billing unit counts in the call, nothing when the account's plan covers the model. A call
 * naming no model, a model the feed lists without a price, or a unit the call does not state is
 * charged the operation's own price per call (per image for images), as before the feed.
 * @module
 */
import { FIELDS } from '../catalogue/fields.js';
import type { GenerationOperation } from '../catalogue/types.js';
import { findModel } from '../models.js';
import { type Micros, toMicros } from '../money.js';
import { activePlan } from '../plans.js';
import type { Account } from '../state/records.js';
import { countTokens } from './llm.js';

const numberOf = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** The default the published schema gives a field the operation takes, if it takes it. */
function publishedDefault(operation: GenerationOperation, names: readonly string[]): number | undefined {
  const fields = [...operation.required, ...operation.optional];
  const name = names.find((candidate) => fields.includes(candidate));
  const field = name ? (FIELDS as Record<string, { default?: unknown }>)[name] : undefined;
  return numberOf(field?.default);
}

/** Seconds of video the call asks for: its duration, else its frames at its rate, else the defaults. */
function videoSeconds(operation: GenerationOperation, input: Record<string, unknown>): number | undefined {
  const duration = numberOf(input.duration);
  if (duration !== undefined) return duration;
  const frames = numberOf(input.num_frames) ?? publishedDefault(operation, ['num_frames']);
  const fps = numberOf(input.fps) ?? publishedDefault(operation, ['fps']);
  const fromFrames = frames !== undefined && fps ? frames / fps : undefined;
  if (input.num_frames !== undefined || input.fps !== undefined) return fromFrames;
  return publishedDefault(operation, ['duration@video', 'duration']) ?? fromFrames;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block) => (typeof block === 'object' && block && 'text' in block ? String(block.text) : ''))
    .join('');
}

/** Tokens a chat is charged: its prompt and the reply's bound (`max_tokens`). */
function chatTokens(input: Record<string, unknown>): number | undefined {
  const maxTokens = numberOf(input.max_tokens);
  if (maxTokens === undefined) return undefined;
  const messages = Array.isArray(input.messages) ? input.messages : [];
  const text = [
    textOf(input.system),
    ...messages.map((message) => textOf((message as { content?: unknown } | null)?.content)),
  ].join('\n');
  return countTokens(text) + maxTokens;
}

/** Units of `billingUnit` in the call; undefined when the call does not state them. */
function unitsOf(
  billingUnit: string,
  operation: GenerationOperation,
  input: Record<string, unknown>,
): number | undefined {
  switch (billingUnit) {
    case 'image':
      return numberOf(input.samples) ?? 1;
    case 'second of video':
      return videoSeconds(operation, input);
    case 'minute of audio': {
      const seconds = numberOf(input.duration);
      return seconds === undefined ? undefined : seconds / 60;
    }
    case '1K characters':
      return typeof input.prompt === 'string' ? [...input.prompt].length / 1000 : undefined;
    case '1K tokens': {
      const tokens = chatTokens(input);
      return tokens === undefined ? undefined : tokens / 1000;
    }
    case 'request':
    case 'model':
    case 'training run':
      return 1;
    default:
      return undefined;
  }
}

/** The operation's own price: per call, per image for images. */
function perCallPrice(operation: GenerationOperation, input: Record<string, unknown>): Micros {
  const samples = operation.result === 'image' ? (numberOf(input.samples) ?? 1) : 1;
  return toMicros(operation.price * samples);
}

/** What the call is charged, in micros. */
export function callPrice(
  operation: GenerationOperation,
  account: Account,
  input: Record<string, unknown>,
): Micros {
  if (operation.price <= 0) return toMicros(0);
  const modelId = input.model_id ?? input.model;
  const model = typeof modelId === 'string' ? findModel(modelId) : undefined;
  if (!model || model.price === null) return perCallPrice(operation, input);
  const plan = activePlan(account);
  if (plan && model.plans.includes(plan.id)) return toMicros(0);
  const units = unitsOf(model.billingUnit, operation, input);
  return units === undefined ? perCallPrice(operation, input) : toMicros(model.price * units);
}
