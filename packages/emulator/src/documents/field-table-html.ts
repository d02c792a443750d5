import { escapeHtml, htmlTable, inlineHtml } from './html.js';
import type { SchemaField } from './schema-fields.js';

/** Fields as an HTML table, or a sentence when there are none. */
export function fieldTableHtml(caption: string, fields: readonly SchemaField[]): string {
  if (fields.length === 0) return '';
  const rows = fields.map((field) => [
    `<code>${escapeHtml(field.name)}</code>`,
    escapeHtml(field.type),
    field.required ? 'yes' : 'no',
    inlineHtml(field.description),
  ]);
  return `<h4>${escapeHtml(caption)}</h4>\n${htmlTable(['Field', 'Type', 'Required', 'Description'], rows)}`;
}
