/**
 * Whether an answer of the real emulator refuses the request's form (its route, its body, its
 * query, its fields against the published schema) rather than its meaning (an id that does not
 * exist, a card that is declined, a webhook host that is not allowed). The second kind is the
 * service's business; the first must never happen to a request the toolkit sends.
 * @module
 */
import type { WireExchange } from './recording-transport.js';

/**
 * Rules of the emulator's handlers that no JSON Schema states, so that arguments valid against
 * the published schema can still break them; each is the service judging meaning, not form.
 */
const RULES_BEYOND_THE_SCHEMA: readonly RegExp[] = [
  // post_uploads publishes media_type as any string; the handler wants type/subtype.
  /media_type must be a media type/,
  // A payment method id that names nothing: the meaning of an id, as a 404 would be.
  /is neither a payment method of this account nor a test card token/,
  // A default model that is not in the catalogue: an id that names nothing.
  /default_model must be a model id of the catalogue/,
  // A rule between two fields (a range that ends before it starts), which JSON Schema cannot say.
  /from must not be later than to/,
  // The bytes of an upload: JSON Schema's contentEncoding is an annotation, never checked, and a
  // data URI's pattern can only say how it starts.
  /must be base64 \(standard alphabet/,
  /(base64|content) must not be empty/,
  /base64 must be a data URI/,
];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function messageOf(body: unknown): string {
  if (!isRecord(body)) return String(body);
  const error = body.error;
  if (isRecord(error) && typeof error.message === 'string') return error.message;
  return typeof body.message === 'string' ? body.message : JSON.stringify(body).slice(0, 300);
}

/** Control-plane codes that refuse a request's form. */
const FORM_CODES = new Set(['validation_error', 'invalid_json', 'payload_too_large', 'method_not_allowed']);

/** Why the emulator's answer refuses the request's form; undefined when it does not. */
export function formRefusal(exchange: WireExchange): string | undefined {
  const response = exchange.response;
  if (!response || response.status < 400) return undefined;
  const body = parse(response.body);
  const message = messageOf(body);
  const said = `${response.status} ${message.slice(0, 300)}`;
  if (response.status === 413 || response.status === 415 || response.status === 405) return said;
  if (response.status === 404 && /^There is no endpoint/.test(message)) return said;
  // Generation surfaces (and their OpenAI and Anthropic dialects) say what failed in the message.
  if (
    /^(Validation failed|Invalid query|The request body must be a JSON object|The request body is not valid JSON)/.test(
      message,
    )
  )
    return said;
  const code = isRecord(body) && isRecord(body.error) ? body.error.code : undefined;
  if (
    typeof code === 'string' &&
    FORM_CODES.has(code) &&
    !RULES_BEYOND_THE_SCHEMA.some((rule) => rule.test(message))
  )
    return said;
  return undefined;
}
