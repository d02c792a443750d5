/**
 * What a value shows in a notebook, said once and rendered as text and as HTML: a title, a short
 * table, the result files, a block of text, and notes. The layers that own a value build its view;
 * this module only renders it.
 * @module
 */
import type { EmbeddedMedia } from './media-loader.js';
import { escapeHtml, plainText } from './mime-bundle.js';

/** A result file to show: an image, a player, or a link. */
export interface ViewMedia {
  readonly url: string;
  readonly mediaType?: string;
}

export interface DisplayView {
  /** One line: what the value is. */
  readonly title: string;
  /** Label and value pairs, shown as a two-column table. */
  readonly rows: ReadonlyArray<readonly [label: string, value: string]>;
  /** Result files: embedded where they could be fetched, linked where not. */
  readonly media?: readonly ViewMedia[];
  /** A block of text (a chat answer, a transcript), shown as it is. */
  readonly text?: string;
  /** Lines under the table: what to do next, what was left out. */
  readonly notes?: readonly string[];
}

/** Characters of a text block shown; the rest is cut with a note (the value keeps all of it). */
const MAX_TEXT_CHARS = 4000;

function cut(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}… (${text.length - limit} more characters)`;
}

/** The view as plain text: short, readable in a terminal, a log or a notebook's text output. */
export function viewText(view: DisplayView): string {
  const width = Math.max(0, ...view.rows.map(([label]) => label.length));
  const lines = [plainText(view.title)];
  for (const [label, value] of view.rows) lines.push(`  ${label.padEnd(width)}  ${plainText(value)}`);
  for (const media of view.media ?? []) lines.push(`  ${plainText(media.url)}`);
  if (view.text !== undefined) lines.push('', cut(plainText(view.text), MAX_TEXT_CHARS / 4));
  for (const note of view.notes ?? []) lines.push(`  ${plainText(note)}`);
  return lines.join('\n');
}

function mediaHtml(media: ViewMedia, embedded: EmbeddedMedia | undefined): string {
  const type = embedded?.mediaType ?? media.mediaType ?? '';
  const source = escapeHtml(embedded ? `data:${embedded.mediaType};base64,${embedded.base64}` : media.url);
  // A file made in memory (a provider's) has a name, not an address to link.
  const link = /^https?:\/\//i.test(media.url)
    ? `<a href="${escapeHtml(media.url)}">${escapeHtml(media.url)}</a>`
    : '';
  if (type.startsWith('image/'))
    return `<div><img src="${source}" alt="${escapeHtml(media.url)}" style="max-width:100%;max-height:512px"><br>${link}</div>`;
  if (type.startsWith('audio/')) return `<div><audio controls src="${source}"></audio><br>${link}</div>`;
  if (type.startsWith('video/'))
    return `<div><video controls src="${source}" style="max-width:100%;max-height:512px"></video><br>${link}</div>`;
  return `<div>${link}</div>`;
}

/** The view as HTML, with the files embedded that `embedded` holds (by URL). */
export function viewHtml(view: DisplayView, embedded: ReadonlyMap<string, EmbeddedMedia>): string {
  const rows = view.rows
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:left">${escapeHtml(label)}</th><td style="text-align:left">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const parts = [`<div><strong>${escapeHtml(view.title)}</strong>`, `<table>${rows}</table>`];
  for (const media of view.media ?? []) parts.push(mediaHtml(media, embedded.get(media.url)));
  if (view.text !== undefined)
    parts.push(`<pre style="white-space:pre-wrap">${escapeHtml(cut(view.text, MAX_TEXT_CHARS))}</pre>`);
  for (const note of view.notes ?? []) parts.push(`<div><em>${escapeHtml(note)}</em></div>`);
  parts.push('</div>');
  return parts.join('');
}
