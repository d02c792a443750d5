/**
 * The targets of a `Link` field (RFC 8288) with a given relation, e.g. the deprecation policy
 * (`rel="deprecation"`, RFC 9745) or the sunset notice (`rel="sunset"`, RFC 8594).
 *
 * The field is the service's text: it is read in one pass, each character looked at a bounded
 * number of times, so a field of 16,000 `<` costs what its length says (an expression with
 * `[^>]*` after each `<` read the rest of the field once per `<`).
 * @module
 */

const REL_PARAMETER = /^\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i;

/**
 * Calls `visit` with each link value of `field` (its target and the text of its parameters), in
 * one left-to-right pass.
 */
function eachLinkValue(field: string, visit: (target: string, parameters: string) => void): void {
  let index = 0;
  while (index < field.length) {
    const open = field.indexOf('<', index);
    if (open === -1) return;
    const close = field.indexOf('>', open + 1);
    if (close === -1) return;
    // `<<<x>`: only the last `<` before the `>` opens the target; the ones before it are noise.
    const nested = field.lastIndexOf('<', close);
    // Parameters run to the next `,` outside quotes, or to the next `<`.
    let end = close + 1;
    let quoted = false;
    for (; end < field.length; end += 1) {
      const character = field.charCodeAt(end);
      if (character === QUOTE) quoted = !quoted;
      else if (!quoted && (character === COMMA || character === LESS_THAN)) break;
    }
    if (end > close + 1) visit(field.slice(nested + 1, close), field.slice(close + 1, end));
    index = end;
  }
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const LESS_THAN = 0x3c;

/** The relations a link value's parameters name in `rel` (lower case). */
function relationsOf(parameters: string): string[] {
  for (const parameter of parameters.split(';')) {
    const rel = REL_PARAMETER.exec(parameter);
    if (rel) return (rel[1] ?? rel[2] ?? '').toLowerCase().split(/\s+/);
  }
  return [];
}

/** Every target URL in `value` whose `rel` includes `relation` (case-insensitive). */
export function linksWithRelation(value: string | null | undefined, relation: string): string[] {
  if (!value) return [];
  const wanted = relation.toLowerCase();
  const targets: string[] = [];
  eachLinkValue(value, (target, parameters) => {
    if (target && relationsOf(parameters).includes(wanted)) targets.push(target);
  });
  return targets;
}
