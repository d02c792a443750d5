/**
 * A value's look in a notebook, as kernels take it: one Jupyter MIME bundle (plain text for
 * terminals and logs, HTML for the notebook page, and the media itself where there is one).
 * @module
 */

/**
 * What a Jupyter kernel shows for a value: each key a media type, each value its rendering (text,
 * or base64 for binary media).
 */
export type MimeBundle = { readonly 'text/plain': string } & Readonly<Record<string, string>>;

/** Plain text with terminal codes and other control characters taken out (a notebook shows them raw). */
export function plainText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return text.replace(/\u001b\[[0-?]*[ -/]*[@-~]/g, '').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
}

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe to put in HTML, between tags or in a quoted attribute. */
export function escapeHtml(text: string): string {
  return plainText(text).replace(/[&<>"']/g, (character) => HTML_ENTITIES[character] ?? character);
}
