import type { JsonSchema } from '../catalogue/types.js';
import { isRecord } from '../http/body.js';

const NUMERIC = /^-?\d+(\.\d+)?$/;

function coerceValue(schema: JsonSchema, value: unknown): unknown {
  const type = schema.type;
  const types = Array.isArray(type) ? type : [type];
  // A string is only read as a number where a string is not accepted as it is ("2.5" is a valid
  // voice name where voice_id takes an integer or a string).
  if (
    typeof value === 'string' &&
    !types.includes('string') &&
    (types.includes('integer') || types.includes('number')) &&
    NUMERIC.test(value.trim())
  ) {
    return Number(value.trim());
  }
  if (typeof value === 'string' && types.includes('boolean')) {
    const lowered = value.trim().toLowerCase();
    if (lowered === 'yes' || lowered === 'true') return true;
    if (lowered === 'no' || lowered === 'false') return false;
  }
  if (
    typeof value === 'number' &&
    types.includes('string') &&
    !types.includes('number') &&
    !types.includes('integer')
  ) {
    // Ids come back as integers from some families and are sent back as received.
    return String(value);
  }
  if (typeof value === 'boolean' && Array.isArray(schema.enum) && schema.enum.includes('yes')) {
    return value ? 'yes' : 'no';
  }
  return value;
}

/**
 * v6 is lenient as production is: numbers may come as strings ("512"), ids as numbers, and flags
 * as yes/no. This
 * turns such values into what the schema says, so validation judges the meaning, not the spelling.
 */
export function coerceLegacyBody(schema: JsonSchema, body: unknown): unknown {
  if (!isRecord(body) || !isRecord(schema.properties)) return body;
  const properties = schema.properties as Record<string, JsonSchema>;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    const property = properties[name];
    out[name] = property ? coerceValue(property, value) : value;
  }
  return out;
}

/** Query strings carry text; turn numeric text into numbers where the schema wants them. */
export function coerceQuery(schema: JsonSchema, query: Record<string, string>): Record<string, unknown> {
  const properties = (isRecord(schema.properties) ? schema.properties : {}) as Record<string, JsonSchema>;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) {
    const property = properties[name];
    out[name] = property ? coerceValue(property, value) : value;
  }
  return out;
}
