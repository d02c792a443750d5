/**
 * The targets of a `Link` field (RFC 8288) with a given relation, e.g. the deprecation policy
 * (`rel="deprecation"`, RFC 9745) or the sunset notice (`rel="sunset"`, RFC 8594).
 *
 * The field is the service's text: it is read in one pass, each character looked at a bounded
 * number of times, so a field of 16,000 `<` costs what its length says (an expression with
 * `[^>]*` after each `<` read the rest of the field once per `<`).
 * @module
 */

/**
 * Calls `visit` with each link value of `field` (its target and the text of its parameters), in
 * one left-to-right pass.
 */
function eachLinkValue(
  field: string,
  visit: (target: { start: number; end: number }, parameters: { start: number; end: number }) => void,
): void {
  let index = 0;
  while (index < field.length) {
    const open = field.indexOf('<', index);
    if (open === -1) return;
    const close = field.indexOf('>', open + 1);
    if (close === -1) return;
    // `<<<x>`: only the last `<` before the `>` opens the target; the ones before it are noise.
    // A bounded walk back to `open`, not lastIndexOf, which costs far more than the distance on a long field.
    let nested = open;
    for (let at = close - 1; at > open; at -= 1) {
      if (field.charCodeAt(at) === LESS_THAN) {
        nested = at;
        break;
      }
    }
    // Parameters run to the next `,` outside quotes, or to the next `<`.
    let end = close + 1;
    let quoted = false;
    for (; end < field.length; end += 1) {
      const character = field.charCodeAt(end);
      if (character === QUOTE) quoted = !quoted;
      else if (!quoted && (character === COMMA || character === LESS_THAN)) break;
    }
    if (end > close + 1) visit({ start: nested + 1, end: close }, { start: close + 1, end });
    index = end;
  }
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const LESS_THAN = 0x3c;

/** Whether the character code is white space as a header field has it (space, tab, line breaks). */
function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/** The index of the first character at or after `at` that is not white space. */
function skipSpaces(text: string, at: number): number {
  let index = at;
  while (index < text.length && isSpace(text.charCodeAt(index))) index += 1;
  return index;
}

/** Whether `text` holds `rel` (any case) at `at`. */
function relAt(text: string, at: number): boolean {
  return (
    (text.charCodeAt(at) | 0x20) === 0x72 &&
    (text.charCodeAt(at + 1) | 0x20) === 0x65 &&
    (text.charCodeAt(at + 2) | 0x20) === 0x6c
  );
}

/**
 * The relations a link value's parameters name in `rel` (lower case): looked for after each `;`,
 * character by character, without cutting the parameters into pieces or running an expression
 * at each place (both cost more than their share on a field of thousands of `;`).
 */
function relationsOf(parameters: string, from: number, to: number): string[] {
  for (let at = from; at < to; at += 1) {
    // A bounded walk, not indexOf: that would search past `to`, to the end of the field, once per link.
    if (parameters.charCodeAt(at) !== 0x3b) continue;
    const name = skipSpaces(parameters, at + 1);
    if (!relAt(parameters, name)) continue;
    const equals = skipSpaces(parameters, name + 3);
    if (parameters.charCodeAt(equals) !== 0x3d) continue;
    const start = skipSpaces(parameters, equals + 1);
    let value: string;
    if (parameters.charCodeAt(start) === QUOTE) {
      const close = parameters.indexOf('"', start + 1);
      value = parameters.slice(start + 1, close === -1 || close > to ? to : close);
    } else {
      let end = start;
      for (; end < to; end += 1) {
        const code = parameters.charCodeAt(end);
        if (isSpace(code) || code === 0x3b || code === COMMA) break;
      }
      value = parameters.slice(start, end);
    }
    return value.toLowerCase().split(/\s+/);
  }
  return [];
}

/** Every target URL in `value` whose `rel` includes `relation` (case-insensitive). */
export function linksWithRelation(value: string | null | undefined, relation: string): string[] {
  if (!value) return [];
  const wanted = relation.toLowerCase();
  const targets: string[] = [];
  eachLinkValue(value, (target, parameters) => {
    if (target.end > target.start && relationsOf(value, parameters.start, parameters.end).includes(wanted))
      targets.push(value.slice(target.start, target.end));
  });
  return targets;
}
