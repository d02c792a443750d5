import type { JSONValue, Tool } from 'ai';
import type { AISDKToolOutput } from './tool-output.js';

/** What `toModelOutput` hands the model (the SDK's ToolResultOutput, which `ai` does not export). */
export type ModelOutput = Awaited<ReturnType<NonNullable<Tool['toModelOutput']>>>;

/** Strings longer than this that look like inline bytes are left out of what the model reads. */
const INLINE_BYTES_MIN_CHARS = 512;
const BASE64 = /^[A-Za-z0-9+/=\s]+$/;

/**
 * The envelope as plain JSON, with anything that looks like inline bytes (a `data:` URL, a long
 * base64 run) replaced by a note: media reach the model as URLs with their media type, never as
 * bytes, whatever the service put in an answer's data.
 */
function compactJson(value: unknown): JSONValue {
  if (typeof value === 'string') {
    const inline =
      value.startsWith('data:') || (value.length >= INLINE_BYTES_MIN_CHARS && BASE64.test(value));
    return inline ? `(inline data left out: ${value.length} characters)` : value;
  }
  if (Array.isArray(value)) return value.map(compactJson);
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, field]) => field !== undefined);
    return Object.fromEntries(entries.map(([key, field]) => [key, compactJson(field)]));
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return (value ?? null) as JSONValue;
}

/**
 * What the model reads of a toolkit tool's result. A text answer with nothing else (a chat
 * completion, a transcript) is its text; a failure is `error-json`, so providers that mark failed
 * tool calls (Anthropic's `is_error`) do; everything else is the envelope as JSON: outputs as
 * URLs with media type and expiry, data already trimmed by the tool spec.
 */
export function toModelOutput(output: AISDKToolOutput): ModelOutput {
  if (output.status === 'error') return { type: 'error-json', value: compactJson(output) };
  if (
    output.status === 'success' &&
    output.text !== undefined &&
    output.outputs.length === 0 &&
    output.data === undefined
  )
    return { type: 'text', value: output.text };
  return { type: 'json', value: compactJson(output) };
}
