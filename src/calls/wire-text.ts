/** A parameter's value as the text that goes on the wire: a string as it is, anything else as JSON. */
export function wireText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
