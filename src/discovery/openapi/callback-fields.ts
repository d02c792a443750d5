/**
 * The input fields an operation's document marks as callback addresses: the fields its OpenAPI
 * `callbacks` expressions read (`{$request.body#/callback_url}`, `{$request.query.notify}`), and
 * the properties marked `x-callback` or `x-webhook`. The name rules that apply to every document
 * (`webhook`, `callback_url`, ...) live with the calls (calls/callback-fields.ts).
 * @module
 */

import { isPlainObject } from './plain-object.js';

const MAX_FIELDS = 32;
/** A runtime expression that reads the request: `$request.body#/a/b`, `$request.query.name`. */
const REQUEST_EXPRESSION = /\$request\.(?:body#\/([^}/\s]+)|(?:query|header|path)\.([^}\s]+))/g;

function expressionFields(text: string, found: Set<string>) {
  for (const match of text.matchAll(REQUEST_EXPRESSION)) {
    const field = match[1] ?? match[2];
    if (field) found.add(field.replaceAll('~1', '/').replaceAll('~0', '~'));
  }
}

function markedProperties(schema: unknown, found: Set<string>) {
  if (!isPlainObject(schema) || !isPlainObject(schema.properties)) return;
  for (const [name, property] of Object.entries(schema.properties)) {
    if (isPlainObject(property) && (property['x-callback'] === true || property['x-webhook'] === true))
      found.add(name);
  }
}

/**
 * The callback fields `operation` (as published, references resolved) marks, in the order met.
 *
 * @example
 * markedCallbackFields({ callbacks: { done: { '{$request.body#/notify_to}': {} } } }); // ['notify_to']
 */
export function markedCallbackFields(operation: Record<string, unknown>): string[] {
  const found = new Set<string>();
  if (isPlainObject(operation.callbacks))
    for (const callback of Object.values(operation.callbacks))
      if (isPlainObject(callback))
        for (const expression of Object.keys(callback)) expressionFields(expression, found);
  if (Array.isArray(operation.parameters))
    for (const parameter of operation.parameters)
      if (
        isPlainObject(parameter) &&
        typeof parameter.name === 'string' &&
        (parameter['x-callback'] === true || parameter['x-webhook'] === true)
      )
        found.add(parameter.name);
  const body = isPlainObject(operation.requestBody) ? operation.requestBody.content : undefined;
  if (isPlainObject(body))
    for (const media of Object.values(body)) if (isPlainObject(media)) markedProperties(media.schema, found);
  return [...found].slice(0, MAX_FIELDS);
}
