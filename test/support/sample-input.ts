/**
 * A valid sample value for a JSON Schema: required properties only, the smallest values that
 * satisfy the bounds. Enough to exercise every operation of a document without hand-writing inputs.
 */
export function sampleFor(schema: Record<string, unknown>, name = ''): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((value) => value !== null) ?? schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variants = (schema.oneOf ?? schema.anyOf) as Record<string, unknown>[] | undefined;
  if (variants?.[0]) return sampleFor(variants[0], name);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.find((t) => t !== 'null') ?? 'string';
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(
        required
          .filter((key) => properties[key])
          .map((key) => [key, sampleFor(properties[key] as Record<string, unknown>, key)]),
      );
    }
    case 'array': {
      const count = typeof schema.minItems === 'number' ? schema.minItems : 1;
      const items = (schema.items ?? { type: 'string' }) as Record<string, unknown>;
      return Array.from({ length: count }, () => sampleFor(items, name));
    }
    case 'integer':
    case 'number': {
      const minimum = typeof schema.minimum === 'number' ? schema.minimum : undefined;
      const exclusive = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
      if (minimum !== undefined) return minimum;
      if (exclusive !== undefined) return type === 'integer' ? exclusive + 1 : exclusive + 0.0001;
      return 1;
    }
    case 'boolean':
      return false;
    default: {
      if (schema.format === 'uri') return 'https://example.com/input.png';
      if (schema.contentEncoding === 'base64') return 'iVBORw0KGgo=';
      if (typeof schema.pattern === 'string' && schema.pattern.startsWith('^data:')) {
        return 'data:image/png;base64,iVBORw0KGgo=';
      }
      if (schema.format === 'email') return 'someone@example.com';
      if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
      if (name === 'role') return 'user';
      // A model of the emulator's feed: it refuses ids it does not know, as production does.
      if (name === 'model_id' || name === 'base_model') return 'flux-dev';
      const minLength = typeof schema.minLength === 'number' ? schema.minLength : 1;
      const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
      return 'a red bicycle in the rain'.padEnd(minLength, '.').slice(0, maxLength);
    }
  }
}
