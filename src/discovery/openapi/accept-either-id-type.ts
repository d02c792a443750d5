/**
 * Fetch operations take the queued id as the queued answer gave it.
 * @module
 */

import type { AsyncBehaviour, OperationInput } from '../types.js';
import { isPlainObject } from './plain-object.js';

const ID_TYPES = ['integer', 'string'];

/**
 * Widens the type of a fetch operation's id field (path parameter or `request_id`) to accept both
 * an integer and a string: the service gives ids as integers in some documents and strings in
 * others, and the id must be sent back as received (service-facts.md). An integer id given as
 * text must still be all digits. Changes `input` (a fresh copy) in place.
 */
export function acceptEitherIdType(
  input: OperationInput,
  takesId: Pick<AsyncBehaviour, 'fetchStyle' | 'idField'>,
): void {
  if (takesId.fetchStyle === 'unknown' || takesId.idField === undefined) return;
  const wireNames = input.wireNames ?? {};
  const property = Object.keys(input.locations).find(
    (name) =>
      input.locations[name] === takesId.fetchStyle &&
      (Object.hasOwn(wireNames, name) ? wireNames[name] : name) === takesId.idField,
  );
  const properties = input.schema.properties;
  if (property === undefined || !isPlainObject(properties)) return;
  const schema = properties[property];
  if (!isPlainObject(schema)) return;
  const types = Array.isArray(schema.type)
    ? (schema.type as string[])
    : typeof schema.type === 'string'
      ? [schema.type]
      : [];
  if (!types.some((type) => ID_TYPES.includes(type))) return;
  const wasInteger = types.includes('integer') && !types.includes('string');
  schema.type = [...new Set([...types, ...ID_TYPES])];
  if (wasInteger && schema.pattern === undefined) schema.pattern = '^-?[0-9]+$';
}
