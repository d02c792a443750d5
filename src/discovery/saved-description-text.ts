/**
 * The text form of a saved description (issue 25, cold start): the same data as the JSON of
 * `save()`, laid out so that loading parses only a small header. The first line names the form and
 * its format; the second is the header, every part of the description as JSON but the operations'
 * texts and the schemas, which it lists as ids and a count; then one line per operation's JSON
 * text, then one line per schema's. JSON text never holds a line break, so each line is one value,
 * found by splitting, and decoded only when it is used.
 * @module
 */
import { damagedDescription as damaged, refuseNewerFormat, SAVED_FORMAT } from './saved-format.js';
import type { SavedServiceDescription } from './service-description.js';

/** What the first line of the text form starts with, before its format. */
export const TEXT_FORM_NAME = 'generation-agent-toolkit service description';

/** The text form of `saved`. */
export function savedDescriptionText(saved: SavedServiceDescription): string {
  const { operations, schemas, ...rest } = saved;
  const header = { ...rest, operations: operations.map(([id]) => id), schemas: schemas.length };
  return [
    `${TEXT_FORM_NAME} ${saved.snapshotVersion}`,
    JSON.stringify(header),
    ...operations.map(([, text]) => text),
    ...schemas,
  ].join('\n');
}

/**
 * The saved description a text form holds, its operations and schemas still text; undefined when
 * `text` is not the text form. A newer format, or a text form that is damaged, throws a
 * {@link UsageError} that says what to do.
 */
export function savedFromText(text: string): SavedServiceDescription | undefined {
  if (!text.startsWith(TEXT_FORM_NAME)) return undefined;
  const lines = text.split('\n');
  const format = Number((lines[0] as string).slice(TEXT_FORM_NAME.length).trim());
  refuseNewerFormat(format);
  if (format !== SAVED_FORMAT) throw damaged(`its first line names no format this version writes`);
  let header: Record<string, unknown> | null;
  try {
    header = JSON.parse(lines[1] ?? '') as Record<string, unknown> | null;
  } catch {
    throw damaged('its header is not JSON');
  }
  const ids = header?.operations;
  const schemaCount = header?.schemas;
  if (
    !Array.isArray(ids) ||
    !ids.every((id) => typeof id === 'string') ||
    typeof schemaCount !== 'number' ||
    !Number.isInteger(schemaCount) ||
    schemaCount < 0
  )
    throw damaged('its header lists no operations or schemas');
  // A text written on one system and read on another may end with a line break; nothing else.
  if (lines.at(-1)?.trim() === '' && lines.length === ids.length + schemaCount + 3) lines.pop();
  if (lines.length !== ids.length + schemaCount + 2)
    throw damaged('it has more or fewer lines than its header lists');
  const operations = ids.map((id, index) => [id, lines[index + 2] as string] as const);
  const schemas = lines.slice(ids.length + 2);
  return {
    ...header,
    snapshotVersion: SAVED_FORMAT,
    operations,
    schemas,
  } as unknown as SavedServiceDescription;
}
