import type { JsonSchema } from '../catalogue/types.js';

/** One property of an object schema, as the runbook and the reference pages list it. */
export interface SchemaField {
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  readonly description: string;
}

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A short human label of a schema's type: `string`, `array of string`, `integer or null`, `Wallet`. */
export function typeLabel(schema: JsonSchema): string {
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop() ?? 'object';
  const alternatives = (schema.oneOf ?? schema.anyOf) as unknown;
  if (Array.isArray(alternatives)) return alternatives.filter(isSchema).map(typeLabel).join(' or ');
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [String(schema.type ?? 'any')];
  return types
    .map((type) =>
      type === 'array' && isSchema(schema.items) ? `array of ${typeLabel(schema.items)}` : type,
    )
    .join(' or ');
}

/** The schema's description, completed with the constraints a caller needs: allowed values, range, format, default. */
export function describeSchema(schema: JsonSchema): string {
  const parts: string[] = [];
  if (typeof schema.description === 'string') parts.push(schema.description);
  const values = Array.isArray(schema.enum)
    ? schema.enum
    : isSchema(schema.items)
      ? schema.items.enum
      : undefined;
  if (Array.isArray(values)) parts.push(`One of: ${values.map(String).join(', ')}.`);
  const { minimum, maximum } = schema;
  if (typeof minimum === 'number' && minimum === maximum) parts.push(`Exactly ${minimum}.`);
  else if (typeof minimum === 'number' && typeof maximum === 'number')
    parts.push(`From ${minimum} to ${maximum}.`);
  else if (typeof minimum === 'number') parts.push(`At least ${minimum}.`);
  else if (typeof maximum === 'number') parts.push(`At most ${maximum}.`);
  if (typeof schema.format === 'string') parts.push(`Format: ${schema.format}.`);
  if (schema.default !== undefined) parts.push(`Default: ${JSON.stringify(schema.default)}.`);
  return parts.join(' ');
}

/** The properties of an object schema in declaration order, with whether each is required. */
export function schemaFields(schema: JsonSchema | undefined): SchemaField[] {
  if (!schema || !isSchema(schema.properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(schema.properties)
    .filter((entry): entry is [string, JsonSchema] => isSchema(entry[1]))
    .map(([name, property]) => ({
      name,
      type: typeLabel(property),
      required: required.has(name),
      description: describeSchema(property),
    }));
}
