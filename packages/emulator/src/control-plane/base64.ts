const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Bytes that base64 `text` decodes to, computed without decoding (exact for strict base64). */
export function decodedSize(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor(text.length / 4) * 3 - padding);
}

/** Whether `text` is strict base64; Buffer.from would silently skip bad characters instead. */
export function isStrictBase64(text: string): boolean {
  return text.length % 4 === 0 && BASE64.test(text);
}

const DATA_URI =
  /^data:([a-z0-9!#$&^_.+-]{1,127}\/[a-z0-9!#$&^_.+-]{1,127})((?:;[a-z0-9_.-]+=[^;,]*)*);base64,(.*)$/is;

/** The media type and base64 payload of a `data:<type>;base64,<data>` URI, or undefined. */
export function parseDataUri(uri: string): { mediaType: string; data: string } | undefined {
  const match = DATA_URI.exec(uri);
  if (!match) return undefined;
  return { mediaType: (match[1] ?? '').toLowerCase(), data: match[3] ?? '' };
}
