/**
 * How many billing units a call uses, read from its arguments (and the schema's defaults for
 * those it leaves out). Only what the arguments say is counted: a quantity known only after the
 * call (the length of an uploaded recording) is unknown, with the reason.
 * @module
 */
import type { JsonSchema } from '../discovery/types.js';
import type { CountTokens } from '../tokens/token-counter.js';
import type { KnownBillingUnit } from './billing-unit.js';

/** The units counted, or why they cannot be. */
export type UnitCount = { readonly count: number; readonly what: string } | { readonly unknown: string };

export interface CountUnitsInput {
  readonly unit: KnownBillingUnit;
  /** The call's checked arguments. */
  readonly input: Readonly<Record<string, unknown>>;
  /** The operation's input schema: its defaults stand for arguments left out. */
  readonly schema: JsonSchema;
  readonly countTokens: CountTokens;
}

/** Counts past this are not a call anyone makes: the estimate says so rather than overflow. */
const MAX_UNITS = 1e9;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The argument, or the schema's default for it, when it is a finite number. */
function numberArgument(input: CountUnitsInput, name: string): number | undefined {
  const given = input.input[name];
  if (typeof given === 'number' && Number.isFinite(given)) return given;
  const properties = isRecord(input.schema.properties) ? input.schema.properties : {};
  const property = properties[name];
  const fallback = isRecord(property) ? property.default : undefined;
  return typeof fallback === 'number' && Number.isFinite(fallback) ? fallback : undefined;
}

const given = (input: CountUnitsInput, name: string) => typeof input.input[name] === 'number';

function plural(count: number, one: string, many = `${one}s`): string {
  return `${Number(count.toFixed(4))} ${count === 1 ? one : many}`;
}

/** Seconds of video: `duration`, else `num_frames` / `fps`, each from the arguments before defaults. */
function videoSeconds(input: CountUnitsInput): UnitCount {
  const duration = numberArgument(input, 'duration');
  const frames = numberArgument(input, 'num_frames');
  const fps = numberArgument(input, 'fps');
  const fromFrames = frames !== undefined && fps !== undefined && fps > 0 ? frames / fps : undefined;
  const byFrames = given(input, 'num_frames') || given(input, 'fps');
  const seconds = given(input, 'duration')
    ? duration
    : byFrames
      ? (fromFrames ?? duration)
      : (duration ?? fromFrames);
  if (seconds === undefined) return { unknown: 'the call does not say how long the video is' };
  return { count: seconds, what: plural(seconds, 'second') };
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map((block) => (isRecord(block) && typeof block.text === 'string' ? block.text : ''))
      .join('');
  return '';
}

/** Tokens of a chat: the messages (and system prompt) counted, plus `max_tokens` as the reply's bound. */
function chatTokens(input: CountUnitsInput): UnitCount {
  const messages = Array.isArray(input.input.messages) ? input.input.messages : [];
  const text = [
    textOf(input.input.system),
    ...messages.map((message) => (isRecord(message) ? textOf(message.content) : '')),
  ].join('\n');
  const prompt = input.countTokens(text);
  const reply = numberArgument(input, 'max_tokens');
  if (reply === undefined)
    return { unknown: 'no max_tokens bounds the reply, so its tokens cannot be known before the call' };
  return { count: prompt + reply, what: `${prompt} prompt tokens + up to ${reply} reply tokens` };
}

/** The text to be spoken: `prompt`, `text` or `input`, whichever the call gives. */
function characters(input: CountUnitsInput): UnitCount {
  const text = ['prompt', 'text', 'input']
    .map((name) => input.input[name])
    .find((value) => typeof value === 'string');
  if (typeof text !== 'string') return { unknown: 'the call gives no text to count the characters of' };
  const count = [...text].length;
  return { count, what: plural(count, 'character') };
}

function rawCount(input: CountUnitsInput): UnitCount {
  switch (input.unit.kind) {
    case 'image': {
      const samples = numberArgument(input, 'samples') ?? 1;
      return { count: samples, what: plural(samples, 'image') };
    }
    case 'video-second':
      return videoSeconds(input);
    case 'audio-minute':
    case 'audio-second': {
      const seconds = numberArgument(input, 'duration');
      if (seconds === undefined) return { unknown: 'the length of the audio is known only after the call' };
      return input.unit.kind === 'audio-minute'
        ? { count: seconds / 60, what: plural(seconds / 60, 'minute') }
        : { count: seconds, what: plural(seconds, 'second') };
    }
    case 'character':
      return characters(input);
    case 'token':
      return chatTokens(input);
    case 'request':
    case 'training-run':
    case 'output':
      return {
        count: 1,
        what: `1 ${input.unit.kind === 'training-run' ? 'training run' : input.unit.label}`,
      };
  }
}

/** The billing units a call uses, bounded: a negative or absurd count is unknown, never a price. */
export function countUnits(input: CountUnitsInput): UnitCount {
  const counted = rawCount(input);
  if ('unknown' in counted) return counted;
  if (!(counted.count >= 0 && counted.count <= MAX_UNITS))
    return { unknown: `the call asks for ${counted.what}, which is not a count that can be priced` };
  return counted;
}
